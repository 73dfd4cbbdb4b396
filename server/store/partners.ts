// Partners (tenants) of the sandbox, their users and credentials.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import { hashSecret, randomToken } from '../auth/secrets.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';

export interface RiskSettings {
  mediumFrom: number | null;
  highFrom: number;
}

export interface Partner {
  id: string;
  name: string;
  balance: number;
  riskSettings: RiskSettings;
  clientId: string;
  clientSecretHash: string;
}

export interface PartnerUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

export interface NewPartnerCredentials {
  partner: Partner;
  clientSecret: string;
  /** The capturer, the reviewer and the admin, in that order. */
  staff: StaffUser[];
}

/** A sign-in account of a partner's staff; the admin is one too, though not an API user. */
export interface StaffUser extends PartnerUser {
  role: StaffRole;
}

/** The roles the API lists as users (contract §10); the admin only signs in. */
const API_USER_ROLES = "('capturer', 'reviewer')";
const STAFF_ROLES: readonly StaffRole[] = ['capturer', 'reviewer', 'admin'];
const STAFF_TITLES: Record<StaffRole, string> = {
  capturer: 'Capturer',
  reviewer: 'Reviewer',
  admin: 'Admin',
};

interface PartnerRow {
  id: string;
  name: string;
  balance: number;
  medium_from: number | null;
  high_from: number;
  client_id: string;
  client_secret_hash: string;
}

function toPartner(row: PartnerRow): Partner {
  return {
    id: row.id,
    name: row.name,
    balance: row.balance,
    riskSettings: { mediumFrom: row.medium_from, highFrom: row.high_from },
    clientId: row.client_id,
    clientSecretHash: row.client_secret_hash,
  };
}

export class PartnerRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * `passwordHashes` are the staff's sign-in passwords, hashed (auth/passwords.ts); an account
   * without one cannot sign in until a password is set.
   */
  create(
    input: { name: string; balance: number; riskSettings?: Partial<RiskSettings> },
    passwordHashes: Partial<Record<StaffRole, string>> = {},
    secret = randomToken(),
  ): NewPartnerCredentials {
    const id = randomUUID();
    const clientId = `sbx_${randomToken(12)}`;
    const slug =
      input.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')
        .replace(/^\.|\.$/g, '') || 'partner';
    const staff: StaffUser[] = [];
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO partners (id, name, balance, medium_from, high_from, client_id, client_secret_hash, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          input.name,
          input.balance,
          input.riskSettings?.mediumFrom ?? null,
          input.riskSettings?.highFrom ?? 15,
          clientId,
          hashSecret(secret),
          isoNow(this.clock),
        );
      // Contract §10: every partner has a capturer and a reviewer to fill userID fields with; the
      // admin signs in to manage the desktop app. Addresses are unique, so an email names one account.
      const domain = this.freeDomain(slug);
      const insertUser = this.db.prepare(
        'INSERT INTO users (id, partner_id, name, email, role, password_hash) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const role of STAFF_ROLES) {
        const user: StaffUser = {
          id: randomUUID(),
          name: `${input.name} ${STAFF_TITLES[role]}`,
          email: `${role}@${domain}`,
          role,
        };
        insertUser.run(user.id, id, user.name, user.email, user.role, passwordHashes[role] ?? null);
        staff.push(user);
      }
    })();
    return { partner: this.get(id) as Partner, clientSecret: secret, staff };
  }

  /** `<slug>.example`, or `<slug>.2.example` and so on when another partner's staff use it. */
  private freeDomain(slug: string): string {
    const taken = this.db.prepare('SELECT 1 FROM users WHERE email = ? COLLATE NOCASE');
    for (let n = 1; ; n++) {
      const domain = n === 1 ? `${slug}.example` : `${slug}.${n}.example`;
      if (!taken.get(`capturer@${domain}`) && !taken.get(`admin@${domain}`)) return domain;
    }
  }

  get(id: string): Partner | undefined {
    const row = this.db.prepare('SELECT * FROM partners WHERE id = ?').get(id) as PartnerRow | undefined;
    return row && toPartner(row);
  }

  byClientId(clientId: string): Partner | undefined {
    const row = this.db.prepare('SELECT * FROM partners WHERE client_id = ?').get(clientId) as
      PartnerRow | undefined;
    return row && toPartner(row);
  }

  update(
    id: string,
    changes: { balance?: number; riskSettings?: Partial<RiskSettings> },
  ): Partner | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const mediumFrom =
      changes.riskSettings && 'mediumFrom' in changes.riskSettings
        ? (changes.riskSettings.mediumFrom ?? null)
        : current.riskSettings.mediumFrom;
    const highFrom = changes.riskSettings?.highFrom ?? current.riskSettings.highFrom;
    this.db
      .prepare('UPDATE partners SET balance = ?, medium_from = ?, high_from = ? WHERE id = ?')
      .run(changes.balance ?? current.balance, mediumFrom, highFrom, id);
    return this.get(id);
  }

  /** Takes `amount` credits when the balance allows it; false leaves the balance unchanged. */
  debit(id: string, amount: number): boolean {
    const result = this.db
      .prepare('UPDATE partners SET balance = balance - ? WHERE id = ? AND balance >= ?')
      .run(amount, id, amount);
    return result.changes === 1;
  }

  users(partnerId: string): PartnerUser[] {
    return this.db
      .prepare(
        `SELECT id, name, email, role FROM users WHERE partner_id = ? AND role IN ${API_USER_ROLES}
         ORDER BY role = 'reviewer', name`,
      )
      .all(partnerId) as PartnerUser[];
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM sandbox_meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }
}
