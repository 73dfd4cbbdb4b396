// The persisted outbox: events as sent, and one delivery row per matching subscription. Rows are
// claimed with a lease before a try, so a second worker or a restarted one never sends a row that
// another try still holds, and a row whose holder died is picked up again when its lease ends.
import type { Db } from '../store/db.js';
import { systemClock, type Clock } from '../clock.js';

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed' | 'skipped';

export interface ClaimedDelivery {
  id: number;
  eventId: string;
  eventType: string;
  subscriptionId: string;
  attempts: number;
  body: string;
}

export interface DeliveryRecord {
  id: number;
  eventId: string;
  subscriptionId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
}

export interface StoredEvent {
  id: string;
  partnerId: string;
  eventType: string;
  body: string;
  occurredAt: string;
}

export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Stores the event and queues it for each subscription id, in one transaction. */
  record(event: StoredEvent, subscriptionIds: readonly string[], now = this.clock()): void {
    const iso = new Date(now).toISOString();
    this.db.transaction(() => {
      const seq = (
        this.db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM webhook_events').get() as { n: number }
      ).n;
      this.db
        .prepare(
          'INSERT INTO webhook_events (id, seq, partner_id, event_type, body, occurred_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(event.id, seq, event.partnerId, event.eventType, event.body, event.occurredAt);
      const insert = this.db.prepare(
        `INSERT INTO webhook_deliveries (event_id, subscription_id, status, attempts, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, 'pending', 0, ?, ?, ?)`,
      );
      for (const subscriptionId of subscriptionIds) insert.run(event.id, subscriptionId, now, iso, iso);
    })();
  }

  event(id: string): StoredEvent | undefined {
    const row = this.db
      .prepare('SELECT id, partner_id, event_type, body, occurred_at FROM webhook_events WHERE id = ?')
      .get(id) as
      { id: string; partner_id: string; event_type: string; body: string; occurred_at: string } | undefined;
    return (
      row && {
        id: row.id,
        partnerId: row.partner_id,
        eventType: row.event_type,
        body: row.body,
        occurredAt: row.occurred_at,
      }
    );
  }

  /**
   * Claims up to `limit` due rows (pending and due, or delivering with an expired lease), at most
   * `perSubscription` in flight for any one subscription: rows held by a live lease count against
   * their subscription, so a receiver that hangs keeps only its own rows waiting.
   */
  claimDue(
    limit: number,
    leaseMs: number,
    now = this.clock(),
    perSubscription = Infinity,
  ): ClaimedDelivery[] {
    if (limit <= 0 || perSubscription <= 0) return [];
    return this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `WITH busy AS (
             SELECT subscription_id, COUNT(*) AS held FROM webhook_deliveries
             WHERE status = 'delivering' AND lease_until > ? GROUP BY subscription_id
           ), due AS (
             SELECT d.id, d.event_id, d.subscription_id, d.attempts, d.next_attempt_at,
                    ROW_NUMBER() OVER (PARTITION BY d.subscription_id ORDER BY d.next_attempt_at, d.id) AS rank
             FROM webhook_deliveries d
             WHERE (d.status = 'pending' AND d.next_attempt_at <= ?) OR (d.status = 'delivering' AND d.lease_until <= ?)
           )
           SELECT due.id, due.event_id, due.subscription_id, due.attempts, e.event_type, e.body
           FROM due JOIN webhook_events e ON e.id = due.event_id
           LEFT JOIN busy ON busy.subscription_id = due.subscription_id
           WHERE due.rank + COALESCE(busy.held, 0) <= ?
           ORDER BY due.next_attempt_at, due.id LIMIT ?`,
        )
        .all(now, now, now, clampToSqlite(perSubscription), limit) as Array<{
        id: number;
        event_id: string;
        subscription_id: string;
        attempts: number;
        event_type: string;
        body: string;
      }>;
      const claim = this.db.prepare(
        `UPDATE webhook_deliveries SET status = 'delivering', lease_until = ?, updated_at = ?
         WHERE id = ? AND (status = 'pending' OR (status = 'delivering' AND lease_until <= ?))`,
      );
      const claimed: ClaimedDelivery[] = [];
      for (const row of rows) {
        if (claim.run(now + leaseMs, new Date(now).toISOString(), row.id, now).changes !== 1) continue;
        claimed.push({
          id: row.id,
          eventId: row.event_id,
          eventType: row.event_type,
          subscriptionId: row.subscription_id,
          attempts: row.attempts,
          body: row.body,
        });
      }
      return claimed;
    })();
  }

  /** Records a try's outcome; `status` is where the row goes next. */
  finish(
    id: number,
    outcome: {
      status: DeliveryStatus;
      attempts: number;
      nextAttemptAt?: number;
      httpStatus?: number;
      error?: string;
    },
    now = this.clock(),
  ): void {
    this.db
      .prepare(
        `UPDATE webhook_deliveries
         SET status = ?, attempts = ?, next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL,
             last_status = ?, last_error = ?, updated_at = ?
         WHERE id = ?`,
      )
      .run(
        outcome.status,
        outcome.attempts,
        outcome.nextAttemptAt ?? null,
        outcome.httpStatus ?? null,
        outcome.error ?? null,
        new Date(now).toISOString(),
        id,
      );
  }

  /**
   * When the next row falls due (a pending try or an expiring lease), if any. A pending row of a
   * subscription whose `perSubscription` slots are all held waits for one of them to end instead.
   */
  nextDueAt(now = this.clock(), perSubscription = Infinity): number | undefined {
    const row = this.db
      .prepare(
        `WITH busy AS (
           SELECT subscription_id, COUNT(*) AS held, MIN(lease_until) AS first_free FROM webhook_deliveries
           WHERE status = 'delivering' AND lease_until > ? GROUP BY subscription_id
         )
         SELECT MIN(
           CASE
             WHEN d.status = 'delivering' THEN d.lease_until
             WHEN COALESCE(busy.held, 0) >= ? THEN MAX(busy.first_free, d.next_attempt_at)
             ELSE d.next_attempt_at
           END
         ) AS due
         FROM webhook_deliveries d LEFT JOIN busy ON busy.subscription_id = d.subscription_id
         WHERE d.status IN ('pending', 'delivering')`,
      )
      .get(now, clampToSqlite(perSubscription)) as { due: number | null };
    return row.due ?? undefined;
  }

  deliveriesOf(eventId: string): DeliveryRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM webhook_deliveries WHERE event_id = ? ORDER BY id')
      .all(eventId) as Array<{
      id: number;
      event_id: string;
      subscription_id: string;
      status: DeliveryStatus;
      attempts: number;
      next_attempt_at: number;
      last_status: number | null;
      last_error: string | null;
    }>;
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      subscriptionId: r.subscription_id,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      lastStatus: r.last_status,
      lastError: r.last_error,
    }));
  }
}

/** SQLite binds no Infinity: "no limit" becomes the largest integer it holds. */
function clampToSqlite(limit: number): number {
  return Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
}
