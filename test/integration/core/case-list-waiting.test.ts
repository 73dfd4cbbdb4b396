// A case's row in the list names the first thing its queued work waits for. The list tells uploads
// of one group by one of them (a case may hold thousands), so here its answer is compared with the
// queue's own, which evaluates every item: captured offline, with an owner's documents waiting
// behind uploads that may go, and while paused.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/core-harness.js';
import type { EntityCase } from '../../../shared/ipc/model.js';
import { bulkPdf } from '../../support/documents.js';
import {
  reviewEntitySanctions,
  reviewUbo,
  saId,
  startEntityPathA,
  startIndividual,
} from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

describe("a case row's waiting reason", () => {
  const run = suiteCore({ startQueue: false });

  /** What the queue, evaluating every item, says the case's first waiting item waits for. */
  async function fromTheQueue(caseId: string): Promise<string | null> {
    const items = (await run.t.call('queue.list', {})).filter((item) => item.caseId === caseId);
    return items.find((item) => item.waitingFor !== null)?.waitingFor ?? null;
  }

  async function fromTheList(caseId: string): Promise<string | null> {
    return (await run.t.call('cases.list', { ids: [caseId] })).cases.find((row) => row.id === caseId)!
      .waitingFor;
  }

  let queueStopped = false;

  /**
   * An entity with two owners whose documents are queued while the queue stops taking work: Bea's
   * may go; Lee's, queued after them, wait for Lee's PEP review. Answers the case's id.
   */
  async function ownersDocumentsQueued(
    name: string,
    regNumber: string,
    beaDocs: number,
    leeDocs: number,
  ): Promise<string> {
    // Started with the core's first call; a later case starts again the queue an earlier one stopped.
    if (queueStopped) run.t.core.internals.queue.start();
    else run.t.core.internals.startQueue();
    const { caseId } = await run.t.call('entity.create', {
      entityRegName: name,
      entityRegNumber: regNumber,
      entityType: 1,
    });
    await run.t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Rows Drain' } });
    await reviewEntitySanctions(run.t, caseId);
    const owner = async (firstName: string, lastName: string) =>
      (
        await run.t.call('entity.saveUbo', {
          caseId,
          body: { firstName, lastName, clientSACitizen: true, idNumber: saId() },
        })
      ).uboId;
    const bea = await owner('Bea', 'Ready');
    const lee = await owner('Lee', 'Late');
    await reviewUbo(run.t, caseId, bea);
    await waitFor(
      'set-up sent',
      async () => (await run.t.call('cases.list', { ids: [caseId] })).cases[0]!,
      (row) => row.unsentJobs === 0,
      60_000,
    );
    expect((await run.t.call('status.get', {})).failedCount).toBe(0);
    // The queue stops taking work (not paused: nothing says "paused"). Bea's documents may go; Lee's,
    // queued after them, wait for Lee's PEP review.
    await run.t.core.internals.queue.stop();
    queueStopped = true;
    const people = ((await run.t.call('cases.get', { caseId })) as EntityCase).ubos;
    for (const [uboId, count] of [
      [bea, beaDocs],
      [lee, leeDocs],
    ] as const) {
      const item = people.find((u) => u.id === uboId)!.checklist.items[0]!;
      for (let i = 0; i < count; i++)
        await run.t.core.internals.drafts.importFile(
          caseId,
          { kind: 'ubo', uboId },
          [{ groupId: item.groupId, typeId: item.types[0]!.id }],
          `${uboId}-${i}.pdf`,
          bulkPdf(1024 + i),
        );
    }
    return caseId;
  }

  it("says what the queue says for an owner's documents waiting behind uploads that may go", async () => {
    const caseId = await ownersDocumentsQueued('Rows Drain Holdings', '2017/000000/07', 8, 3);
    const expected = await fromTheQueue(caseId);
    expect(expected).toContain('Lee Late');
    expect(await fromTheList(caseId)).toBe(expected);
  });

  it('says the same when the case holds more items than its row reads one by one', async () => {
    // 40 owners' documents: the row tells each owner's uploads by the first of them.
    const caseId = await ownersDocumentsQueued('Rows Many Holdings', '2017/000001/07', 30, 10);
    expect((await run.t.call('cases.list', { ids: [caseId] })).cases[0]!.unsentJobs).toBeGreaterThan(32);
    const expected = await fromTheQueue(caseId);
    expect(expected).toContain('Lee Late');
    expect(await fromTheList(caseId)).toBe(expected);
  });

  it('says what the queue says for work captured offline, and while paused', async () => {
    const entity = await startEntityPathA(run.t, { name: 'Rows Waiting (Pty) Ltd' });
    const { uboId } = await run.t.call('entity.saveUbo', {
      caseId: entity,
      body: {
        firstName: 'John',
        lastName: 'Roe',
        clientSACitizen: true,
        idNumber: saId(),
        isDirector: true,
        isShareholder: false,
      },
    });
    expect(uboId).toBeTruthy();
    const person = await startIndividual(run.t, { name: 'Rowan Rows', extraDocs: 6 });
    for (const caseId of [entity, person]) {
      const expected = await fromTheQueue(caseId);
      expect(expected).not.toBeNull();
      expect(await fromTheList(caseId)).toBe(expected);
    }
    await run.t.call('queue.pause', {});
    for (const caseId of [entity, person]) {
      const expected = await fromTheQueue(caseId);
      expect(expected).toBe('paused');
      expect(await fromTheList(caseId)).toBe(expected);
    }
  });
});
