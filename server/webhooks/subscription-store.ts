// Webhook subscriptions of a partner. The secret is kept to sign deliveries and leaves the store
// only in the create answer (contract §8).
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import { generateWebhookSecret } from './signing.js';

export interface Subscription {
  id: string;
  partnerId: string;
  name: string;
  url: string;
  enabled: boolean;
  eventTypes: string[];
  secret: string;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows: everything but the partner and the secret. */
export interface SubscriptionView {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  eventTypes: string[];
  createdAt: string;
  updatedAt: string;
  disabledReason: string | null;
}

interface SubscriptionRow {
  id: string;
  partner_id: string;
  name: string;
  url: string;
  enabled: number;
  event_types: string;
  secret: string;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    partnerId: row.partner_id,
    name: row.name,
    url: row.url,
    enabled: row.enabled === 1,
    eventTypes: JSON.parse(row.event_types) as string[],
    secret: row.secret,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function subscriptionView(s: Subscription): SubscriptionView {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    enabled: s.enabled,
    eventTypes: s.eventTypes,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    disabledReason: s.disabledReason,
  };
}

export interface SubscriptionChanges {
  name?: string;
  url?: string;
  enabled?: boolean;
  eventTypes?: string[];
}

export class SubscriptionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  create(
    partnerId: string,
    input: { name: string; url: string; enabled: boolean; eventTypes: string[] },
  ): Subscription {
    const id = randomUUID();
    const now = isoNow(this.clock);
    const seq = (
      this.db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM webhook_subscriptions').get() as {
        n: number;
      }
    ).n;
    this.db
      .prepare(
        `INSERT INTO webhook_subscriptions (id, seq, partner_id, name, url, enabled, event_types, secret, disabled_reason, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      )
      .run(
        id,
        seq,
        partnerId,
        input.name,
        input.url,
        input.enabled ? 1 : 0,
        JSON.stringify(input.eventTypes),
        generateWebhookSecret(),
        now,
        now,
      );
    return this.get(partnerId, id) as Subscription;
  }

  get(partnerId: string, id: string): Subscription | undefined {
    const row = this.db
      .prepare('SELECT * FROM webhook_subscriptions WHERE id = ? AND partner_id = ?')
      .get(id, partnerId) as SubscriptionRow | undefined;
    return row && toSubscription(row);
  }

  /** Any partner's subscription, for the delivery worker. */
  byId(id: string): Subscription | undefined {
    const row = this.db.prepare('SELECT * FROM webhook_subscriptions WHERE id = ?').get(id) as
      SubscriptionRow | undefined;
    return row && toSubscription(row);
  }

  list(partnerId: string): Subscription[] {
    const rows = this.db
      .prepare('SELECT * FROM webhook_subscriptions WHERE partner_id = ? ORDER BY seq')
      .all(partnerId) as SubscriptionRow[];
    return rows.map(toSubscription);
  }

  /** Enabled subscriptions of the partner that asked for this exact event type. */
  matching(partnerId: string, eventType: string): Subscription[] {
    return this.list(partnerId).filter((s) => s.enabled && s.eventTypes.includes(eventType));
  }

  update(partnerId: string, id: string, changes: SubscriptionChanges): Subscription | undefined {
    const current = this.get(partnerId, id);
    if (!current) return undefined;
    const enabled = changes.enabled ?? current.enabled;
    this.db
      .prepare(
        `UPDATE webhook_subscriptions SET name = ?, url = ?, enabled = ?, event_types = ?, disabled_reason = ?, updated_at = ?
         WHERE id = ? AND partner_id = ?`,
      )
      .run(
        changes.name ?? current.name,
        changes.url ?? current.url,
        enabled ? 1 : 0,
        JSON.stringify(changes.eventTypes ?? current.eventTypes),
        // Re-enabling clears why the service had disabled it.
        enabled ? null : current.disabledReason,
        isoNow(this.clock),
        id,
        partnerId,
      );
    return this.get(partnerId, id);
  }

  /** The receiver answered 410 Gone: stop sending until the partner re-enables it. */
  disable(id: string, reason: string): void {
    this.db
      .prepare(
        'UPDATE webhook_subscriptions SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?',
      )
      .run(reason, isoNow(this.clock), id);
  }

  delete(partnerId: string, id: string): boolean {
    return (
      this.db.prepare('DELETE FROM webhook_subscriptions WHERE id = ? AND partner_id = ?').run(id, partnerId)
        .changes === 1
    );
  }
}
