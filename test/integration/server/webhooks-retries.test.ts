// Delivery failures: retries on the (scaled) published schedule keep the eventId, a redirect is a
// failure, 410 disables the subscription, and a restart of the sandbox on the same data folder
// neither loses nor repeats a pending delivery.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { SubscriptionCreatedSchema, SubscriptionListSchema } from '../../../shared/api/webhooks.js';
import { webhooksFor } from '../../../server/webhooks/runtime.js';
import { expectStatus, startTestSandbox, type Client, type TestSandbox } from './helpers.js';
import { TestReceiver, dashboardAction } from './webhooks-test-receiver.js';

const SCALE = 0.001;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

async function subscribe(api: Client, path: string): Promise<{ id: string; secret: string }> {
  const res = await expectStatus(
    api.post('/api/v1/webhooks/subscriptions', {
      name: path,
      url: receiver.url(path),
      enabled: true,
      eventTypes: ['entity.created', 'entity.updated'],
    }),
    201,
  );
  return SubscriptionCreatedSchema.parse(res.body);
}

const createEntity = (url: string, partnerId: string, name: string) =>
  dashboardAction(url, {
    partnerId,
    action: 'createEntity',
    body: { entityRegName: name, entityRegNumber: '2015/000000/07', entityType: 1 },
  });

