export * from './types.js';
export * from './risk.js';
export * from './documents.js';
export * from './organigram.js';
export * from './workflow.js';
export * from './sa-id.js';
export * from './registration-number.js';
