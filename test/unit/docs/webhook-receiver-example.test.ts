// The receiver docs/webhooks.md gives partners: deliveries signed as the sandbox signs them reach
// the handler once, anything else is refused, and the page shows the file as it is.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver, type DeliveredEvent } from '../../../docs/examples/webhook-receiver.js';
import { generateWebhookSecret, signDelivery } from '../../../server/webhooks/signing.js';

const secret = generateWebhookSecret();
const handled: DeliveredEvent[] = [];
const server = webhookReceiver(secret, (event) => handled.push(event));
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function eventBody(eventId: string): string {
  return JSON.stringify({
    schemaVersion: 1,
    eventId,
    eventType: 'entity.created',
    occurredAt: '2026-11-27T08:00:00.000Z',
    source: 'Entity',
    sourceId: 'a4f1c2d3-0000-4000-8000-000000000001',
    externalID: null,
    data: { ficaStatus: 'In Progress' },
  });
}

interface Delivery {
  eventId?: string;
  body?: string;
  /** Unix seconds the delivery was signed at; now by default. */
  timestamp?: number;
  signature?: string;
  headers?: Record<string, string>;
}

/** POSTs a delivery with the headers the sandbox sends, signed with the subscription's secret. */
async function deliver(d: Delivery = {}): Promise<number> {
  const eventId = d.eventId ?? randomUUID();
  const body = d.body ?? eventBody(eventId);
  const timestamp = d.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = d.signature ?? signDelivery(secret, eventId, timestamp, body);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
      ...d.headers,
    },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('the webhook receiver of the docs', () => {
  it('is shown on docs/webhooks.md as it is in the file', async () => {
    const [page, example] = await Promise.all([
      readFile('docs/webhooks.md', 'utf8'),
      readFile('docs/examples/webhook-receiver.ts', 'utf8'),
    ]);
    expect(page).toContain('```ts\n' + example + '```\n');
  });

  it('answers a signed delivery with 204 and hands its event over once, however often it comes', async () => {
    const eventId = randomUUID();
    const before = handled.length;
    expect(await deliver({ eventId })).toBe(204);
    expect(await deliver({ eventId })).toBe(204);
    expect(handled.slice(before).map((e) => [e.eventId, e.eventType])).toEqual([[eventId, 'entity.created']]);
  });

  it('accepts a delivery whose signature list, during a secret rotation, holds one that matches', async () => {
    const eventId = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    const body = eventBody(eventId);
    const old = signDelivery(generateWebhookSecret(), eventId, timestamp, body);
    const current = signDelivery(secret, eventId, timestamp, body);
    expect(await deliver({ eventId, body, timestamp, signature: `${old} ${current}` })).toBe(204);
  });

  it('refuses a changed body, another secret, a stale or future timestamp and missing headers', async () => {
    const before = handled.length;
    const eventId = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    const body = eventBody(eventId);
    const signature = signDelivery(secret, eventId, timestamp, body);
    const refusals = [
      { eventId, timestamp, signature, body: body.replace('In Progress', 'Approved') },
      { eventId, signature: signDelivery(generateWebhookSecret(), eventId, timestamp, body), timestamp },
      { eventId, timestamp: timestamp - 301 },
      { eventId, timestamp: timestamp + 301 },
      { eventId, headers: { 'webhook-signature': '' } },
    ];
    for (const delivery of refusals) expect(await deliver(delivery)).toBe(400);
    expect(handled.length).toBe(before);
  });

  it('refuses a body larger than a delivery ever is without reading it whole', async () => {
    // The answer comes while the body is still being sent, so it is read from node:http as it arrives.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end(randomBytes(2 * 1024 * 1024));
    });
    expect(status).toBe(413);
  });
});
