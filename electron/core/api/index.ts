export { ServiceClient, type UploadFile, type MutationOptions, type UploadOptions } from './client.js';
export { Http, type TokenSource, type ReachabilityListener } from './http.js';
export { ApiError, classifyError, classifyStatus, parseRetryAfter, type FailureKind } from './errors.js';
