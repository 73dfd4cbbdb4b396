// Rate limiting (contract §2): past the configured limit a partner gets 429 with Retry-After, in
// the published error shape; another partner is not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../support/movable-clock.js';
import { createPartner, isErrorBody, startTestSandbox, type TestSandbox } from './helpers.js';

const clock = movableClock();
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox({ rateLimit: { max: 5, windowMs: 60_000 }, clock: clock.now });
});
afterAll(async () => {
  await t.stop();
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, per partner', async () => {
    // The token request of startTestSandbox was counted against the address, not the partner.
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.api.get>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await t.api.get('/api/v1/settings/partner');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(isErrorBody(last?.body, 429)).toBe(true);

    const other = await createPartner(t.url, { balance: 10 });
    expect((await other.client.get('/api/v1/settings/partner')).status).toBe(200);
  });

  it('serves the partner again once the window has passed', async () => {
    expect((await t.api.get('/api/v1/settings/partner')).status).toBe(429);
    clock.advance(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.api.get('/api/v1/settings/partner')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
