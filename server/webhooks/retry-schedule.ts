// The published retry schedule (contract §8) and its test-time scaling.

/** Waits after the first try, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const RETRY_DELAYS_SECONDS: readonly number[] = [
  5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
];

export const MAX_JITTER = 0.2;

/** Tries in all: the first one plus one per scheduled retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * Milliseconds to wait after `failedAttempts` failed tries, or null when the delivery has had its
 * last try and is marked failed. Jitter (0 to +20%) spreads retries of many events apart.
 */
export function retryDelayMs(
  failedAttempts: number,
  timeScale: number,
  random: () => number = Math.random,
): number | null {
  const base = RETRY_DELAYS_SECONDS[failedAttempts - 1];
  if (base === undefined || failedAttempts < 1) return null;
  const jitter = 1 + MAX_JITTER * Math.min(Math.max(random(), 0), 1);
  return Math.round(base * 1000 * jitter * timeScale);
}
