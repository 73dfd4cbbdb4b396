// Capped exponential backoff with jitter; the service's Retry-After wins when it gives one.
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

export function backoffDelay(
  attempt: number,
  opts: BackoffOptions,
  retryAfterMs: number | null = null,
): number {
  const random = opts.random ?? Math.random;
  if (retryAfterMs !== null) return retryAfterMs + Math.floor(random() * Math.min(250, opts.baseMs));
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  // "Equal jitter": at least half the ceiling, so retries never bunch at zero.
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}
