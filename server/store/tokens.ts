// Access tokens: only their hash is stored (contract §1).
import type { Db } from './db.js';
import { systemClock, type Clock } from '../clock.js';
import { hashSecret, randomToken } from '../auth/secrets.js';

export class TokenRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  issue(partnerId: string, ttlSeconds: number, now = this.clock()): string {
    const token = randomToken(32);
    this.db
      .prepare('INSERT INTO access_tokens (token_hash, partner_id, expires_at) VALUES (?, ?, ?)')
      .run(hashSecret(token), partnerId, now + ttlSeconds * 1000);
    return token;
  }

  /** The partner a live token belongs to, or undefined when it is unknown, expired or revoked. */
  partnerFor(token: string, now = this.clock()): string | undefined {
    const row = this.db
      .prepare('SELECT partner_id, expires_at, revoked_at FROM access_tokens WHERE token_hash = ?')
      .get(hashSecret(token)) as
      { partner_id: string; expires_at: number; revoked_at: number | null } | undefined;
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    return row.partner_id;
  }

  revoke(token: string, now = this.clock()): void {
    this.db
      .prepare('UPDATE access_tokens SET revoked_at = ? WHERE token_hash = ?')
      .run(now, hashSecret(token));
  }

  revokeAllFor(partnerId: string, now = this.clock()): void {
    this.db
      .prepare('UPDATE access_tokens SET revoked_at = ? WHERE partner_id = ? AND revoked_at IS NULL')
      .run(now, partnerId);
  }

  /** Test and maintenance hook: moves a token's expiry so expiry can be checked without waiting. */
  expire(token: string, now = this.clock()): void {
    this.db
      .prepare('UPDATE access_tokens SET expires_at = ? WHERE token_hash = ?')
      .run(now - 1, hashSecret(token));
  }
}
