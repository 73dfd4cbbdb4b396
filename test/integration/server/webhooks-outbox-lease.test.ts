// The outbox's claim and lease on a real SQLite file: a claimed row is not claimed twice, a row
// whose holder died is taken over when its lease ends, and outcomes plan the next try.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/store/db.js';
import { PartnerRepository } from '../../../server/store/partners.js';
import { Outbox } from '../../../server/webhooks/outbox.js';
import { SubscriptionStore } from '../../../server/webhooks/subscription-store.js';
import { DeliveryWorker } from '../../../server/webhooks/delivery-worker.js';
import type { PostOutcome } from '../../../server/webhooks/http-post.js';

let dir: string;
let db: Db;
let outbox: Outbox;
let subscriptions: SubscriptionStore;
let partnerId: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fica-outbox-'));
  db = openDb(dir);
  outbox = new Outbox(db);
  subscriptions = new SubscriptionStore(db);
  partnerId = new PartnerRepository(db).create({ name: 'Outbox', balance: 0 }).partner.id;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function queue(now: number, subscriptionId?: string): { eventId: string; subscriptionId: string } {
  const s = subscriptionId
    ? { id: subscriptionId }
    : subscriptions.create(partnerId, {
        name: 's',
        url: 'http://127.0.0.1:9/in',
        enabled: true,
        eventTypes: ['entity.created'],
      });
  const eventId = randomUUID();
  outbox.record(
    {
      id: eventId,
      partnerId,
      eventType: 'entity.created',
      body: '{}',
      occurredAt: new Date(now).toISOString(),
    },
    [s.id],
    now,
  );
  return { eventId, subscriptionId: s.id };
}

describe('outbox leases', () => {
  it('claims a due row once and takes it over only after its lease ends', () => {
    const now = 1_000_000;
    const { eventId } = queue(now);
    expect(outbox.claimDue(10, 30_000, now)).toHaveLength(1);
    expect(outbox.claimDue(10, 30_000, now + 1)).toHaveLength(0);
    expect(outbox.claimDue(10, 30_000, now + 29_999)).toHaveLength(0);
    const again = outbox.claimDue(10, 30_000, now + 30_000);
    expect(again.map((c) => c.eventId)).toEqual([eventId]);
  });

  it('plans the next try on failure, marks failed after the last, and skips a disabled subscription', async () => {
    let clock = 2_000_000;
    const { eventId } = queue(clock);
    const answers: PostOutcome[] = [];
    const worker = new DeliveryWorker({
      outbox,
      subscriptions,
      mode: 'sandbox',
      timeScale: 1,
      random: () => 0,
      now: () => clock,
      post: async () => answers.shift() ?? { kind: 'response', status: 500 },
    });
    const tick = () => worker.runDue();
    await tick();
    expect(outbox.deliveriesOf(eventId)[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock + 5000,
      lastStatus: 500,
    });
    for (const [, seconds] of [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400].entries()) {
      clock += seconds * 1000;
      await tick();
    }
    expect(outbox.deliveriesOf(eventId)[0]).toMatchObject({ status: 'failed', attempts: 10 });

    const second = queue(clock);
    subscriptions.update(partnerId, second.subscriptionId, { enabled: false });
    await tick();
    expect(outbox.deliveriesOf(second.eventId)[0]?.status).toBe('skipped');
  });

  it("holds one subscription's rows to its slots while another subscription's row is claimed", () => {
    const now = 3_000_000;
    const busy = queue(now).subscriptionId;
    for (let n = 0; n < 5; n += 1) queue(now, busy);
    expect(outbox.claimDue(10, 30_000, now, 2).map((c) => c.subscriptionId)).toEqual([busy, busy]);

    const other = queue(now + 1);
    const next = outbox.claimDue(10, 30_000, now + 1, 2);
    expect(next.map((c) => c.eventId)).toEqual([other.eventId]);
    // The held subscription's rows wait for a slot (its first lease), not for their due time.
    expect(outbox.nextDueAt(now + 2, 2)).toBe(now + 30_000);
  });
});
