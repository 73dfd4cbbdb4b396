import type { Migration } from './index.js';

// Idempotency-Key records (contract §3): one per partner and key, holding the request's
// fingerprint and, once answered, the stored response that a retry replays.
export const m011Idempotency: Migration = {
  version: 11,
  name: 'idempotency keys',
  sql: `
    CREATE TABLE idempotency_keys (
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      body_hash TEXT,
      state TEXT NOT NULL,
      status_code INTEGER,
      content_type TEXT,
      response_body BLOB,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (scope, key)
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
  `,
};
