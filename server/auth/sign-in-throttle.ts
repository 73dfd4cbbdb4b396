// Counts failed sign-ins per key and answers, before a password or secret is even checked, whether
// the attempt may be made now (auth/throttle-policy.ts has the rules). Every failure, every attempt
// refused while it had to wait or was locked, every lock and every unlock goes to the security audit.
import type { SecurityAuditEvent } from '../../shared/api/sandbox.js';
import type { Clock } from '../clock.js';
import type { SecurityAuditRepository } from '../store/security-audit.js';
import type { SignInThrottleRepository, ThrottleState } from '../store/sign-in-throttle.js';
import { delayAfter, locksAt, type ThrottlePolicy } from './throttle-policy.js';

/** One thing counted: an account or client (by what was typed or sent), or an address. */
export interface ThrottleKey {
  /** `account:<email>`, `client:<client id>`, `address:<ip>` (also the audit's subject). */
  key: string;
  policy: ThrottlePolicy;
}

export type Verdict =
  | { kind: 'go' }
  | { kind: 'wait'; retryAfterMs: number; key: string }
  | { kind: 'locked'; retryAfterMs: number; key: string };

/** What a failure left behind: the wait it imposes on the next attempt, or a lock. */
export interface FailureOutcome {
  failures: number;
  locked: boolean;
  retryAfterMs: number;
}

type Family = 'sign-in' | 'client';

export function accountKey(email: string, policy: ThrottlePolicy): ThrottleKey {
  return { key: `account:${email.trim().toLowerCase()}`, policy };
}

export function clientKey(clientId: string, policy: ThrottlePolicy): ThrottleKey {
  return { key: `client:${clientId}`, policy };
}

export function addressKey(family: Family, address: string, policy: ThrottlePolicy): ThrottleKey {
  return { key: `${family === 'sign-in' ? 'address' : 'client-address'}:${address}`, policy };
}

export class SignInThrottle {
  private failuresSinceSweep = 0;

  constructor(
    private readonly family: Family,
    private readonly deps: { store: SignInThrottleRepository; audit: SecurityAuditRepository; clock: Clock },
  ) {}

  private event(name: 'succeeded' | 'failed' | 'refused' | 'locked' | 'unlocked'): SecurityAuditEvent {
    return `${this.family}.${name}` as SecurityAuditEvent;
  }

  /** The key's state now, or null when it has none or its last failure is old enough to forget. */
  private current({ key, policy }: ThrottleKey, now: number): ThrottleState | null {
    const state = this.deps.store.get(key);
    if (!state) return null;
    const locked = state.lockedUntil !== null && state.lockedUntil > now;
    if (!locked && now - state.lastFailureAt >= policy.forgetAfterMs) return null;
    return state;
  }

  /** Whether an attempt may be made now; a refusal (the strictest of the keys) is audited. */
  check(keys: ThrottleKey[], address: string): Verdict {
    const now = this.deps.clock();
    let verdict: Verdict = { kind: 'go' };
    for (const k of keys) {
      const state = this.current(k, now);
      if (!state) continue;
      if (state.lockedUntil !== null && state.lockedUntil > now) {
        const retryAfterMs = state.lockedUntil - now;
        if (verdict.kind !== 'locked' || retryAfterMs > verdict.retryAfterMs)
          verdict = { kind: 'locked', retryAfterMs, key: k.key };
        continue;
      }
      const retryAfterMs = state.lastFailureAt + delayAfter(k.policy, state.failures) - now;
      if (retryAfterMs > 0 && verdict.kind !== 'locked') {
        if (verdict.kind === 'go' || retryAfterMs > verdict.retryAfterMs)
          verdict = { kind: 'wait', retryAfterMs, key: k.key };
      }
    }
    if (verdict.kind !== 'go') {
      this.audit('refused', verdict.key, address, {
        reason: verdict.kind === 'locked' ? 'locked' : 'waiting',
        retryAfterSeconds: Math.ceil(verdict.retryAfterMs / 1000),
      });
    }
    return verdict;
  }

  /** A wrong password or secret: counted on every key. The first key is the one the audit names. */
  fail(keys: ThrottleKey[], address: string, detail: Record<string, unknown> = {}): FailureOutcome {
    const now = this.deps.clock();
    const outcome: FailureOutcome = { failures: 0, locked: false, retryAfterMs: 0 };
    keys.forEach((k, index) => {
      const before = this.current(k, now);
      const failures = (before?.failures ?? 0) + 1;
      const locks = locksAt(k.policy, failures);
      const lockedUntil = locks ? now + k.policy.lockMs : (before?.lockedUntil ?? null);
      this.deps.store.put(k.key, { failures, lastFailureAt: now, lockedUntil });
      if (index === 0) {
        outcome.failures = failures;
        this.audit('failed', k.key, address, { ...detail, failures });
      }
      if (locks) {
        outcome.locked = true;
        outcome.retryAfterMs = Math.max(outcome.retryAfterMs, k.policy.lockMs);
        this.audit('locked', k.key, address, { failures, until: new Date(lockedUntil!).toISOString() });
      } else {
        outcome.retryAfterMs = Math.max(outcome.retryAfterMs, delayAfter(k.policy, failures));
      }
    });
    this.sweep(keys, now);
    return outcome;
  }

  /** The right password or secret: the account or client starts again from nothing. */
  succeed(key: ThrottleKey, address: string, detail?: Record<string, unknown>): void {
    this.deps.store.clear(key.key);
    if (detail) this.audit('succeeded', key.key, address, detail);
  }

  /** Lifts a lock (and the waits) early; false when the key had nothing to lift. */
  unlock(key: string, by: string, detail: Record<string, unknown> = {}): boolean {
    const had = this.deps.store.get(key);
    if (!had || !this.deps.store.clear(key)) return false;
    const wasLocked = had.lockedUntil !== null && had.lockedUntil > this.deps.clock();
    this.audit('unlocked', key, null, { ...detail, by, wasLocked, failures: had.failures });
    return true;
  }

  private audit(
    name: 'succeeded' | 'failed' | 'refused' | 'locked' | 'unlocked',
    subject: string,
    address: string | null,
    detail: Record<string, unknown>,
  ): void {
    this.deps.audit.append({ event: this.event(name), subject, address, detail }, this.deps.clock());
  }

  /** Now and then, keys nobody has failed on for long enough are dropped. */
  private sweep(keys: ThrottleKey[], now: number): void {
    if (++this.failuresSinceSweep < 100) return;
    this.failuresSinceSweep = 0;
    const longest = Math.max(...keys.map((k) => k.policy.forgetAfterMs));
    this.deps.store.forgetOlderThan(now - longest, now);
  }
}
