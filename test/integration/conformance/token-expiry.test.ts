// contract §1: a token lives as long as the token answer's expires_in says, and once it has expired
// it is refused like a missing one (401, WWW-Authenticate invalid_token). The sandbox's clock is
// moved forward rather than waited for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../support/movable-clock.js';
import { call, getToken, obj, startHarness, type Harness } from './helpers.js';

const LIFETIME_SECONDS = 600;
const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ tokenTtlSeconds: LIFETIME_SECONDS, clock: clock.now });
});
afterAll(async () => {
  await h.stop();
});

const newToken = () => getToken(h.url, h.sandbox.demoPartner.clientId, h.sandbox.demoPartner.clientSecret);

describe('token lifetime (contract §1)', () => {
  it('answers expires_in from the configured lifetime', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: h.sandbox.demoPartner.clientId,
        client_secret: h.sandbox.demoPartner.clientSecret,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: 'Bearer', expires_in: LIFETIME_SECONDS });
  });

  it('takes the token until the end of its lifetime', async () => {
    const token = await newToken();
    clock.advance((LIFETIME_SECONDS - 5) * 1000);
    expect((await call(h.url, 'GET', '/api/v1/entity', { token })).status).toBe(200);
  });

  it('refuses the token once it has expired, as it refuses a missing one', async () => {
    const token = await newToken();
    expect((await call(h.url, 'GET', '/api/v1/entity', { token })).status).toBe(200);
    clock.advance(LIFETIME_SECONDS * 1000);
    const res = await call(h.url, 'GET', '/api/v1/entity', { token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(obj(res.body)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });
});
