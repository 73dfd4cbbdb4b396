// What the sign-in throttle remembers per key (an email, a client id, an address): how many
// failures since the last success, when the last one was, and until when the key is locked.
import type { Db } from './db.js';

export interface ThrottleState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

export class SignInThrottleRepository {
  constructor(private readonly db: Db) {}

  get(key: string): ThrottleState | null {
    const row = this.db
      .prepare('SELECT failures, last_failure_at, locked_until FROM sign_in_throttle WHERE key = ?')
      .get(key) as Row | undefined;
    return row
      ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until }
      : null;
  }

  put(key: string, state: ThrottleState): void {
    this.db
      .prepare(
        `INSERT INTO sign_in_throttle (key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET failures = excluded.failures,
           last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
      )
      .run(key, state.failures, state.lastFailureAt, state.lockedUntil);
  }

  /** True when the key had failures or a lock. */
  clear(key: string): boolean {
    return this.db.prepare('DELETE FROM sign_in_throttle WHERE key = ?').run(key).changes > 0;
  }

  /** Keys whose last failure is older than `before` and that are not locked any more. */
  forgetOlderThan(before: number, now: number): void {
    this.db
      .prepare(
        'DELETE FROM sign_in_throttle WHERE last_failure_at < ? AND (locked_until IS NULL OR locked_until <= ?)',
      )
      .run(before, now);
  }
}
