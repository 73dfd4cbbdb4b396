// The cases screen's rows: pages read by window, a changed row patched in place, the window read
// again when a row may have moved or the filter result changed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseSummary, CasesListRequest } from '../../../../shared/ipc/index.js';
import { CASES_WINDOW_PAGE, CasesList } from '../../../../renderer/lib/cases-list.svelte.js';
import { askFirstCases } from '../../../../renderer/lib/first-cases.js';
import { installFakeDesk, runEverythingPending } from './fake-desk.js';

const summary = (n: number, patch: Partial<CaseSummary> = {}): CaseSummary => ({
  id: `c${n}`,
  kind: 'entity',
  title: `Case ${n}`,
  subtitle: 'Company',
  clientReference: `REF-${n}`,
  status: 'waiting',
  waitingFor: null,
  serverId: null,
  riskBand: 'Low Risk',
  unsentJobs: 1,
  reviewsDue: 0,
  createdBy: null,
  origin: 'captured',
  updatedAt: new Date(Date.UTC(2026, 0, 1) + (1000 - n) * 60_000).toISOString(),
  ...patch,
});

/** A core holding `all` (newest first) that answers pages and named cases like `cases.list`. */
function core(all: CaseSummary[]) {
  const fake = installFakeDesk();
  fake.answer('cases.list', (input) => {
    const request = input as CasesListRequest;
    const matching = all.filter((c) => !request.status || c.status === request.status);
    const offset = request.offset ?? 0;
    return {
      cases: request.ids
        ? matching.filter((c) => request.ids!.includes(c.id))
        : matching.slice(offset, offset + (request.limit ?? 200)),
      total: matching.length,
      needsReview: all.filter((c) => c.status === 'needs-review').length,
    };
  });
  return fake;
}

const listCalls = (fake: ReturnType<typeof core>) =>
  fake.calls.filter((c) => c.channel === 'cases.list').map((c) => c.input as CasesListRequest);

describe('CasesList', () => {
  afterEach(() => vi.useRealTimers());

  it('reads only the pages of the rows shown', async () => {
    const all = Array.from({ length: 300 }, (_, i) => summary(i));
    const fake = core(all);
    const list = new CasesList();
    await list.setFilter({});
    expect(list.total).toBe(300);
    expect(Object.keys(list.rows)).toHaveLength(CASES_WINDOW_PAGE);
    await list.show(260, 300);
    expect(list.rows[299]?.id).toBe('c299');
    expect(list.rows[120]).toBeUndefined();
    expect(listCalls(fake).map((c) => c.offset)).toEqual([0, 250]);
  });

  it('shows the first rows asked for as the app opened, without asking again', async () => {
    const fake = core(Array.from({ length: 80 }, (_, i) => summary(i)));
    askFirstCases({ offset: 0, limit: CASES_WINDOW_PAGE });
    const list = new CasesList();
    await list.setFilter({});
    expect(list.rows[0]?.id).toBe('c0');
    expect(listCalls(fake)).toHaveLength(1);
    // Used once: the next read (another filter, the same rows again) asks the core.
    await list.setFilter({});
    expect(listCalls(fake)).toHaveLength(2);
  });

  it('asks again when the rows asked for early are not the ones shown', async () => {
    const fake = core(
      Array.from({ length: 80 }, (_, i) => summary(i, { status: i % 2 ? 'waiting' : 'draft' })),
    );
    askFirstCases({ offset: 0, limit: CASES_WINDOW_PAGE });
    const list = new CasesList();
    await list.setFilter({ status: 'draft' });
    expect(list.total).toBe(40);
    expect(listCalls(fake).map((c) => c.status)).toEqual([undefined, 'draft']);
  });

  it('patches a changed row in place, asking only for that case', async () => {
    const all = Array.from({ length: 120 }, (_, i) => summary(i));
    const fake = core(all);
    const list = new CasesList();
    const stop = list.start();
    await list.setFilter({});
    fake.calls.length = 0;
    all[3] = { ...all[3]!, unsentJobs: 0, status: 'synced' };
    fake.emit('case.changed', { caseId: 'c3', documentIds: [] });
    await expect.poll(() => list.rows[3]?.status).toBe('synced');
    expect(list.rows[3]?.unsentJobs).toBe(0);
    expect(listCalls(fake)).toEqual([{ ids: ['c3'] }]);
    stop();
  });

  it('shows the cases added to a list that was empty', async () => {
    const all: CaseSummary[] = [];
    const fake = core(all);
    const list = new CasesList();
    const stop = list.start();
    await list.setFilter({});
    // The screen draws no rows for an empty list.
    await list.show(0, 0);
    expect(list.total).toBe(0);

    all.push(summary(1), summary(2));
    fake.emit('case.changed', { caseId: 'c1', documentIds: [] });
    fake.emit('case.changed', { caseId: 'c2', documentIds: [] });
    await expect.poll(() => list.total).toBe(2);
    expect(list.rows[0]?.id).toBe('c1');
    stop();
  });

  it('reads the window again when a case is added, moves up or leaves the filter', async () => {
    const all = Array.from({ length: 120 }, (_, i) => summary(i));
    const fake = core(all);
    const list = new CasesList();
    const stop = list.start();
    await list.setFilter({ status: 'waiting' });

    // A case updated just now moves to the top.
    all[10] = summary(10, { updatedAt: '2027-01-01T00:00:00.000Z' });
    all.unshift(all.splice(10, 1)[0]!);
    fake.emit('case.changed', { caseId: 'c10', documentIds: [] });
    await expect.poll(() => list.rows[0]?.id).toBe('c10');

    // One that no longer waits leaves the filtered list, and the needs-review banner counts it.
    all[0] = { ...all[0]!, status: 'needs-review' };
    fake.emit('case.changed', { caseId: 'c10', documentIds: [] });
    await expect.poll(() => list.total).toBe(119);
    expect(list.needsReview).toBe(1);
    expect(Object.values(list.rows).some((c) => c.id === 'c10')).toBe(false);

    // A new case.
    all.unshift(summary(-1, { id: 'new', updatedAt: '2027-02-01T00:00:00.000Z' }));
    fake.emit('case.changed', { caseId: 'new', documentIds: [] });
    await expect.poll(() => list.rows[0]?.id).toBe('new');
    expect(list.total).toBe(120);
    expect(
      listCalls(fake)
        .filter((c) => c.offset !== undefined)
        .every((c) => c.status === 'waiting'),
    ).toBe(true);
    stop();
  });

  it('ignores a change to a case far below the rows held', async () => {
    const all = Array.from({ length: 300 }, (_, i) => summary(i));
    const fake = core(all);
    const list = new CasesList();
    const stop = list.start();
    await list.setFilter({});
    fake.calls.length = 0;
    vi.useFakeTimers();
    all[280] = { ...all[280]!, unsentJobs: 0 };
    fake.emit('case.changed', { caseId: 'c280', documentIds: [] });
    // Past the list's 250 ms coalescing of changes, and the read it asks for.
    await runEverythingPending();
    expect(listCalls(fake)).toEqual([{ ids: ['c280'] }]);
    stop();
  });
});
