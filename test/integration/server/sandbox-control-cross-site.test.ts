// The sandbox control API takes no token, so a web page must not be able to drive it: requests with
// a foreign Origin, a cross-site fetch marker or a non-JSON body are refused and change nothing;
// same-origin JSON and tools that send no Origin keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody, startTestSandbox, type TestSandbox } from './helpers.js';
import { controlHeaders } from '../../support/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

const partnerCount = (): number =>
  (t.sandbox.context.db.prepare('SELECT COUNT(*) AS n FROM partners').get() as { n: number }).n;

async function send(
  path: string,
  body: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: unknown }> {
  // With the control secret: what is refused here is refused for being cross-site, not for lacking it.
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { ...controlHeaders(t.url), ...headers },
    body,
  });
  return { status: res.status, body: await res.json() };
}

const JSON_PARTNER = JSON.stringify({ name: 'Evil Partner', balance: 1_000_000 });

describe('sandbox control API and cross-site requests', () => {
  it('refuses a cross-site form post that would create a partner', async () => {
    const before = partnerCount();
    const res = await send('/sandbox/v1/partners', 'name=Evil+Partner&balance=1000000', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://evil.example',
    });
    expect(res.status).toBe(403);
    expect(isErrorBody(res.body, 403)).toBe(true);
    expect(partnerCount()).toBe(before);
  });

  it('refuses JSON from a foreign or opaque origin, and a browser fetch marked cross-site', async () => {
    const before = partnerCount();
    for (const origin of ['http://evil.example', 'null', `http://localhost.evil.example:${t.sandbox.port}`]) {
      const res = await send('/sandbox/v1/partners', JSON_PARTNER, {
        'content-type': 'application/json',
        origin,
      });
      expect(res.status, origin).toBe(403);
    }
    const marked = await send('/sandbox/v1/partners', JSON_PARTNER, {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(marked.status).toBe(403);
    expect(partnerCount()).toBe(before);
  });

  it('refuses the content types a page can send without asking: form, multipart and text', async () => {
    const before = partnerCount();
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const res = await send('/sandbox/v1/partners', type === 'text/plain' ? JSON_PARTNER : 'name=Evil', {
        'content-type': type,
      });
      expect(res.status, type).toBe(415);
      expect(isErrorBody(res.body, 415)).toBe(true);
    }
    const action = await send('/sandbox/v1/dashboard-actions', '{}', { 'content-type': 'text/plain' });
    expect(action.status).toBe(415);
    const patch = await send(
      `/sandbox/v1/partners/${t.sandbox.demoPartner.partnerId}`,
      'balance=0',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'PATCH',
    );
    expect(patch.status).toBe(415);
    expect(partnerCount()).toBe(before);
  });

  it('accepts JSON from tools without an Origin and from its own origin', async () => {
    const plain = await send('/sandbox/v1/partners', JSON.stringify({ name: 'Tool Partner' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(plain.status).toBe(201);
    const sameOrigin = await send('/sandbox/v1/partners', JSON.stringify({ name: 'Same Origin Partner' }), {
      'content-type': 'application/json',
      origin: t.url,
    });
    expect(sameOrigin.status).toBe(201);
  });
});
