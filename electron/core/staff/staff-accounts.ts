// The people who have signed in online on this laptop, per environment profile (migration 007).
import type { Db } from '../db/index.js';
import type { FieldCipher } from '../vault/field-cipher.js';
import { StaffIdentitySchema, type StaffIdentity } from '../../../shared/ipc/staff.js';
import { PassphraseVerifierSchema, type PassphraseVerifier } from './passphrase-verifier.js';

export interface StaffAccount {
  profileId: string;
  identity: StaffIdentity;
  lastOnlineSignInAt: string;
  verifier: PassphraseVerifier | null;
  failedUnlocks: number;
}

interface Row {
  profile_id: string;
  user_id: string;
  identity: string;
  last_online_sign_in_at: string;
  passphrase_verifier: string | null;
  failed_unlocks: number;
}

const CONTEXT = 'staff_accounts.identity';

export class StaffAccounts {
  constructor(
    private readonly db: Db,
    private readonly fields: FieldCipher,
  ) {}

  get(profileId: string, userId: string): StaffAccount | null {
    const row = this.db
      .prepare('SELECT * FROM staff_accounts WHERE profile_id = ? AND user_id = ?')
      .get(profileId, userId) as Row | undefined;
    return row ? this.read(row) : null;
  }

  ofProfile(profileId: string): StaffAccount[] {
    const rows = this.db
      .prepare('SELECT * FROM staff_accounts WHERE profile_id = ? ORDER BY last_online_sign_in_at DESC')
      .all(profileId) as Row[];
    return rows.map((row) => this.read(row));
  }

  /** An online sign-in: who the identity provider says this is, and when. */
  recordOnlineSignIn(profileId: string, identity: StaffIdentity, at: string): void {
    this.db
      .prepare(
        `INSERT INTO staff_accounts (profile_id, user_id, identity, last_online_sign_in_at, failed_unlocks)
         VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (profile_id, user_id) DO UPDATE SET
           identity = excluded.identity, last_online_sign_in_at = excluded.last_online_sign_in_at, failed_unlocks = 0`,
      )
      .run(profileId, identity.userId, this.fields.encrypt(JSON.stringify(identity), CONTEXT), at);
  }

  setVerifier(profileId: string, userId: string, verifier: PassphraseVerifier): void {
    this.db
      .prepare(
        'UPDATE staff_accounts SET passphrase_verifier = ?, failed_unlocks = 0 WHERE profile_id = ? AND user_id = ?',
      )
      .run(JSON.stringify(verifier), profileId, userId);
  }

  countFailedUnlock(profileId: string, userId: string): number {
    this.db
      .prepare(
        'UPDATE staff_accounts SET failed_unlocks = failed_unlocks + 1 WHERE profile_id = ? AND user_id = ?',
      )
      .run(profileId, userId);
    return this.get(profileId, userId)?.failedUnlocks ?? 0;
  }

  clearFailedUnlocks(profileId: string, userId: string): void {
    this.db
      .prepare('UPDATE staff_accounts SET failed_unlocks = 0 WHERE profile_id = ? AND user_id = ?')
      .run(profileId, userId);
  }

  forgetProfile(profileId: string): void {
    this.db.prepare('DELETE FROM staff_accounts WHERE profile_id = ?').run(profileId);
  }

  private read(row: Row): StaffAccount {
    return {
      profileId: row.profile_id,
      identity: StaffIdentitySchema.parse(JSON.parse(this.fields.decrypt(row.identity, CONTEXT))),
      lastOnlineSignInAt: row.last_online_sign_in_at,
      verifier: row.passphrase_verifier
        ? PassphraseVerifierSchema.parse(JSON.parse(row.passphrase_verifier))
        : null,
      failedUnlocks: row.failed_unlocks,
    };
  }
}
