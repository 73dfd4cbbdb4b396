// Webhook subscriptions (contract §8): the secret shown once, list and read without it, change,
// delete, partner scoping, and the URL rules of sandbox and live mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SubscriptionCreatedSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
} from '../../../shared/api/webhooks.js';
import { createPartner, expectStatus, isErrorBody, startTestSandbox, type TestSandbox } from './helpers.js';
import { controlHeaders } from '../../support/sandbox.js';

let t: TestSandbox;
const path = '/api/v1/webhooks/subscriptions';
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'CRM',
  url: 'http://127.0.0.1:9/hooks',
  enabled: true,
  eventTypes: ['entity.created', 'ubo.updated'],
  ...extra,
});

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

describe('subscriptions', () => {
  it('creates with a whsec_ secret of 32 random bytes, shown only in the create answer', async () => {
    const res = await expectStatus(t.api.post(path, body()), 201);
    const created = SubscriptionCreatedSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual([
      'createdAt',
      'enabled',
      'eventTypes',
      'id',
      'name',
      'secret',
      'url',
    ]);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const other = SubscriptionCreatedSchema.parse((await expectStatus(t.api.post(path, body()), 201)).body);
    expect(other.secret).not.toBe(created.secret);

    const list = await expectStatus(t.api.get(path), 200);
    expect(SubscriptionListSchema.parse(list.body).map((s) => s.id)).toEqual(
      expect.arrayContaining([created.id, other.id]),
    );
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const one = await expectStatus(t.api.get(`${path}/${created.id}`), 200);
    expect(SubscriptionSchema.parse(one.body)).not.toHaveProperty('secret');
  });

  it('changes and deletes a subscription, and keeps other partners out', async () => {
    const { id } = SubscriptionCreatedSchema.parse((await expectStatus(t.api.post(path, body()), 201)).body);
    const changed = await expectStatus(
      t.api.patch(`${path}/${id}`, { name: 'ERP', enabled: false, eventTypes: ['entity.updated'] }),
      200,
    );
    expect(SubscriptionSchema.parse(changed.body)).toMatchObject({
      id,
      name: 'ERP',
      enabled: false,
      eventTypes: ['entity.updated'],
    });
    expect(changed.body).not.toHaveProperty('secret');

    const stranger = await createPartner(t.url, { balance: 0 });
    expect((await stranger.client.get(`${path}/${id}`)).status).toBe(404);
    expect((await stranger.client.patch(`${path}/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await stranger.client.delete(`${path}/${id}`)).status).toBe(404);
    expect(SubscriptionListSchema.parse((await stranger.client.get(path)).body)).toEqual([]);

    await expectStatus(t.api.delete(`${path}/${id}`), 200);
    const gone = await t.api.get(`${path}/${id}`);
    expect(gone.status).toBe(404);
    expect(isErrorBody(gone.body, 404)).toBe(true);
  });

  it('refuses bad bodies and http on anything but loopback', async () => {
    for (const bad of [
      body({ url: 'http://example.com/hooks' }),
      body({ url: 'ftp://127.0.0.1/hooks' }),
      body({ eventTypes: ['entity.exploded'] }),
      body({ eventTypes: [] }),
      { name: 'No url', enabled: true, eventTypes: ['entity.created'] },
    ]) {
      const res = await t.api.post(path, bad);
      expect(res.status).toBe(400);
      expect(isErrorBody(res.body, 400)).toBe(true);
    }
    await expectStatus(t.api.post(path, body({ url: 'https://example.com/hooks' })), 201);
    await expectStatus(t.api.post(path, body({ url: 'http://localhost:8080/hooks' })), 201);
  });

  it('requires https in live mode, refuses private addresses there, and has no sandbox control API', async () => {
    const live = await startTestSandbox({ mode: 'live' });
    try {
      expect((await live.api.post(path, body())).status).toBe(400);
      expect((await live.api.post(path, body({ url: 'https://10.1.2.3/hooks' }))).status).toBe(400);
      await expectStatus(live.api.post(path, body({ url: 'https://hooks.example.com/in' })), 201);
      const control = await fetch(`${live.url}/sandbox/v1/dashboard-actions`, {
        method: 'POST',
        headers: { ...controlHeaders(live.url), 'content-type': 'application/json' },
        body: JSON.stringify({ partnerId: live.sandbox.demoPartner.partnerId, action: 'updateEntity' }),
      });
      expect(control.status).toBe(404);
    } finally {
      await live.stop();
    }
  });
});
