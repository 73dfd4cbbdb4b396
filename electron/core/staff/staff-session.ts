// Who is acting: the person signed in with the active environment's identity provider (or unlocked
// offline with their passphrase), their roles, and the idle lock. The core asks this before every
// call (access-guard.ts); capture, reviews and decisions carry this person's id as `userID`.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { KnownStaff, StaffIdentity, StaffStatus } from '../../../shared/ipc/staff.js';
import { mayAct, roleNeededFor, type StaffAct } from '../../../shared/domain/staff-roles.js';
import type { PendingSignIn } from './identity-provider-sign-in.js';
import { makeVerifier, verifyPassphrase } from './passphrase-verifier.js';
import type { StaffAccounts } from './staff-accounts.js';

/** Wrong offline passphrases allowed before only an online sign-in unlocks the account again. */
export const MAX_FAILED_UNLOCKS = 5;
/** The passphrase is set right after an online sign-in, while the identity provider's word is fresh. */
const PASSPHRASE_SET_WINDOW_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;

export interface StaffPolicy {
  idleLockMinutes: number;
  offlineUnlockDays: number;
}

export interface StaffSessionDeps {
  accounts: StaffAccounts;
  activeProfile: () => { id: string; name: string } | null;
  /** Starts a sign-in at the active profile's identity provider. */
  beginSignIn: () => Promise<PendingSignIn>;
  /**
   * The partner the active profile's service credentials belong to: known, or asked of the service;
   * null when it cannot be known (no credentials, the service does not answer).
   */
  partnerId: () => Promise<string | null>;
  policy: () => StaffPolicy;
  /** Opens the system browser; absent in the headless host, where the screen opens the page. */
  openBrowser?: (url: string) => Promise<void>;
  audit: (action: string, userId: string, detail: string) => void;
  changed: () => void;
  now?: () => number;
}

interface SignedIn {
  profileId: string;
  identity: StaffIdentity;
  signedInWith: 'identity-provider' | 'passphrase';
  onlineAt: number;
  locked: boolean;
}

