// The queue's event says what changed: the views of the jobs added or changed, the ids of those
// sent, the queue's size and the cases concerned; never the untouched work of other cases. A pause
// (what every item shows) asks screens to read again.
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueueChanged } from '../../../shared/ipc/contract.js';
import { testSecrets, waitFor } from '../../support/core-harness.js';
import { PASS } from '../../support/fault-proxy.js';
import { WHOLE_CASE_MAX } from '../../../electron/core/ipc/queue-delta.js';
import { bulkPdf } from '../../support/documents.js';
import { suiteCore } from '../../support/suite-core.js';
import { captureDocument, individualAtDocumentsStep } from '../../support/flows.js';

describe('queue.changed deltas', () => {
  const run = suiteCore({ secretStore: testSecrets('memory'), throughProxy: true });
  const deltas: QueueChanged[] = [];

  beforeAll(() => {
    run.t.core.on('queue.changed', (delta) => deltas.push(delta as QueueChanged));
  });

  /** Until no delta has come for a second: four times the notifier's 250 ms window. */
  const quiet = async () => {
    for (let seen = -1; seen !== deltas.length;) {
      seen = deltas.length;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };

  describe('a job added and then sent', () => {
    let mine: Awaited<ReturnType<typeof individualAtDocumentsStep>>;
    let other: Awaited<ReturnType<typeof individualAtDocumentsStep>>;
    let paused: QueueChanged | undefined;
    let added: QueueChanged;
    let upload: QueueChanged['changed'][number];

    beforeAll(async () => {
      await run.t.call('queue.resume', {});
      mine = await individualAtDocumentsStep(run.t, 'Delta');
      other = await individualAtDocumentsStep(run.t, 'Bystander');
      await run.t.call('queue.pause', {});
      paused = await waitFor(
        'the pause told',
        () => deltas.find((d) => d.reset),
        (d) => d !== undefined,
      );
      // Work in flight at the pause ends and is told, each told change ending within 250 ms; written
      // within the same 250 ms, the bystander's upload would only be covered by a reset.
      await quiet();
      await captureDocument(run.t, other.caseId, { kind: 'individual' }, other.pair, 'Bystander proof.pdf');
      await waitFor(
        'the bystander upload told',
        () => deltas.slice(),
        (ds) => ds.some((d) => !d.reset && d.changed.some((j) => j.caseId === other.caseId)),
      );
      await quiet();

      deltas.length = 0;
      await captureDocument(run.t, mine.caseId, { kind: 'individual' }, mine.pair, 'Proof.pdf');
      const told = await waitFor(
        'the upload told',
        () => deltas.filter((d) => d.changed.some((j) => j.kind === 'individual.doc-upload')),
        (ds) => ds.length > 0,
      );
      added = told[0]!;
      upload = added.changed.find((j) => j.kind === 'individual.doc-upload')!;
    }, 240_000);

    it('a pause asks the screens to read again, naming no job', () => {
      expect(paused).toMatchObject({ reset: true, changed: [] });
    });

    it('names the job added, with its case and file, and nothing of another case', () => {
      expect(added.reset).toBe(false);
      expect(upload).toMatchObject({ caseId: mine.caseId, state: 'paused', file: { name: 'Proof.pdf' } });
      expect(added.caseIds).toContain(mine.caseId);
      expect(added.changed.map((j) => j.caseId)).not.toContain(other.caseId);
    });

    it('carries the size of the queue', async () => {
      expect(added.total).toBe((await run.t.call('queue.count', {})).total);
      expect(added.total).toBe(2);
    });

    it('names the job sent among those removed, with its case, and the queue once it is empty', async () => {
      await run.t.call('queue.resume', {});
      const gone = await waitFor(
        'the upload sent',
        () => deltas.find((d) => d.removed.includes(upload.id)),
        (d) => d !== undefined,
        60_000,
      );
      expect(gone!.caseIds).toContain(mine.caseId);
      expect(gone!.changed.map((j) => j.id)).not.toContain(upload.id);
      await waitFor(
        'the queue empty',
        () => deltas.at(-1),
        (d) => d?.total === 0,
        60_000,
      );
    }, 120_000);
  });

  describe('a case too large to list whole', () => {
    const uploads = WHOLE_CASE_MAX * 3;
    let caseId: string;
    let told: QueueChanged[];
    let large: QueueChanged[];

    beforeAll(async () => {
      await run.t.call('queue.resume', {});
      const started = await individualAtDocumentsStep(run.t, 'Backlog');
      caseId = started.caseId;
      await run.t.call('queue.pause', {});
      for (let i = 0; i < uploads; i++)
        await run.t.core.internals.drafts.importFile(
          caseId,
          { kind: 'individual' },
          [started.pair],
          `scan-${i}.pdf`,
          bulkPdf(900 + i),
        );
      // The imports' own deltas are told before the ones these tests read.
      await quiet();

      // Each answer takes a while, as over a branch's line: however fast the machine, the case stays
      // large over several events rather than draining within one.
      run.proxy.plan = { ...PASS, latencyMs: () => 100 };
      deltas.length = 0;
      await run.t.call('queue.resume', {});
      await waitFor(
        'the backlog down to a case listed whole',
        () => deltas.slice(),
        (ds) => ds.some((d) => d.total <= WHOLE_CASE_MAX),
        120_000,
      );
      await run.t.call('queue.pause', {});
      run.proxy.plan = PASS;
      told = deltas.filter((d) => !d.reset);
      large = told.filter((d) => d.total > WHOLE_CASE_MAX);
    }, 240_000);

    it('is told over several deltas while it drains, each naming that case only', () => {
      expect(large.filter((d) => d.removed.length > 0).length).toBeGreaterThanOrEqual(2);
      for (const d of told) expect(d.caseIds).toEqual([caseId]);
    });

    it('names only the jobs written while the case is large, never its backlog', () => {
      for (const d of large) expect(d.changed.length).toBeLessThan(WHOLE_CASE_MAX / 2);
    });

    it('names the whole case at most once it is small', () => {
      for (const d of told) expect(d.changed.length).toBeLessThanOrEqual(WHOLE_CASE_MAX);
      expect(told.at(-1)!.total).toBeLessThan(uploads);
    });

    it('sends the rest once resumed', async () => {
      await run.t.call('queue.resume', {});
      await waitFor(
        'the backlog sent',
        () => run.t.call('queue.count', {}),
        (c) => c.total === 0,
        120_000,
      );
    }, 180_000);
  });
});
