// The sandbox's sequence numbers (`seq`, which breaks ties in list order): unique and strictly
// increasing in the order rows are written, also when many creates arrive at once from several
// partners, and found from the index on `seq` rather than a scan of the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity, createPartner, expectStatus, startTestSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

const TABLES = ['entities', 'ubos', 'individuals', 'webhook_events', 'webhook_subscriptions'] as const;

const seqsInWriteOrder = (table: (typeof TABLES)[number]) =>
  (
    t.sandbox.context.db.prepare(`SELECT seq FROM ${table} ORDER BY rowid`).all() as Array<{ seq: number }>
  ).map((r) => r.seq);

describe('sequence numbers', () => {
  it('stay unique and strictly increasing under concurrent creates from several partners', async () => {
    const other = await createPartner(t.url);
    const subscription = (n: number) => ({
      name: `CRM ${n}`,
      url: 'http://127.0.0.1:9/hooks',
      enabled: false,
      eventTypes: ['entity.created'],
    });
    await Promise.all(
      [t.api, other.client].flatMap((api) =>
        Array.from({ length: 5 }, (_, n) =>
          expectStatus(api.post('/api/v1/webhooks/subscriptions', subscription(n)), 201),
        ),
      ),
    );
    // Registry numbers that pre-create directors, so owners are numbered concurrently too.
    await Promise.all(
      [t.api, other.client].flatMap((api) =>
        Array.from({ length: 20 }, (_, n) =>
          createEntity(api, { entityRegNumber: `2015/${String(100 + n).padStart(6, '0')}/07` }),
        ),
      ),
    );

    for (const table of ['entities', 'ubos', 'webhook_subscriptions'] as const) {
      const seqs = seqsInWriteOrder(table);
      expect(seqs.length, table).toBeGreaterThanOrEqual(10);
      expect(new Set(seqs).size, table).toBe(seqs.length);
      for (let i = 1; i < seqs.length; i++)
        expect(seqs[i]!, `${table} row ${i}`).toBeGreaterThan(seqs[i - 1]!);
    }
  });

  it('finds the next number through the index on seq, not by scanning the table', () => {
    for (const table of TABLES) {
      const plan = (
        t.sandbox.context.db
          .prepare(`EXPLAIN QUERY PLAN SELECT COALESCE(MAX(seq), 0) + 1 FROM ${table}`)
          .all() as Array<{ detail: string }>
      ).map((row) => row.detail);
      expect(plan, table).toEqual([
        expect.stringMatching(new RegExp(`^SEARCH ${table} USING COVERING INDEX`)),
      ]);
    }
  });
});
