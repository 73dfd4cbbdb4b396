// Timestamps that never repeat within a process, so "newest first" by lastUpdated is a strict order
// even when two changes land in the same millisecond.
let last = 0;

export function monotonicNow(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}

export const monotonicIso = (): string => new Date(monotonicNow()).toISOString();
