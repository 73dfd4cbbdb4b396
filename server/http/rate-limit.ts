// Per-client rate limiting (contract §2: 429 with Retry-After). A token bucket per partner (or per
// address before authentication) refills continuously, so bursts up to the limit pass and a steady
// client at the limit is never refused.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreParsingDone } from './idempotency.js';
import { errorBody } from './errors.js';

export interface RateLimitOptions {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, windowMs: 60_000 };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions = DEFAULT_RATE_LIMIT,
): void {
  const { max, windowMs } = options;
  const now = options.now ?? Date.now;
  const perMs = max / windowMs;
  const buckets = new Map<string, Bucket>();

  const sweep = setInterval(() => {
    const at = now();
    // A bucket that has refilled completely carries no state worth keeping.
    for (const [key, bucket] of buckets)
      if (bucket.tokens + (at - bucket.updatedAt) * perMs >= max) buckets.delete(key);
  }, windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // preParsing runs after the bearer check (onRequest), so the partner is known, and before a
  // body is read, so a refused upload costs nothing.
  app.addHook(
    'preParsing',
    (request: FastifyRequest, reply: FastifyReply, payload: Readable, done: PreParsingDone) => {
      // The sandbox control API is test plumbing on loopback, not a partner's traffic.
      if (request.url.startsWith('/sandbox/')) return done(null, payload);
      const partnerId = (request as FastifyRequest & { partnerId?: string }).partnerId;
      const key = partnerId ? `partner:${partnerId}` : `ip:${request.ip}`;
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: max, updatedAt: at };
      bucket.tokens = Math.min(max, bucket.tokens + (at - bucket.updatedAt) * perMs);
      bucket.updatedAt = at;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        reply.header('RateLimit-Limit', String(max));
        reply.header('RateLimit-Remaining', String(Math.floor(bucket.tokens)));
        return done(null, payload);
      }
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      // Not calling `done` stops the chain: nothing of the request runs.
      reply
        .status(429)
        .header('Retry-After', String(retryAfter))
        .header('RateLimit-Limit', String(max))
        .header('RateLimit-Remaining', '0')
        .type('application/json; charset=utf-8')
        .send(
          errorBody(
            429,
            `Rate limit exceeded: at most ${max} requests per ${Math.round(windowMs / 1000)} s; retry after ${retryAfter} s`,
          ),
        );
    },
  );
}
