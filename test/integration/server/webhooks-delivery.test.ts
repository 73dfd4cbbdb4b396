// Webhook deliveries to a real receiver on loopback: all ten event types from dashboard actions,
// with the published headers and envelope, verified by the standardwebhooks library and by the
// receiver of docs/webhooks.md; /api/v1 changes emit nothing; events without a subscription are
// still stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookEventSchema,
  SubscriptionCreatedSchema,
} from '../../../shared/api/webhooks.js';
import { verifyDelivery } from '../../../docs/examples/webhook-receiver.js';
import { PDF, createPartner, expectStatus, startTestSandbox, type TestSandbox } from './helpers.js';
import { TestReceiver, dashboardAction } from './webhooks-test-receiver.js';
import { controlHeaders } from '../../support/sandbox.js';

let t: TestSandbox;
let receiver: TestReceiver;
let secret: string;
let partnerId: string;

beforeAll(async () => {
  t = await startTestSandbox({ webhookTimeScale: 0.001 });
  receiver = await TestReceiver.start();
  partnerId = t.sandbox.demoPartner.partnerId;
  const created = await expectStatus(
    t.api.post('/api/v1/webhooks/subscriptions', {
      name: 'All events',
      url: receiver.url(),
      enabled: true,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
    }),
    201,
  );
  secret = SubscriptionCreatedSchema.parse(created.body).secret;
});
afterAll(async () => {
  await t.stop();
  await receiver.stop();
});

const base64 = PDF.toString('base64');

