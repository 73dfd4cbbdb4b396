// The cases list answers a page: the rows of one window, newest first, with how many cases match
// and how many need review whatever the filters; or the named cases a `case.changed` asks about.
import { beforeAll, describe, expect, it } from 'vitest';
import { testSecrets, waitFor } from '../../support/core-harness.js';
import { saId } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

const ENTITIES = 30;
const INDIVIDUALS = 12;

describe('cases.list pages', () => {
  const run = suiteCore({ secretStore: testSecrets('memory') });
  const entityIds: string[] = [];
  const individualIds: string[] = [];

  beforeAll(async () => {
    // Paused, every case keeps its work queued and waits.
    await run.t.call('queue.pause', {});
    for (let i = 0; i < ENTITIES; i++) {
      const { caseId } = await run.t.call('entity.create', {
        entityRegName: `Pager ${i} Holdings`,
        entityRegNumber: `2019/${String(i).padStart(6, '0')}/07`,
        entityType: 1,
      });
      entityIds.push(caseId);
    }
    for (let i = 0; i < INDIVIDUALS; i++) {
      const { caseId } = await run.t.call('individual.create', {
        firstName: 'Paula',
        lastName: `Pagewright${i}`,
        clientSACitizen: true,
        idNumber: saId(),
      });
      individualIds.push(caseId);
    }
  }, 120_000);

  it('answers the window asked for, newest first, with the total', async () => {
    const first = await run.t.call('cases.list', { offset: 0, limit: 10 });
    expect(first.total).toBe(ENTITIES + INDIVIDUALS);
    expect(first.cases.map((c) => c.id)).toEqual([...individualIds].reverse().slice(0, 10));
    const last = await run.t.call('cases.list', { offset: 40, limit: 10 });
    expect(last.cases.map((c) => c.id)).toEqual([entityIds[1], entityIds[0]]);
    expect(last.total).toBe(ENTITIES + INDIVIDUALS);
    expect(last.cases.every((c) => c.unsentJobs > 0 && c.status === 'waiting')).toBe(true);

    // Page by page, every case once.
    const seen: string[] = [];
    for (let offset = 0; offset < first.total; offset += 7)
      seen.push(...(await run.t.call('cases.list', { offset, limit: 7 })).cases.map((c) => c.id));
    expect(new Set(seen).size).toBe(ENTITIES + INDIVIDUALS);
  });

  it('refuses a page larger than the most one call answers', async () => {
    await expect(run.t.call('cases.list', { limit: 201 })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('narrows by kind and search, counting what matches', async () => {
    const people = await run.t.call('cases.list', { kind: 'individual', limit: 5 });
    expect(people.total).toBe(INDIVIDUALS);
    expect(people.cases).toHaveLength(5);
    expect(people.cases.every((c) => c.kind === 'individual')).toBe(true);

    const found = await run.t.call('cases.list', { search: 'pager 1', offset: 0, limit: 5 });
    // "Pager 1 Holdings" and "Pager 10" to "Pager 19".
    expect(found.total).toBe(11);
    expect(found.cases.map((c) => c.title)).toEqual([
      'Pager 19 Holdings',
      'Pager 18 Holdings',
      'Pager 17 Holdings',
      'Pager 16 Holdings',
      'Pager 15 Holdings',
    ]);
    const rest = await run.t.call('cases.list', { search: 'pager 1', offset: 10, limit: 5 });
    expect(rest.cases.map((c) => c.title)).toEqual(['Pager 1 Holdings']);
    expect((await run.t.call('cases.list', { search: 'PAGEWRIGHT1', kind: 'entity' })).total).toBe(0);
  });

  it('answers the named cases that still match, and counts those needing review whatever the filters', async () => {
    const before = await run.t.call('cases.list', { status: 'waiting', limit: 1 });
    expect(before.needsReview).toBe(0);
    // The queue stops a case this way when the service refuses its work for good.
    const stopped = run.t.core.internals.store.cases.getCase(entityIds[5]!)!;
    run.t.core.internals.store.cases.saveCase({
      ...stopped,
      blockedReason: 'A queued change was not sent: refused.',
    });
    await run.t.call('entity.saveKyb', { caseId: entityIds[5]!, kyb: { entityTradingName: 'Stopped' } });

    const review = await waitFor(
      'the stopped case to need review',
      () => run.t.call('cases.list', { status: 'needs-review' }),
      (page) => page.total === 1,
    );
    expect(review.cases.map((c) => c.id)).toEqual([entityIds[5]]);
    expect(review.needsReview).toBe(1);

    const waiting = await run.t.call('cases.list', {
      status: 'waiting',
      ids: [entityIds[5]!, entityIds[6]!],
    });
    expect(waiting.cases.map((c) => c.id)).toEqual([entityIds[6]]);
    expect(waiting.total).toBe(ENTITIES + INDIVIDUALS - 1);
    expect(waiting.needsReview).toBe(1);

    const searched = await run.t.call('cases.list', {
      search: 'Pager 6',
      ids: [entityIds[6]!, individualIds[0]!],
    });
    expect(searched.cases.map((c) => c.id)).toEqual([entityIds[6]]);
  });
});
