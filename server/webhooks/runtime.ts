// The webhook machinery of one app: subscriptions, outbox, emitter and the delivery worker, with
// the worker started when the server is ready and stopped (waiting for tries under way) on close.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebhookEventType, WebhookSourceEntity } from '../../shared/api/webhooks.js';
import type { AppContext } from '../context.js';
import { isoNow, type Clock } from '../clock.js';
import { DeliveryWorker } from './delivery-worker.js';
import { Outbox } from './outbox.js';
import { SubscriptionStore } from './subscription-store.js';

export const SCHEMA_VERSION = 1;

const SOURCE_ENTITY: Record<Exclude<WebhookEventType, 'entity.created'>, WebhookSourceEntity> = {
  'entity.updated': 'FICA_ENTITY',
  'entity.document.created': 'FICA_ENTITY_DOC',
  'entity.document.deleted': 'FICA_ENTITY_DOC',
  'entityTrust.created': 'FICA_ENTITY_TRUST',
  'entityTrust.updated': 'FICA_ENTITY_TRUST',
  'ubo.created': 'FICA_UBO',
  'ubo.updated': 'FICA_UBO',
  'ubo.document.created': 'FICA_UBO_DOC',
  'ubo.document.deleted': 'FICA_UBO_DOC',
};

export interface EventInput {
  eventType: WebhookEventType;
  /** The entity on entity events; the trust or UBO on their events. */
  sourceId: string;
  /** The parent entity on child events. */
  entityId?: string;
  /** The partner's reference (`clientRef`), or null; forced to null on entity.created. */
  externalID: string | null;
  data: Record<string, unknown>;
}

/** The published envelope, fields in the published order. */
export function buildEnvelope(
  input: EventInput,
  eventId: string,
  occurredAt: string,
): Record<string, unknown> {
  if (input.eventType === 'entity.created') {
    return {
      schemaVersion: SCHEMA_VERSION,
      eventId,
      eventType: input.eventType,
      occurredAt,
      source: 'Entity',
      sourceId: input.sourceId,
      externalID: null,
      data: input.data,
    };
  }
  return {
    schemaVersion: SCHEMA_VERSION,
    eventId,
    eventType: input.eventType,
    occurredAt,
    sourceEntity: SOURCE_ENTITY[input.eventType],
    sourceId: input.sourceId,
    ...(input.entityId ? { entityId: input.entityId } : {}),
    // webhooks.md: "entity.updated (top level also carries entityType)"; it is in `data` as well.
    ...(input.eventType === 'entity.updated' ? { entityType: input.data.entityType ?? null } : {}),
    externalID: input.externalID,
    data: input.data,
  };
}

export class WebhookRuntime {
  readonly subscriptions: SubscriptionStore;
  readonly outbox: Outbox;
  readonly worker: DeliveryWorker;

  private readonly clock: Clock;

  constructor(ctx: AppContext) {
    this.clock = ctx.clock;
    this.subscriptions = new SubscriptionStore(ctx.db, ctx.clock);
    this.outbox = new Outbox(ctx.db, ctx.clock);
    this.worker = new DeliveryWorker({
      outbox: this.outbox,
      subscriptions: this.subscriptions,
      mode: ctx.config.mode,
      timeScale: ctx.config.webhookTimeScale,
      now: ctx.clock,
    });
  }

  /**
   * Stores the event (always, even with no matching subscription) and queues one delivery per
   * enabled subscription that asked for its type. Returns the event id.
   */
  emit(partnerId: string, input: EventInput): string {
    const eventId = randomUUID();
    const occurredAt = isoNow(this.clock);
    const body = JSON.stringify(buildEnvelope(input, eventId, occurredAt));
    const targets = this.subscriptions.matching(partnerId, input.eventType).map((s) => s.id);
    this.outbox.record({ id: eventId, partnerId, eventType: input.eventType, body, occurredAt }, targets);
    if (targets.length > 0) this.worker.kick();
    return eventId;
  }
}

const runtimes = new WeakMap<AppContext, WebhookRuntime>();

export function webhooksFor(ctx: AppContext): WebhookRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = new WebhookRuntime(ctx);
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

/** Starts delivering once the server listens (resuming what a previous run left pending). */
export function registerWebhookWorker(app: FastifyInstance, ctx: AppContext): void {
  const runtime = webhooksFor(ctx);
  app.addHook('onReady', async () => runtime.worker.start());
  // preClose runs before the database is closed (onClose), so tries under way record their outcome.
  app.addHook('preClose', async () => runtime.worker.stop());
}