describe('webhook deliveries', () => {
  it('delivers every one of the ten event types, signed and in the published envelope', async () => {
    const run = (body: Record<string, unknown>) => dashboardAction(t.url, { partnerId, ...body });
    const [created, directorCreated] = await run({
      action: 'createEntity',
      body: {
        entityRegName: 'Hooked Holdings',
        entityRegNumber: '2015/123456/07',
        entityType: 1,
        clientReference: 'hook-ref-1',
      },
    });
    expect(created && directorCreated).toBeTruthy();
    const entityId = (JSON.parse((await waitForEvent(created!)).rawBody) as { sourceId: string }).sourceId;

    const ids: string[] = [created!, directorCreated!];
    ids.push(
      ...(await run({
        action: 'updateEntity',
        entityId,
        changes: { entityTradingName: 'Hooked Trading', clientReference: 'hook-ref-1' },
      })),
    );
    const [docCreated] = await run({
      action: 'uploadEntityDocument',
      entityId,
      entityDocsID: 1,
      entityDocTypesID: 1,
      filename: 'cipc.pdf',
      contentBase64: base64,
    });
    ids.push(docCreated!);
    const entityDocID = (
      JSON.parse((await waitForEvent(docCreated!)).rawBody) as { data: { entityDocID: number } }
    ).data.entityDocID;
    ids.push(...(await run({ action: 'deleteEntityDocument', entityId, entityDocID })));
    const [trustCreated] = await run({
      action: 'addTrust',
      entityId,
      trustName: 'Family Trust',
      sharePercentage: 40,
      uboPercentage: 40,
    });
    ids.push(trustCreated!);
    const entityTrustId = (JSON.parse((await waitForEvent(trustCreated!)).rawBody) as { sourceId: string })
      .sourceId;
    ids.push(
      ...(await run({ action: 'updateTrust', entityId, entityTrustId, changes: { sharePercentage: 45 } })),
    );
    const [uboCreated] = await run({
      action: 'createUbo',
      entityId,
      body: {
        firstName: 'Ayanda',
        lastName: 'Zulu',
        clientSACitizen: true,
        idNumber: '8001015009087',
        isShareholder: true,
        shareholderPercentage: '60',
      },
    });
    ids.push(uboCreated!);
    const uboId = (JSON.parse((await waitForEvent(uboCreated!)).rawBody) as { sourceId: string }).sourceId;
    ids.push(...(await run({ action: 'updateUbo', entityId, uboId, changes: { lastName: 'Zulu-Mthembu' } })));
    const [uboDoc] = await run({
      action: 'uploadUboDocument',
      entityId,
      uboId,
      individualDocsID: 1,
      IndividualDocTypesID: 1,
      filename: 'id.pdf',
      contentBase64: base64,
    });
    ids.push(uboDoc!);
    const uboDocID = (JSON.parse((await waitForEvent(uboDoc!)).rawBody) as { data: { uboDocID: number } })
      .data.uboDocID;
    ids.push(...(await run({ action: 'deleteUboDocument', entityId, uboId, uboDocID })));

    const seenTypes = new Set<string>();
    const seen = new Set<string>();
    for (const eventId of ids) {
      const delivery = await waitForEvent(eventId);
      const h = delivery.headers;
      expect(h['content-type']).toBe('application/json');
      expect(h['x-service-event-id']).toBe(eventId);
      expect(h['webhook-id']).toBe(eventId);
      expect(h['x-service-timestamp']).toBe(h['webhook-timestamp']);
      expect(h['x-service-signature']).toBe(h['webhook-signature']);
      expect(String(h['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

      const event = WebhookEventSchema.parse(JSON.parse(delivery.rawBody));
      expect(event.eventId).toBe(eventId);
      expect(h['x-service-event-type']).toBe(event.eventType);
      seenTypes.add(event.eventType);
      if (event.eventType === 'entity.created') {
        expect(event).toMatchObject({ source: 'Entity', sourceId: entityId, externalID: null });
        expect(event).not.toHaveProperty('sourceEntity');
      } else if (event.eventType === 'entity.updated') {
        expect(event).toMatchObject({
          sourceEntity: 'FICA_ENTITY',
          sourceId: entityId,
          externalID: 'hook-ref-1',
        });
        expect(event).toHaveProperty('entityType', 1);
        expect(event.data).toMatchObject({ entityType: 1, clientRef: 'hook-ref-1' });
      } else {
        // Child events name their parent entity.
        expect(event.externalID).toBe('hook-ref-1');
        expect(event).toHaveProperty('entityId', entityId);
      }

      // The independent verifier: the standardwebhooks library.
      const verified = new Webhook(secret).verify(delivery.rawBody, {
        'webhook-id': String(h['webhook-id']),
        'webhook-timestamp': String(h['webhook-timestamp']),
        'webhook-signature': String(h['webhook-signature']),
      });
      expect(verified).toMatchObject({ eventId });
      // And the receiver of the docs, with the headers as a partner's server reads them.
      expect(verifyDelivery(new Webhook(secret), delivery.rawBody, h)).toMatchObject({ eventId });
      expect(seen.has(eventId)).toBe(false);
      seen.add(eventId);
    }
    expect([...seenTypes].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());

    const forged = verifyDelivery(
      new Webhook(secret),
      '{"eventId":"x"}',
      (await waitForEvent(ids[0]!)).headers,
    );
    expect(forged).toBeNull();
  });

  it('emits nothing for /api/v1 entity calls', async () => {
    const before = eventCount();
    const received = receiver.received.length;
    const entity = await expectStatus(
      t.api.post<{ id: string }>('/api/v1/entity', {
        entityRegName: 'Quiet Ltd',
        entityRegNumber: '2015/222222/07',
        entityType: 1,
      }),
      201,
    );
    await expectStatus(
      t.api.patch(`/api/v1/entity/${entity.body.id}/kyb`, {
        entityTradingName: 'Quiet',
        transactionConsistent: 'true',
      }),
      200,
    );
    expect(eventCount()).toBe(before);
    // A dashboard action afterwards is delivered and is the only new delivery.
    const [marker] = await dashboardAction(t.url, {
      partnerId,
      action: 'updateEntity',
      entityId: entity.body.id,
      changes: { entityTradingName: 'Loud' },
    });
    await waitForEvent(marker!);
    expect(receiver.received.slice(received).map((d) => d.eventId)).toEqual([marker]);
  });

  it('stores events of a partner without a matching subscription and sends nothing', async () => {
    const other = await createPartner(t.url, { balance: 100 });
    const received = receiver.received.length;
    const eventIds = await dashboardAction(t.url, {
      partnerId: other.partnerId,
      action: 'createEntity',
      body: { entityRegName: 'Unsubscribed Ltd', entityRegNumber: '2015/000000/07', entityType: 1 },
    });
    expect(eventIds).toHaveLength(1);
    const db = t.sandbox.context.db;
    const stored = db.prepare('SELECT event_type FROM webhook_events WHERE id = ?').get(eventIds[0]) as
      { event_type: string } | undefined;
    expect(stored?.event_type).toBe('entity.created');
    const deliveries = db
      .prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_id = ?')
      .get(eventIds[0]) as { n: number };
    expect(deliveries.n).toBe(0);
    expect(receiver.received.length).toBe(received);
  });

  it('refuses dashboard actions on unknown records with 404 and bad actions with 400', async () => {
    const res = await fetch(`${t.url}/sandbox/v1/dashboard-actions`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerId,
        action: 'updateEntity',
        entityId: '00000000-0000-4000-8000-000000000000',
        changes: { entityTradingName: 'X' },
      }),
    });
    expect(res.status).toBe(404);
    const bad = await fetch(`${t.url}/sandbox/v1/dashboard-actions`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: JSON.stringify({ partnerId, action: 'launchRocket' }),
    });
    expect(bad.status).toBe(400);
  });
});

function eventCount(): number {
  return (
    t.sandbox.context.db
      .prepare('SELECT COUNT(*) AS n FROM webhook_events WHERE partner_id = ?')
      .get(partnerId) as { n: number }
  ).n;
}

async function waitForEvent(eventId: string) {
  await receiver.waitFor(() => receiver.of(eventId).length > 0, `delivery of ${eventId}`);
  return receiver.of(eventId)[0]!;
}
