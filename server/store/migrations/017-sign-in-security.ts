import type { Migration } from './index.js';

// Failed sign-ins (staff at the sign-in form, partners' clients at the token endpoint) are counted
// per key (an email, a client id, an address) to slow guessing down and lock an account; every
// failure, wait, lock and unlock is kept in the security audit.
export const m017SignInSecurity: Migration = {
  version: 17,
  name: 'sign-in throttle and security audit',
  sql: `
    CREATE TABLE sign_in_throttle (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      last_failure_at INTEGER NOT NULL,
      locked_until INTEGER
    );
    CREATE INDEX sign_in_throttle_last_failure ON sign_in_throttle(last_failure_at);
    CREATE TABLE security_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at INTEGER NOT NULL,
      event TEXT NOT NULL,
      subject TEXT NOT NULL,
      address TEXT,
      detail TEXT NOT NULL
    );
  `,
};
