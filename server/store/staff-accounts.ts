// The staff's sign-in accounts (the users rows, admin included) and their password hashes.
import type { Db } from './db.js';
import type { StaffUser } from './partners.js';

export interface StaffAccountRecord extends StaffUser {
  partnerId: string;
  partnerName: string;
  /** Null for an account created before sign-in existed whose password was never set. */
  passwordHash: string | null;
}

interface AccountRow {
  id: string;
  partner_id: string;
  partner_name: string;
  name: string;
  email: string;
  role: StaffUser['role'];
  password_hash: string | null;
}

const SELECT_ACCOUNT = `
  SELECT u.id, u.partner_id, p.name AS partner_name, u.name, u.email, u.role, u.password_hash
    FROM users u JOIN partners p ON p.id = u.partner_id`;

function toRecord(row: AccountRow): StaffAccountRecord {
  return {
    id: row.id,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    name: row.name,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
  };
}

export class StaffAccountRepository {
  constructor(private readonly db: Db) {}

  /** The capturer, the reviewer and the admin of a partner, in that order. */
  forPartner(partnerId: string): StaffUser[] {
    return this.db
      .prepare(
        `SELECT id, name, email, role FROM users WHERE partner_id = ?
          ORDER BY CASE role WHEN 'capturer' THEN 0 WHEN 'reviewer' THEN 1 ELSE 2 END, name`,
      )
      .all(partnerId) as StaffUser[];
  }

  get(userId: string): StaffAccountRecord | undefined {
    const row = this.db.prepare(`${SELECT_ACCOUNT} WHERE u.id = ?`).get(userId) as AccountRow | undefined;
    return row && toRecord(row);
  }

  /**
   * Accounts with this address, ignoring case. Usually one; partners created before addresses
   * were made unique may share one, and sign-in then tells them apart by the password.
   */
  byEmail(email: string): StaffAccountRecord[] {
    const rows = this.db
      .prepare(`${SELECT_ACCOUNT} WHERE u.email = ? COLLATE NOCASE`)
      .all(email.trim()) as AccountRow[];
    return rows.map(toRecord);
  }

  /** False when the partner has no such account. */
  setPasswordHash(partnerId: string, userId: string, passwordHash: string): boolean {
    const result = this.db
      .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND partner_id = ?')
      .run(passwordHash, userId, partnerId);
    return result.changes === 1;
  }
}
