// The sandbox's time. `Clock` is what the sign-in throttle and the security audit read, injected
// through the configuration so tests move time on instead of waiting; the monotonic timestamps
// below never repeat within a process, so "newest first" by lastUpdated is a strict order even when
// two changes land in the same millisecond.

/** Milliseconds since the epoch. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

let last = 0;

export function monotonicNow(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}

export const monotonicIso = (): string => new Date(monotonicNow()).toISOString();
