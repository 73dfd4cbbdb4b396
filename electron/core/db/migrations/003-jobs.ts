// The persisted sync queue. A job is written in the same transaction as the user's change it sends
// and deleted only after the service's answer is recorded. `maybe_sent` marks an attempt whose
// request may have reached the service, so its outcome is reconciled before anything is sent again.
export const m003Jobs = {
  version: 3,
  name: 'sync jobs',
  sql: `
    CREATE TABLE jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('ready', 'running', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      idempotency_key TEXT NOT NULL,
      maybe_sent INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      error_permanent INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    );
    CREATE INDEX jobs_case ON jobs(case_id);
  `,
} as const;
