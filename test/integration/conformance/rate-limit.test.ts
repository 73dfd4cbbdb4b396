// contract §2: a client over the rate limit gets 429 with Retry-After, in the published error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, obj, startHarness, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ rateLimit: { max: 20, windowMs: 60_000 } });
});
afterAll(async () => {
  await h.stop();
});

describe('rate limit (contract §2)', () => {
  it('answers 429 with Retry-After once the limit is used up', async () => {
    const api = client(h.url, h.token);
    let limited: Awaited<ReturnType<typeof api.get>> | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await api.get('/api/v1/settings/entity-types');
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited).toBeDefined();
    const retryAfter = limited?.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const body = obj(limited?.body ?? null);
    expect(body.statusCode).toBe(429);
    expect(typeof body.message).toBe('string');
    expect(typeof body.error).toBe('string');
  });
});
