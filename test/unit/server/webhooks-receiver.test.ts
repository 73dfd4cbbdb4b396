import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import {
  base64Decode,
  base64Encode,
  computeSignature,
  createEventDeduplicator,
  verifyWebhook,
} from '../../../shared/api/webhook-receiver.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const eventId = '0b9f2c1e-7d3a-4c55-9a1e-2f4b6c8d0e11';
const body = JSON.stringify({
  schemaVersion: 1,
  eventId,
  eventType: 'entity.created',
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'Entity',
  sourceId: 'a4f1c2d3-0000-4000-8000-000000000001',
  externalID: null,
  data: { ficaStatus: 'In Progress' },
});

function headersFor(signature: string, timestamp: number): Record<string, string> {
  return { 'webhook-id': eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

describe('webhook receiver helper', () => {
  it('verifies a signature made by the standardwebhooks library', async () => {
    const now = new Date();
    const signature = new Webhook(secret).sign(eventId, now, body);
    const result = await verifyWebhook({
      secret,
      headers: headersFor(signature, Math.floor(now.getTime() / 1000)),
      rawBody: body,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.event.eventType).toBe('entity.created');
  });

  it('makes signatures the standardwebhooks library accepts', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await computeSignature(secret, eventId, timestamp, body);
    expect(() => new Webhook(secret).verify(body, headersFor(signature, timestamp))).not.toThrow();
  });

  it('accepts a space-separated list and the X-Service copies of the headers', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const good = await computeSignature(secret, eventId, timestamp, body);
    const result = await verifyWebhook({
      secret,
      headers: {
        'X-Service-Event-Id': eventId,
        'X-Service-Timestamp': String(timestamp),
        'X-Service-Signature': `v1,AAAA ${good}`,
      },
      rawBody: new TextEncoder().encode(body),
    });
    expect(result.ok).toBe(true);
  });

  it('refuses a tampered body, a wrong secret, missing headers and stale or future timestamps', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await computeSignature(secret, eventId, timestamp, body);
    const code = async (input: Parameters<typeof verifyWebhook>[0]) => {
      const r = await verifyWebhook(input);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(
      await code({
        secret,
        headers: headersFor(signature, timestamp),
        rawBody: body.replace('In Progress', 'Approved'),
      }),
    ).toBe('invalid_signature');
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(await code({ secret: other, headers: headersFor(signature, timestamp), rawBody: body })).toBe(
      'invalid_signature',
    );
    expect(await code({ secret, headers: { 'webhook-id': eventId }, rawBody: body })).toBe('missing_headers');
    expect(
      await code({
        secret,
        headers: headersFor(signature, timestamp),
        rawBody: body,
        now: (timestamp + 301) * 1000,
      }),
    ).toBe('timestamp_too_old');
    expect(
      await code({
        secret,
        headers: headersFor(signature, timestamp),
        rawBody: body,
        now: (timestamp - 301) * 1000,
      }),
    ).toBe('timestamp_too_new');
    expect(await code({ secret: 'whsec_!!', headers: headersFor(signature, timestamp), rawBody: body })).toBe(
      'invalid_secret',
    );
  });

  it('base64 round-trips like Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const encoded = base64Encode(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(Array.from(base64Decode(encoded) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('reports duplicates, including two deliveries arriving together', async () => {
    const dedupe = createEventDeduplicator();
    const [a, b] = await Promise.all([dedupe.isDuplicate('e1'), dedupe.isDuplicate('e1')]);
    expect([a, b].sort()).toEqual([false, true]);
    expect(await dedupe.isDuplicate('e1')).toBe(true);
    expect(await dedupe.isDuplicate('e2')).toBe(false);
  });
});
