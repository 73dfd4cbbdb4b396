// The sandbox's security audit: failed and refused sign-ins and client secrets, locks and their
// lifting (auth/sign-in-throttle.ts writes it; the control API reads it). Append-only.
import type { Db } from './db.js';
import type { SecurityAuditEntry, SecurityAuditEvent } from '../../shared/api/sandbox.js';

export interface NewSecurityAuditEntry {
  event: SecurityAuditEvent;
  subject: string;
  address: string | null;
  detail: Record<string, unknown>;
}

interface Row {
  id: number;
  at: number;
  event: SecurityAuditEvent;
  subject: string;
  address: string | null;
  detail: string;
}

export class SecurityAuditRepository {
  constructor(private readonly db: Db) {}

  append(entry: NewSecurityAuditEntry, at: number): void {
    this.db
      .prepare('INSERT INTO security_audit (at, event, subject, address, detail) VALUES (?, ?, ?, ?, ?)')
      .run(at, entry.event, entry.subject, entry.address, JSON.stringify(entry.detail));
  }

  /** Oldest first, after the entry with id `after`. */
  list(after = 0, limit = 200): SecurityAuditEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM security_audit WHERE id > ? ORDER BY id LIMIT ?')
      .all(after, limit) as Row[];
    return rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      event: row.event,
      subject: row.subject,
      address: row.address,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  }
}
