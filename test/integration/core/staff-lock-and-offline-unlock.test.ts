// The idle lock and the offline passphrase, on a real SQLite file with the clock in the test's hand:
// the app locks after the idle time, the passphrase unlocks only within the allowed days, wrong
// passphrases are counted, and the passphrase is kept only as a scrypt verifier.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { StaffAccounts } from '../../../electron/core/staff/staff-accounts.js';
import {
  MAX_FAILED_UNLOCKS,
  StaffSession,
  type StaffPolicy,
} from '../../../electron/core/staff/staff-session.js';
import type { PendingSignIn } from '../../../electron/core/staff/identity-provider-sign-in.js';
import { FieldCipher } from '../../../electron/core/vault/field-cipher.js';
import type { StaffIdentity } from '../../../shared/ipc/staff.js';
import type { Db } from '../../../electron/core/db/index.js';

const REVIEWER: StaffIdentity = {
  userId: '5d3c7f0e-0000-4000-8000-000000000002',
  name: 'Rhoda Reviewer',
  email: 'reviewer@demo.example',
  roles: ['reviewer'],
  partnerId: 'p1',
};
const PASSPHRASE = 'a long offline passphrase';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('idle lock and offline unlock', () => {
  let now: number;
  let policy: StaffPolicy;
  let db: Db;
  let accounts: StaffAccounts;
  let staff: StaffSession;
  let signIn: { resolve: (who: StaffIdentity) => void };
  const audit: string[] = [];

  const session = () =>
    new StaffSession({
      accounts,
      activeProfile: () => ({ id: 'profile-1', name: 'Sandbox' }),
      // The identity provider's answer, as the loopback redirect would deliver it.
      beginSignIn: async (): Promise<PendingSignIn> => {
        const identity = new Promise<StaffIdentity>((resolve) => (signIn = { resolve }));
        return { url: 'http://127.0.0.1:1/authorize', identity, cancel: () => undefined };
      },
      partnerId: async () => 'p1',
      policy: () => policy,
      audit: (action) => audit.push(action),
      changed: () => undefined,
      now: () => now,
    });

  const signInOnline = async (who = REVIEWER) => {
    await staff.beginSignIn();
    signIn.resolve(who);
    await new Promise((r) => setTimeout(r, 0));
  };

  beforeEach(async () => {
    now = Date.parse('2026-11-26T08:00:00Z');
    policy = { idleLockMinutes: 15, offlineUnlockDays: 7 };
    db = openDatabase(join(await mkdtemp(join(tmpdir(), 'fica-staff-')), 'desk.sqlite'));
    accounts = new StaffAccounts(db, new FieldCipher(randomBytes(32)));
    staff = session();
    audit.length = 0;
  });

  it('locks after the idle time and not before', async () => {
    await signInOnline();
    now += 14 * MINUTE;
    staff.lockIfIdle();
    expect(staff.actingUserId()).toBe(REVIEWER.userId);
    now += 2 * MINUTE;
    staff.lockIfIdle();
    expect(staff.actingUserId()).toBeNull();
    expect(staff.status()).toMatchObject({ userId: REVIEWER.userId, locked: true });
    expect(() => staff.require()).toThrow(/locked/);
  });

  it('waits again from the last activity', async () => {
    await signInOnline();
    now += 10 * MINUTE;
    staff.activity();
    now += 10 * MINUTE;
    staff.lockIfIdle();
    expect(staff.actingUserId()).toBe(REVIEWER.userId);
  });

  it('unlocks with the passphrase set right after the online sign-in', async () => {
    await signInOnline();
    await staff.setPassphrase(PASSPHRASE);
    staff.lock();
    await staff.unlockWithPassphrase(REVIEWER.userId, PASSPHRASE);
    expect(staff.actingUserId()).toBe(REVIEWER.userId);
  });

  it('signs a known person in offline after a restart, within the allowed days', async () => {
    await signInOnline();
    await staff.setPassphrase(PASSPHRASE);
    staff.close();
    now += 6 * DAY;
    staff = session();
    expect(staff.actingUserId()).toBeNull();
    await staff.unlockWithPassphrase(REVIEWER.userId, PASSPHRASE);
    expect(staff.status()).toMatchObject({
      userId: REVIEWER.userId,
      signedInWith: 'passphrase',
      locked: false,
    });
  });

  it('refuses the passphrase once the last online sign-in is older than the allowed days', async () => {
    await signInOnline();
    await staff.setPassphrase(PASSPHRASE);
    staff.signOut();
    now += 7 * DAY + MINUTE;
    await expect(staff.unlockWithPassphrase(REVIEWER.userId, PASSPHRASE)).rejects.toThrow(
      /more than 7 days ago/,
    );
    expect(staff.known()[0]!.offlineUnlockRefusal).toMatch(/sign in online/);
  });

  it('counts wrong passphrases and then wants an online sign-in', async () => {
    await signInOnline();
    await staff.setPassphrase(PASSPHRASE);
    staff.lock();
    for (let i = 1; i < MAX_FAILED_UNLOCKS; i++)
      await expect(staff.unlockWithPassphrase(REVIEWER.userId, 'not it at all')).rejects.toThrow(/more tr/);
    await expect(staff.unlockWithPassphrase(REVIEWER.userId, 'not it at all')).rejects.toThrow(
      /sign in online/,
    );
    await expect(staff.unlockWithPassphrase(REVIEWER.userId, PASSPHRASE)).rejects.toThrow(/Too many/);
    await signInOnline();
    expect(staff.actingUserId()).toBe(REVIEWER.userId);
    expect(staff.known()[0]!.offlineUnlockRefusal).toBeNull();
  });

  it('sets the passphrase only soon after an online sign-in', async () => {
    await signInOnline();
    now += 20 * MINUTE;
    staff.activity();
    await expect(staff.setPassphrase(PASSPHRASE)).rejects.toThrow(/right after signing in online/);
  });

  it('keeps only a scrypt verifier, never the passphrase or the person in the clear', async () => {
    await signInOnline();
    await staff.setPassphrase(PASSPHRASE);
    const row = db.prepare('SELECT identity, passphrase_verifier FROM staff_accounts').get() as {
      identity: string;
      passphrase_verifier: string;
    };
    expect(JSON.parse(row.passphrase_verifier)).toMatchObject({ kdf: 'scrypt', N: 65536 });
    expect(row.passphrase_verifier).not.toContain(PASSPHRASE);
    expect(row.identity).not.toContain(REVIEWER.email);
    expect(row.identity).not.toContain(REVIEWER.name);
  });

  it('refuses an account of another partner than the environment', async () => {
    await signInOnline({ ...REVIEWER, partnerId: 'someone-else' });
    expect(staff.actingUserId()).toBeNull();
    expect(staff.refusal).toMatch(/another partner/);
  });
});
