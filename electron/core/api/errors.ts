// Every failure of a call to the service, sorted by what the queue may do next. The class decides
// retry, reconcile, park or stop; the message is what a person reads (never a token or a secret).
import { isAxiosError, type AxiosError } from 'axios';
import { ErrorBodySchema, UploadErrorBodySchema } from '../../../shared/api/index.js';
import { inScreenWords } from '../../../shared/domain/field-labels.js';

export type FailureKind =
  /** The request never left (connection refused, DNS): safe to send again. */
  | 'not-sent'
  /** The request may have reached the service (reset, timeout): find out before sending again. */
  | 'outcome-unknown'
  /** The service answered "try later": 5xx, 429, 408, 409 while the same key is in progress. */
  | 'retryable'
  /** 401 after one refresh, or the credentials were refused. */
  | 'needs-sign-in'
  /** Any other 4xx: sending it again gives the same answer. */
  | 'permanent';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number | null = null,
    /** From Retry-After, in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  /** True when the failure says nothing about the service being unreachable. */
  get reachedService(): boolean {
    return this.status !== null;
  }
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ERR_INVALID_URL',
]);

/** Reads Retry-After: delta seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The service's own words for a failure, from either published error shape. */
export function serviceMessage(status: number, data: unknown): string {
  const body = ErrorBodySchema.safeParse(data);
  if (body.success) return body.data.message;
  const upload = UploadErrorBodySchema.safeParse(data);
  if (upload.success)
    return upload.data.details ? `${upload.data.error}: ${upload.data.details}` : upload.data.error;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
    return data.message;
  return `The service answered ${status}`;
}

export function classifyStatus(status: number, data: unknown, retryAfter: unknown): ApiError {
  // A person reads it (a stopped case, a failed item): the service's field names become the labels.
  const message = inScreenWords(serviceMessage(status, data));
  const wait = parseRetryAfter(retryAfter);
  if (status === 401)
    return new ApiError(
      'needs-sign-in',
      'The service no longer accepts this sign-in. Sign in again.',
      status,
    );
  if (status === 429 || status === 408 || status >= 500)
    return new ApiError('retryable', message, status, wait);
  // 409 "in progress" is the Idempotency-Key draft's answer to a retry racing its first attempt.
  if (status === 409 && /in progress|being processed|already processing/i.test(message)) {
    return new ApiError('retryable', message, status, wait);
  }
  return new ApiError('permanent', message, status);
}

/** Sorts any thrown value from axios (or a stream) into one of the failure kinds. */
export function classifyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const axiosError = error as AxiosError;
    if (axiosError.response) {
      return classifyStatus(
        axiosError.response.status,
        axiosError.response.data,
        axiosError.response.headers['retry-after'],
      );
    }
    const code = axiosError.code ?? (axiosError.cause as NodeJS.ErrnoException | undefined)?.code ?? '';
    if (NOT_SENT_CODES.has(code)) return new ApiError('not-sent', 'The service cannot be reached');
    return new ApiError('outcome-unknown', 'The connection was lost before the service answered');
  }
  // A streamed upload's TransportError carries a code too (streamed-request.ts).
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && NOT_SENT_CODES.has(code)) return new ApiError('not-sent', 'The service cannot be reached');
  if (code) return new ApiError('outcome-unknown', 'The connection was lost before the service answered');
  return new ApiError('permanent', error instanceof Error ? error.message : String(error));
}

/** The answer did not match the published shape: sending again will not help. */
export function unexpectedAnswer(what: string, issues: string): ApiError {
  return new ApiError('permanent', `The service's answer to ${what} was not understood (${issues})`);
}
