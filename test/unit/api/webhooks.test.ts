import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as webhooks from '../../../shared/api/webhooks.js';
import {
  SubscriptionCreatedSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WebhookEventSchema,
  type WebhookEventType,
} from '../../../shared/api/webhooks.js';
import { ENTITY_ID, EVENT_ID, TRUST_ID, UBO_ID } from './cases/ids.js';
import {
  entityCreatedData,
  entityDocData,
  entityUpdatedData,
  trustCreatedData,
  uboData,
  uboDocData,
  webhooksCases,
} from './cases/webhooks.cases.js';
import { runCases } from './cases/runner.js';

runCases(webhooks, webhooksCases);

const envelope = {
  schemaVersion: 1,
  eventId: EVENT_ID,
  occurredAt: '2025-03-01T10:15:00Z',
  externalID: 'BR-1',
};
const child = { ...envelope, entityId: ENTITY_ID };

const oneOfEach: Record<WebhookEventType, Record<string, unknown>> = {
  'entity.created': {
    ...envelope,
    externalID: null,
    source: 'Entity',
    sourceId: ENTITY_ID,
    data: entityCreatedData,
  },
  'entity.updated': {
    ...envelope,
    sourceEntity: 'FICA_ENTITY',
    sourceId: ENTITY_ID,
    data: entityUpdatedData,
  },
  'entity.document.created': {
    ...child,
    sourceEntity: 'FICA_ENTITY_DOC',
    sourceId: ENTITY_ID,
    data: entityDocData,
  },
  'entity.document.deleted': {
    ...child,
    sourceEntity: 'FICA_ENTITY_DOC',
    sourceId: ENTITY_ID,
    data: entityDocData,
  },
  'entityTrust.created': {
    ...child,
    sourceEntity: 'FICA_ENTITY_TRUST',
    sourceId: TRUST_ID,
    data: trustCreatedData,
  },
  'entityTrust.updated': {
    ...child,
    sourceEntity: 'FICA_ENTITY_TRUST',
    sourceId: TRUST_ID,
    data: trustCreatedData,
  },
  'ubo.created': { ...child, sourceEntity: 'FICA_UBO', sourceId: UBO_ID, data: uboData },
  'ubo.updated': { ...child, sourceEntity: 'FICA_UBO', sourceId: UBO_ID, data: uboData },
  'ubo.document.created': { ...child, sourceEntity: 'FICA_UBO_DOC', sourceId: UBO_ID, data: uboDocData },
  'ubo.document.deleted': { ...child, sourceEntity: 'FICA_UBO_DOC', sourceId: UBO_ID, data: uboDocData },
};

describe('WebhookEventSchema', () => {
  it('covers the ten published event types', () => {
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(10);
    expect(Object.keys(oneOfEach).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it.each(WEBHOOK_EVENT_TYPES)('parses a %s delivery and narrows on eventType', (eventType) => {
    const event = WebhookEventSchema.parse({ ...oneOfEach[eventType], eventType });
    expect(event.eventType).toBe(eventType);
  });

  it('exposes the typed data of the narrowed event', () => {
    const event = WebhookEventSchema.parse({
      ...oneOfEach['ubo.document.created'],
      eventType: 'ubo.document.created',
    });
    if (event.eventType !== 'ubo.document.created') throw new Error('not narrowed');
    expect(event.data.uboDocID).toBe(9);
    expect(event.entityId).toBe(ENTITY_ID);
  });

  it('keeps the published spelling foreignOffical in ubo data', () => {
    const event = WebhookEventSchema.parse({ ...oneOfEach['ubo.created'], eventType: 'ubo.created' });
    expect(event.data).toHaveProperty('foreignOffical', false);
  });

  it.each(WEBHOOK_EVENT_TYPES.filter((t) => t !== 'entity.created'))(
    'refuses %s with source instead of sourceEntity',
    (eventType) => {
      const { sourceEntity: _dropped, ...rest } = oneOfEach[eventType];
      const result = WebhookEventSchema.safeParse({ ...rest, source: 'Entity', eventType });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path)).toContainEqual(['sourceEntity']);
    },
  );
});

describe('SubscriptionCreatedSchema', () => {
  it('accepts a secret made like the sandbox makes it: whsec_ and base64 of 32 random bytes', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const result = SubscriptionCreatedSchema.safeParse({
      id: EVENT_ID,
      name: 'x',
      url: 'https://a.example',
      enabled: true,
      eventTypes: ['ubo.created'],
      createdAt: '2025-03-01T10:15:00Z',
      secret,
    });
    expect(result.success).toBe(true);
  });
});

describe('WEBHOOK_HEADERS', () => {
  it('names the service headers and the Standard Webhooks headers', () => {
    expect(Object.values(WEBHOOK_HEADERS).sort()).toEqual(
      [
        'X-Service-Event-Id',
        'X-Service-Event-Type',
        'X-Service-Signature',
        'X-Service-Timestamp',
        'webhook-id',
        'webhook-signature',
        'webhook-timestamp',
      ].sort(),
    );
  });
});
