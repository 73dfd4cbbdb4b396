// How failed sign-ins and client secrets are slowed down, as a bank's sign-in is: a few failures
// are answered at once, each further one makes the next attempt wait twice as long, and past a
// limit the account (or client) is locked for a period an administrator can lift early. Addresses
// are slowed down the same way but never locked: a branch's people share one.

export interface ThrottlePolicy {
  /** Failures answered with no wait; from the next one on, each attempt waits. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures that lock the key for `lockMs`; null: never locked, only slowed down. */
  lockAfter: number | null;
  lockMs: number;
  /** A key whose last failure is this old starts again from nothing. */
  forgetAfterMs: number;
}

export interface SignInThrottleConfig {
  /** A staff account, by the email typed (existing or not: the answer never tells). */
  account: ThrottlePolicy;
  /** The address a staff sign-in comes from. */
  address: ThrottlePolicy;
  /** A partner's API client, by the client id sent (existing or not). */
  client: ThrottlePolicy;
  /** The address a token request comes from. */
  clientAddress: ThrottlePolicy;
  /**
   * Every failed staff sign-in is answered no sooner than this after it arrived, so an unknown
   * email, a wrong password (whatever its hash's cost) and a locked account take the same time.
   */
  minFailureAnswerMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const PER_ACCOUNT: ThrottlePolicy = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: MINUTE,
  lockAfter: 10,
  lockMs: 30 * MINUTE,
  forgetAfterMs: 24 * HOUR,
};

const PER_ADDRESS: ThrottlePolicy = {
  freeFailures: 10,
  firstDelayMs: 1000,
  maxDelayMs: 5 * MINUTE,
  lockAfter: null,
  lockMs: 0,
  forgetAfterMs: HOUR,
};

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleConfig = {
  account: PER_ACCOUNT,
  address: PER_ADDRESS,
  client: PER_ACCOUNT,
  clientAddress: PER_ADDRESS,
  minFailureAnswerMs: 300,
};

/** The wait after the `failures`-th failure: none for the free ones, then doubling to the cap. */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(over - 1, 30));
}

/** Whether the `failures`-th failure locks. */
export function locksAt(policy: ThrottlePolicy, failures: number): boolean {
  return policy.lockAfter !== null && failures >= policy.lockAfter;
}
