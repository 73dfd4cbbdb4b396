import type { Migration } from './index.js';

// The webhook outbox (contract §8). Events keep the exact bytes sent so every retry signs and
// sends the same body; a delivery row is claimed with a lease so a restart neither loses nor
// repeats it.
export const m010Webhooks: Migration = {
  version: 10,
  name: 'webhook subscriptions, events and deliveries',
  sql: `
    CREATE TABLE webhook_subscriptions (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      name TEXT NOT NULL,
      url TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      event_types TEXT NOT NULL,
      secret TEXT NOT NULL,
      disabled_reason TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX webhook_subscriptions_partner ON webhook_subscriptions(partner_id, seq);

    CREATE TABLE webhook_events (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      event_type TEXT NOT NULL,
      body TEXT NOT NULL,
      occurred_at TEXT NOT NULL
    );
    CREATE INDEX webhook_events_partner ON webhook_events(partner_id, seq);

    CREATE TABLE webhook_deliveries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id TEXT NOT NULL REFERENCES webhook_events(id),
      subscription_id TEXT NOT NULL,
      status TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      lease_until INTEGER,
      last_status INTEGER,
      last_error TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (event_id, subscription_id)
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
  `,
};