export class StaffSession {
  private current: SignedIn | null = null;
  private pending: PendingSignIn | null = null;
  private lastActivity: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: StaffSessionDeps) {
    this.lastActivity = this.now();
    this.timer = setInterval(() => this.lockIfIdle(), 10_000);
    this.timer.unref();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  close(): void {
    clearInterval(this.timer);
    this.pending?.cancel();
  }

  /** The person who acts now: signed in on the active profile and not locked. */
  acting(): StaffIdentity | null {
    const c = this.current;
    if (!c || c.locked || c.profileId !== this.deps.activeProfile()?.id) return null;
    return c.identity;
  }

  actingUserId(): string | null {
    return this.acting()?.userId ?? null;
  }

  status(): StaffStatus | null {
    const c = this.current;
    if (!c || c.profileId !== this.deps.activeProfile()?.id) return null;
    const account = this.deps.accounts.get(c.profileId, c.identity.userId);
    return {
      ...c.identity,
      signedInWith: c.signedInWith,
      locked: c.locked,
      hasPassphrase: account?.verifier != null,
      lastOnlineSignInAt: account?.lastOnlineSignInAt ?? new Date(c.onlineAt).toISOString(),
    };
  }

  /** Throws unless someone is signed in, unlocked, and (when given) allowed the act. */
  require(act?: StaffAct): StaffIdentity {
    const c = this.current;
    if (!c || c.profileId !== this.deps.activeProfile()?.id)
      throw new DeskError(
        'not-allowed',
        'Sign in first: every change is recorded under the person who made it.',
      );
    if (c.locked) throw new DeskError('not-allowed', 'FICA Desk is locked. Unlock it to go on.');
    if (act && !mayAct(c.identity.roles, act)) {
      throw new DeskError(
        'not-allowed',
        `${c.identity.name} is signed in without the role this needs: only ${roleNeededFor(act)} may do this.`,
      );
    }
    return c.identity;
  }

  /** Someone used the app: the idle clock starts again. */
  activity(): void {
    if (this.current && !this.current.locked) this.lastActivity = this.now();
  }

  lockIfIdle(): void {
    const c = this.current;
    if (!c || c.locked) return;
    if (this.now() - this.lastActivity >= this.deps.policy().idleLockMinutes * 60_000) this.lock('idle');
  }

  lock(reason: 'idle' | 'asked' = 'asked'): void {
    const c = this.current;
    if (!c || c.locked) return;
    c.locked = true;
    this.deps.audit(
      'staff.lock',
      c.identity.userId,
      reason === 'idle'
        ? `Locked after ${this.deps.policy().idleLockMinutes} minutes without activity`
        : 'Locked',
    );
    this.deps.changed();
  }

  async beginSignIn(): Promise<{ url: string; opened: boolean }> {
    const profile = this.deps.activeProfile();
    if (!profile) throw new DeskError('not-allowed', 'Choose an environment before signing in.');
    this.pending?.cancel();
    const pending = await this.deps.beginSignIn();
    this.pending = pending;
    pending.identity.then(
      (identity) => {
        if (this.pending !== pending) return;
        this.pending = null;
        void this.completeOnline(profile.id, identity);
      },
      () => {
        if (this.pending === pending) this.pending = null;
      },
    );
    let opened = false;
    if (this.deps.openBrowser) {
      await this.deps.openBrowser(pending.url);
      opened = true;
    }
    return { url: pending.url, opened };
  }

  cancelSignIn(): void {
    this.pending?.cancel();
    this.pending = null;
  }

  get signInPending(): boolean {
    return this.pending !== null;
  }

  /**
   * The identity provider vouched for this person; they are signed in only when their partner is
   * the one this environment's service account belongs to, which must be known to be checked.
   */
  private async completeOnline(profileId: string, identity: StaffIdentity): Promise<void> {
    if (this.deps.activeProfile()?.id !== profileId) return;
    const who = identity.email || identity.name;
    const refuse = (detail: string, refusal: string): void => {
      this.deps.audit('staff.sign-in-refused', identity.userId, detail);
      this.refusal = refusal;
      this.deps.changed();
    };
    if (!identity.partnerId) {
      refuse(
        'The identity provider did not name a partner',
        `The identity provider did not say which partner ${who} belongs to, so FICA Desk did not sign them in.`,
      );
      return;
    }
    const partner = await this.deps.partnerId().catch(() => null);
    if (this.deps.activeProfile()?.id !== profileId) return;
    if (!partner) {
      refuse(
        "The partner of this environment's service account could not be checked",
        `FICA Desk could not check which partner this environment's service account belongs to, so it did not sign ${who} in. Try again once the service can be reached (and its credentials are set).`,
      );
      return;
    }
    if (partner !== identity.partnerId) {
      refuse(
        'Signed in with an account of another partner',
        `${who} belongs to another partner than this environment's service account, so FICA Desk did not sign them in.`,
      );
      return;
    }
    const at = this.now();
    this.deps.accounts.recordOnlineSignIn(profileId, identity, new Date(at).toISOString());
    this.current = { profileId, identity, signedInWith: 'identity-provider', onlineAt: at, locked: false };
    this.refusal = null;
    this.lastActivity = at;
    this.deps.audit(
      'staff.sign-in',
      identity.userId,
      `${identity.name} signed in with the identity provider`,
    );
    this.deps.changed();
  }

  /** Why the last sign-in did not go through, for the sign-in screen; null when it did. */
  refusal: string | null = null;

  signOut(): void {
    this.pending?.cancel();
    this.pending = null;
    const c = this.current;
    this.current = null;
    if (c) this.deps.audit('staff.sign-out', c.identity.userId, `${c.identity.name} signed out`);
    this.deps.changed();
  }

  /** The people who may unlock here, for the sign-in and lock screens. */
  known(): KnownStaff[] {
    const profile = this.deps.activeProfile();
    if (!profile) return [];
    return this.deps.accounts.ofProfile(profile.id).map((account) => ({
      userId: account.identity.userId,
      name: account.identity.name,
      email: account.identity.email,
      roles: account.identity.roles,
      lastOnlineSignInAt: account.lastOnlineSignInAt,
      offlineUnlockRefusal: this.offlineRefusal(account),
    }));
  }

  private offlineRefusal(account: {
    verifier: unknown;
    lastOnlineSignInAt: string;
    failedUnlocks: number;
  }): string | null {
    if (!account.verifier) return 'No offline passphrase was set: sign in online.';
    if (account.failedUnlocks >= MAX_FAILED_UNLOCKS)
      return 'Too many wrong passphrases: sign in online to unlock.';
    const days = this.deps.policy().offlineUnlockDays;
    if (this.now() - Date.parse(account.lastOnlineSignInAt) > days * DAY_MS)
      return `The last online sign-in was more than ${days} day${days === 1 ? '' : 's'} ago: sign in online.`;
    return null;
  }

  /** Unlocks, or signs in while offline, with the passphrase set at an online sign-in. */
  async unlockWithPassphrase(userId: string, passphrase: string): Promise<void> {
    const profile = this.deps.activeProfile();
    if (!profile) throw new DeskError('not-allowed', 'Choose an environment first.');
    const account = this.deps.accounts.get(profile.id, userId);
    if (!account) throw new DeskError('not-found', 'This person has not signed in online on this laptop.');
    const refusal = this.offlineRefusal(account);
    if (refusal || !account.verifier) throw new DeskError('not-allowed', refusal ?? 'No passphrase set.');
    if (!(await verifyPassphrase(passphrase, account.verifier))) {
      const failed = this.deps.accounts.countFailedUnlock(profile.id, userId);
      this.deps.audit('staff.unlock-refused', userId, 'Wrong offline passphrase');
      const left = MAX_FAILED_UNLOCKS - failed;
      throw new DeskError(
        'not-allowed',
        left > 0
          ? `Wrong passphrase. ${left} more tr${left === 1 ? 'y' : 'ies'} before only an online sign-in unlocks.`
          : 'Wrong passphrase. Too many wrong passphrases: sign in online to unlock.',
      );
    }
    this.deps.accounts.clearFailedUnlocks(profile.id, userId);
    const c = this.current;
    if (c && c.profileId === profile.id && c.identity.userId === userId) {
      c.locked = false;
    } else {
      this.current = {
        profileId: profile.id,
        identity: account.identity,
        signedInWith: 'passphrase',
        onlineAt: Date.parse(account.lastOnlineSignInAt),
        locked: false,
      };
    }
    this.lastActivity = this.now();
    this.deps.audit('staff.unlock', userId, `${account.identity.name} unlocked with the offline passphrase`);
    this.deps.changed();
  }

  /** Sets the acting person's offline passphrase, right after they signed in online. */
  async setPassphrase(passphrase: string): Promise<void> {
    const identity = this.require();
    const c = this.current!;
    if (c.signedInWith !== 'identity-provider' || this.now() - c.onlineAt > PASSPHRASE_SET_WINDOW_MS) {
      throw new DeskError(
        'not-allowed',
        'The offline passphrase is set right after signing in online: sign out, sign in with the identity provider, and set it then.',
      );
    }
    this.deps.accounts.setVerifier(c.profileId, identity.userId, await makeVerifier(passphrase));
    this.deps.audit('staff.passphrase-set', identity.userId, 'Offline passphrase set');
    this.deps.changed();
  }

  /** The environment changed: the person signed in to the previous one is not signed in here. */
  profileChanged(): void {
    if (this.current && this.current.profileId !== this.deps.activeProfile()?.id) this.signOut();
    else this.cancelSignIn();
  }
}
