export * from './contract.js';
export * from './errors.js';
export * from './model.js';
export * from './wire.js';
export * from './bridge.js';
export * from './service-endpoint.js';
export * from './scanning.js';
export * from './form-drafts.js';
