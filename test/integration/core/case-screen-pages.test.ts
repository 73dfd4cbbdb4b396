// A case's own screen at any size: `cases.get` answers the case with the first page of each owner's
// documents (those not on the service first) and their counts by state; `cases.documents` answers
// the pages after it as the screen scrolls, and the named documents again; `case.changed` names the
// documents written since the case was last told; and a step's wait is the queue's own answer for
// the step's first item, read from the case's order rather than by evaluating every item.
import { describe, expect, it } from 'vitest';
import type { EntityCase, LocalDocument } from '../../../shared/ipc/model.js';
import { DOCUMENTS_FIRST_PAGE } from '../../../shared/ipc/model.js';
import { waitFor } from '../../support/core-harness.js';
import { bulkPdf } from '../../support/documents.js';
import { entityAtDocumentsStep } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

describe("a case's own screen at any size", () => {
  const run = suiteCore();

  const entity = async (caseId: string) => (await run.t.call('cases.get', { caseId })) as EntityCase;
  const drained = () =>
    waitFor(
      'queue drained',
      () => run.t.call('status.get', {}),
      (s) => s.unsentCount === 0 && s.failedCount === 0,
      120_000,
    );

  it('answers a first page, unsent first, with counts by state, and pages through the rest once each', async () => {
    const { t } = run;
    const { caseId, pair } = await entityAtDocumentsStep(t, 'Pages');
    const capture = async (from: number, count: number) => {
      for (let i = from; i < from + count; i++)
        await t.core.internals.drafts.importFile(
          caseId,
          { kind: 'entity' },
          [pair],
          `scan-${i}.pdf`,
          bulkPdf(900 + i),
        );
    };
    // What the set-up left on file (a review's record, once it is one), before the scans.
    const setUp = (await entity(caseId)).documents;
    expect(setUp.every((d) => d.state === 'on-file')).toBe(true);
    // 60 sent, then 70 more captured with the queue paused.
    const told: (string[] | null)[] = [];
    const off = t.core.on('case.changed', (change) => {
      if (change.caseId === caseId) told.push(change.documentIds);
    });
    await capture(0, 60);
    await drained();
    const sent = (await entity(caseId)).documents
      .map((d) => d.id)
      .filter((id) => !setUp.some((d) => d.id === id));
    await t.call('queue.pause', {});
    await capture(60, 70);

    const c = await entity(caseId);
    expect(c.documentCounts).toEqual({
      total: setUp.length + 130,
      byState: { 'on-file': setUp.length + 60, queued: 70 },
    });
    expect(c.documents).toHaveLength(DOCUMENTS_FIRST_PAGE);
    expect(c.documents.map((d) => d.filename)).toEqual(
      Array.from({ length: DOCUMENTS_FIRST_PAGE }, (_, i) => `scan-${60 + i}.pdf`),
    );
    // The checklist counts the sent and the captured alike.
    expect(c.checklist.items.find((item) => item.groupId === pair.groupId)?.status).toBe('sent');

    const walked: LocalDocument[] = [...c.documents];
    for (;;) {
      const last = walked.at(-1)!;
      const { documents } = await t.call('cases.documents', {
        caseId,
        owner: { kind: 'entity' },
        after: { sent: last.state === 'on-file', capturedAt: last.capturedAt, id: last.id },
        limit: 40,
      });
      if (documents.length === 0) break;
      walked.push(...documents);
    }
    expect(walked.map((d) => d.filename)).toEqual([
      ...Array.from({ length: 70 }, (_, i) => `scan-${60 + i}.pdf`),
      ...setUp.map((d) => d.filename),
      ...Array.from({ length: 60 }, (_, i) => `scan-${i}.pdf`),
    ]);
    expect(walked.slice(70).every((d) => d.state === 'on-file')).toBe(true);

    const named = await t.call('cases.documents', { caseId, ids: [walked[3]!.id, walked[100]!.id, 'gone'] });
    expect(named.documents.map((d) => d.id).sort()).toEqual([walked[3]!.id, walked[100]!.id].sort());

    // Every document captured and every one sent is named by a case.changed (never "too many" here).
    const namedInEvents = () => new Set(told.flatMap((ids) => ids ?? []));
    await waitFor(
      'every document named',
      async () => namedInEvents(),
      (named) => walked.every((d) => named.has(d.id) || setUp.some((s) => s.id === d.id)),
      10_000,
    );
    off();
    expect(told.every((ids) => ids !== null)).toBe(true);
    expect(sent.every((id) => namedInEvents().has(id))).toBe(true);

    await t.call('queue.resume', {});
    await drained();
  });

  it("says on a step what the queue says for the step's first item, stopped or paused", async () => {
    const { t } = run;
    const { caseId, pair } = await entityAtDocumentsStep(t, 'Waits');
    // The queue stops taking work (not paused): the documents wait for the business details queued
    // ahead of them, which may go.
    await t.core.internals.queue.stop();
    try {
      for (let i = 0; i < 40; i++)
        await t.core.internals.drafts.importFile(
          caseId,
          { kind: 'entity' },
          [pair],
          `w-${i}.pdf`,
          bulkPdf(700 + i),
        );
      await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Waits Again' } });
      const firstUpload = async () =>
        (await t.call('queue.list', {})).find((j) => j.caseId === caseId && j.kind === 'entity.doc-upload')!;
      const stepOf = async () => (await entity(caseId)).steps.find((s) => s.id === 'entity-documents')!;
      const expected = (await firstUpload()).waitingFor;
      expect(expected).not.toBeNull();
      expect((await stepOf()).waitingFor).toBe(expected);
      // Paused, the business details say so, and the documents still wait for them.
      await t.call('queue.pause', {});
      const kyb = (await t.call('queue.list', {})).find(
        (j) => j.caseId === caseId && j.kind === 'entity.kyb',
      )!;
      expect(kyb.waitingFor).toBe('paused');
      expect((await entity(caseId)).steps.find((s) => s.id === 'kyb')!.waitingFor).toBe('paused');
      expect((await stepOf()).waitingFor).toBe((await firstUpload()).waitingFor);
    } finally {
      t.core.internals.queue.start();
      await t.call('queue.resume', {});
    }
    await drained();
  });
});
