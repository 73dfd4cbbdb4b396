// The queue takes the next upload from the jobs its last full pass found startable, without reading
// every job again; a change queued meanwhile must still go first when the order says so. Here a KYB
// edit made while 40 entity documents drain is sent before every upload that had not started yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase } from '../../../shared/ipc/model.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { bulkPdf } from '../../support/documents.js';
import { entityAtDocumentsStep } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const CONCURRENCY = 2;

describe('scheduling during a drain', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  const finished: string[] = [];
  let onDone: (kind: string) => void = () => {};

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      queue: { concurrency: CONCURRENCY, backoffBaseMs: 50, backoffMaxMs: 500, probeIntervalMs: 100 },
      log: (event, detail) => {
        if (event !== 'done') return;
        finished.push(String(detail.kind));
        onDone(String(detail.kind));
      },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  it('sends a KYB edit made mid-drain before the uploads that had not started', async () => {
    const { caseId, pair } = await entityAtDocumentsStep(t, 'Order');

    await t.call('queue.pause', {});
    for (let i = 0; i < 40; i++) {
      await t.core.internals.drafts.importFile(
        caseId,
        { kind: 'entity' },
        [pair],
        `order-${i}.pdf`,
        bulkPdf(64 * 1024),
      );
    }
    finished.length = 0;
    // How many jobs had finished when the edit was made: the first upload's, so 1. Jobs finishing
    // afterwards take positions from here on, so the edit's own job sits at this index or later.
    let finishedBeforeEdit = -1;
    onDone = (kind) => {
      if (kind !== 'entity.doc-upload' || finishedBeforeEdit >= 0) return;
      finishedBeforeEdit = finished.length;
      void t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Order Renamed' } });
    };
    await t.call('queue.resume', {});
    const done = await waitFor(
      'drain',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      60_000,
    );
    expect(done.failedCount, JSON.stringify(await t.call('queue.list', {}))).toBe(0);

    const kybAt = finished.indexOf('entity.kyb');
    expect(finishedBeforeEdit).toBe(1);
    // Sent after the edit was made (at its index when it is the very next job to finish).
    expect(kybAt).toBeGreaterThanOrEqual(finishedBeforeEdit);
    // Only the uploads already on the wire when the edit was queued may finish before it.
    const uploadsBetween = finished
      .slice(finishedBeforeEdit, kybAt)
      .filter((k) => k === 'entity.doc-upload').length;
    expect(uploadsBetween).toBeLessThanOrEqual(CONCURRENCY);
    expect(finished.filter((k) => k === 'entity.doc-upload')).toHaveLength(40);
    const onService = await t.call('cases.get', { caseId });
    expect(
      (onService as EntityCase).documents.filter(
        (d) => d.filename.startsWith('order-') && d.state === 'on-file',
      ),
    ).toHaveLength(40);
  });
});
