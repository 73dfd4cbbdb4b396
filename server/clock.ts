// The sandbox's time. Every time the sandbox keeps or compares (token expiry, rate-limit buckets,
// idempotency windows, the sign-in throttle, webhook schedules, the security audit, the timestamps
// it writes) is read from its instance's clock (SandboxConfig.clock), so tests move time on instead
// of waiting.

/** Milliseconds since the epoch. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const isoNow = (clock: Clock): string => new Date(clock()).toISOString();

// Timestamps that never repeat within a process, so "newest first" by lastUpdated is a strict order
// even when two changes land in the same millisecond.
let last = 0;

function monotonicNow(clock: Clock): number {
  last = Math.max(clock(), last + 1);
  return last;
}

export const monotonicIso = (clock: Clock): string => new Date(monotonicNow(clock)).toISOString();