describe('retries and failures', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ webhookTimeScale: SCALE });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('retries a receiver that fails twice and then succeeds with the same eventId three times', async () => {
    const { secret } = await subscribe(t.api, '/flaky');
    receiver.responder = (d, attempt) => ({ status: d.path === '/flaky' && attempt <= 2 ? 500 : 200 });
    const [eventId] = await createEntity(t.url, t.sandbox.demoPartner.partnerId, 'Flaky Receiver Ltd');
    await receiver.waitFor(() => receiver.of(eventId!).some((d) => d.answered === 200), 'the third try');
    const tries = receiver.of(eventId!);
    expect(tries.map((d) => d.answered)).toEqual([500, 500, 200]);
    expect(new Set(tries.map((d) => JSON.parse(d.rawBody).eventId))).toEqual(new Set([eventId]));
    // Every try is signed afresh and verifies.
    for (const d of tries) {
      expect(() =>
        new Webhook(secret).verify(d.rawBody, {
          'webhook-id': String(d.headers['webhook-id']),
          'webhook-timestamp': String(d.headers['webhook-timestamp']),
          'webhook-signature': String(d.headers['webhook-signature']),
        }),
      ).not.toThrow();
    }
    // The receiver sees the 200 before the worker records it: wait for the outbox, not the clock.
    const outbox = webhooksFor(t.sandbox.context).outbox;
    await receiver.waitFor(
      () => outbox.deliveriesOf(eventId!)[0]?.status === 'succeeded',
      'the outbox to record the success',
    );
    expect(outbox.deliveriesOf(eventId!)[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
    await expectStatus(
      t.api.delete(
        `/api/v1/webhooks/subscriptions/${(await listSubscriptions(t.api)).find((s) => s.name === '/flaky')?.id}`,
      ),
      200,
    );
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    await subscribe(t.api, '/moved');
    receiver.responder = (d, attempt) =>
      d.path === '/moved' && attempt === 1
        ? { status: 302, headers: { location: receiver.url('/target') } }
        : { status: 200 };
    const [eventId] = await createEntity(t.url, t.sandbox.demoPartner.partnerId, 'Redirected Ltd');
    await receiver.waitFor(
      () => receiver.of(eventId!).some((d) => d.answered === 200),
      'the retry after the redirect',
    );
    expect(receiver.of(eventId!).map((d) => [d.path, d.answered])).toEqual([
      ['/moved', 302],
      ['/moved', 200],
    ]);
    expect(receiver.received.some((d) => d.path === '/target')).toBe(false);
    // The receiver sees the 200 before the worker records it: wait for the outbox, not the clock.
    const outbox = webhooksFor(t.sandbox.context).outbox;
    await receiver.waitFor(
      () => outbox.deliveriesOf(eventId!)[0]?.status === 'succeeded',
      'the outbox to record the success',
    );
    expect(outbox.deliveriesOf(eventId!)[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('disables the subscription when the receiver answers 410', async () => {
    for (const s of await listSubscriptions(t.api))
      await expectStatus(t.api.delete(`/api/v1/webhooks/subscriptions/${s.id}`), 200);
    const { id } = await subscribe(t.api, '/gone');
    receiver.responder = (d) => ({ status: d.path === '/gone' ? 410 : 200 });
    const [eventId] = await createEntity(t.url, t.sandbox.demoPartner.partnerId, 'Gone Ltd');
    await receiver.waitFor(() => receiver.of(eventId!).length > 0, 'the 410 answer');
    const outbox = webhooksFor(t.sandbox.context).outbox;
    await receiver.waitFor(
      () => outbox.deliveriesOf(eventId!)[0]?.status === 'failed',
      'the delivery marked failed',
    );
    const subscription = (await listSubscriptions(t.api)).find((s) => s.id === id);
    expect(subscription?.enabled).toBe(false);
    const [later] = await createEntity(t.url, t.sandbox.demoPartner.partnerId, 'After Gone Ltd');
    expect(outbox.deliveriesOf(later!)).toEqual([]);
    expect(receiver.of(eventId!)).toHaveLength(1);
    // The partner can turn it back on.
    const enabled = await expectStatus(
      t.api.patch(`/api/v1/webhooks/subscriptions/${id}`, { enabled: true }),
      200,
    );
    expect(enabled.body.enabled).toBe(true);
  });
});

describe('restart', () => {
  it('resumes pending deliveries after a restart on the same data folder, losing none and repeating none', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fica-sbx-restart-'));
    try {
      const first = await startTestSandbox({ dataDir, webhookTimeScale: SCALE });
      const partnerId = first.sandbox.demoPartner.partnerId;
      await subscribe(first.api, '/restart');
      // The receiver is down (503) while the first instance runs.
      let up = false;
      receiver.responder = (d) => ({ status: d.path === '/restart' && !up ? 503 : 200 });
      const eventIds: string[] = [];
      for (const name of ['One Ltd', 'Two Ltd', 'Three Ltd'])
        eventIds.push(...(await createEntity(first.url, partnerId, name)));
      await receiver.waitFor(
        () => eventIds.every((id) => receiver.of(id).length >= 1),
        'a first failed try of each event',
      );
      const firstOutbox = webhooksFor(first.sandbox.context).outbox;
      expect(
        eventIds
          .map((id) => firstOutbox.deliveriesOf(id)[0]?.status)
          .every((s) => s === 'pending' || s === 'delivering'),
      ).toBe(true);
      await first.stop();

      up = true;
      const triesBefore = new Map(eventIds.map((id) => [id, receiver.of(id).length]));
      const second = await startTestSandbox({ dataDir, webhookTimeScale: SCALE });
      try {
        expect(second.sandbox.demoPartner.partnerId).toBe(partnerId);
        await receiver.waitFor(
          () => eventIds.every((id) => receiver.of(id).some((d) => d.answered === 200)),
          'every event delivered after the restart',
        );
        const outbox = webhooksFor(second.sandbox.context).outbox;
        await receiver.waitFor(
          () => eventIds.every((id) => outbox.deliveriesOf(id)[0]?.status === 'succeeded'),
          'outcomes recorded',
        );
        for (const id of eventIds) {
          const tries = receiver.of(id);
          // Exactly one successful delivery per event, and nothing sent twice for one try.
          expect(tries.filter((d) => d.answered === 200)).toHaveLength(1);
          expect(tries.length).toBe(outbox.deliveriesOf(id)[0]?.attempts);
          expect(tries.length).toBeGreaterThan(triesBefore.get(id) ?? 0);
        }
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function listSubscriptions(api: Client) {
  return SubscriptionListSchema.parse(
    (await expectStatus(api.get('/api/v1/webhooks/subscriptions'), 200)).body,
  );
}
