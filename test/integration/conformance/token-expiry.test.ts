// contract §1: an expired token is refused like a missing one (401, WWW-Authenticate invalid_token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getToken, obj, startHarness, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ tokenTtlSeconds: 1 });
});
afterAll(async () => {
  await h.stop();
});

describe('token lifetime (contract §1)', () => {
  it('answers expires_in from the configured lifetime and refuses the token once it has expired', async () => {
    const token = await getToken(h.url, h.sandbox.demoPartner.clientId, h.sandbox.demoPartner.clientSecret);
    expect((await call(h.url, 'GET', '/api/v1/entity', { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_600));
    const res = await call(h.url, 'GET', '/api/v1/entity', { token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(obj(res.body)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });
});
