// The queue screen's state: the rows near what the screen shows, patched by the core's deltas and
// read again only when a delta cannot place them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobView, QueueChanged } from '../../../../shared/ipc/index.js';
import { QueueState, READ_MARGIN } from '../../../../renderer/lib/queue.svelte.js';
import { installFakeDesk, runEverythingPending, type FakeDesk } from './fake-desk.js';

const job = (id: string, caseId: string, state: JobView['state']): JobView => ({
  id,
  caseId,
  caseTitle: `Case ${caseId}`,
  kind: 'entity.create',
  label: `Job ${id}`,
  state,
  waitingFor: null,
  attempts: 0,
  nextAttemptAt: null,
  progress: null,
  error: state === 'failed' ? { message: 'Refused', permanent: true } : null,
  createdAt: '2026-11-23T10:00:00.000Z',
  file: null,
  cancellable: false,
});

/** A core holding `queued`, answering queue.count and queue.list from it, counting the reads. */
function coreWith(fake: FakeDesk, queued: { jobs: JobView[] }): () => number {
  let reads = 0;
  fake.answer('queue.count', () => ({ total: queued.jobs.length }));
  fake.answer('queue.list', (input) => {
    reads++;
    const { offset = 0, limit = queued.jobs.length } = input as { offset?: number; limit?: number };
    return queued.jobs.slice(offset, offset + limit);
  });
  return () => reads;
}

let version = 0;
const delta = (d: Partial<QueueChanged> & { total: number }): QueueChanged => ({
  version: ++version,
  changed: [],
  removed: [],
  caseIds: [],
  reset: false,
  ...d,
});

describe('QueueState', () => {
  afterEach(() => vi.useRealTimers());

  it('updates one row from a delta without reading the queue again', async () => {
    const fake = installFakeDesk();
    const queued = { jobs: [job('a', 'c1', 'ready'), job('b', 'c2', 'ready'), job('c', 'c1', 'ready')] };
    const reads = coreWith(fake, queued);
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.rows.length).toBe(3);
    expect(reads()).toBe(1);

    vi.useFakeTimers();
    const failed = job('b', 'c2', 'failed');
    fake.emit('queue.changed', delta({ total: 3, changed: [failed], caseIds: ['c2'] }));
    expect(queue.rows.map((j) => j.state)).toEqual(['ready', 'failed', 'ready']);
    expect(queue.failed.map((j) => j.id)).toEqual(['b']);
    expect(queue.byCase.map((g) => [g.caseId, g.jobs.map((j) => j.id)])).toEqual([
      ['c1', ['a', 'c']],
      ['c2', ['b']],
    ]);
    await runEverythingPending();
    expect(reads()).toBe(1);
  });

  it('drops a sent job, and reads a new one only when it lands inside the rows held', async () => {
    const fake = installFakeDesk();
    const queued = { jobs: [job('a', 'c1', 'ready'), job('b', 'c1', 'ready')] };
    const reads = coreWith(fake, queued);
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.rows.length).toBe(2);

    queued.jobs = [queued.jobs[1]!];
    fake.emit('queue.changed', delta({ total: 1, removed: ['a'], caseIds: ['c1'] }));
    expect(queue.rows.map((j) => j.id)).toEqual(['b']);
    expect(queue.total).toBe(1);
    expect(reads()).toBe(1);

    // The rows held reach the end of the queue: a job added there is read with its neighbours.
    queued.jobs = [...queued.jobs, job('n', 'c3', 'ready')];
    fake.emit('queue.changed', delta({ total: 2, changed: [job('n', 'c3', 'ready')], caseIds: ['c3'] }));
    await expect.poll(() => queue.rows.map((j) => j.id)).toEqual(['b', 'n']);
    expect(reads()).toBe(2);
  });

  it('holds only the rows near what the screen shows of a long queue, and reads on when it scrolls', async () => {
    const fake = installFakeDesk();
    const queued = { jobs: Array.from({ length: 10_000 }, (_, i) => job(`j${i}`, `c${i % 7}`, 'ready')) };
    const reads = coreWith(fake, queued);
    const queue = new QueueState();
    queue.show({ start: 0, end: 20 });
    queue.start();
    await expect.poll(() => queue.total).toBe(10_000);
    expect(queue.rows.length).toBe(20 + READ_MARGIN);

    // A small scroll stays within the rows held.
    queue.show({ start: 10, end: 30 });
    expect(reads()).toBe(1);

    queue.show({ start: 9_980, end: 10_000 });
    await expect.poll(() => queue.rowAt(9_999)?.id).toBe('j9999');
    expect(queue.rows.length).toBeLessThanOrEqual(20 + 2 * READ_MARGIN);
    expect(reads()).toBe(2);

    // A job sent from before the rows held moves them up: they are read again.
    queued.jobs = queued.jobs.slice(1);
    fake.emit('queue.changed', delta({ total: 9_999, removed: ['j0'], caseIds: ['c0'] }));
    await expect.poll(() => queue.rowAt(9_998)?.id).toBe('j9999');
  });

  it('reads again when the core says every row may have changed', async () => {
    const fake = installFakeDesk();
    const queued = { jobs: [job('a', 'c1', 'ready')] };
    coreWith(fake, queued);
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.rows.length).toBe(1);
    queued.jobs = [job('x', 'c9', 'paused')];
    fake.emit('queue.changed', delta({ total: 1, reset: true }));
    await expect.poll(() => queue.rows.map((j) => j.id)).toEqual(['x']);
  });

  it('reads the queue once more when it changes during a read, never twice at once', async () => {
    vi.useFakeTimers();
    const fake = installFakeDesk();
    let seen = 0;
    // Each read answers when the test says: the changes below arrive while the first is under way.
    const answer: Array<() => void> = [];
    fake.answer('queue.count', () => ({ total: 1 }));
    fake.answer('queue.list', async () => {
      const at = seen;
      await new Promise<void>((resolve) => answer.push(resolve));
      return [job(`v${at}`, 'c1', 'ready')];
    });
    const queue = new QueueState();
    queue.start();
    await vi.waitFor(() => expect(answer).toHaveLength(1));
    for (seen = 1; seen <= 3; seen++) fake.emit('queue.changed', delta({ total: 1, reset: true }));
    seen = 3;
    await runEverythingPending();
    expect(answer).toHaveLength(1);

    answer[0]!();
    await vi.waitFor(() => expect(answer).toHaveLength(2));
    answer[1]!();
    await vi.waitFor(() => expect(queue.rows[0]?.id).toBe('v3'));
    await runEverythingPending();
    expect(answer).toHaveLength(2);
  });

  it('says why an action failed and keeps the jobs it had', async () => {
    const fake = installFakeDesk();
    coreWith(fake, { jobs: [job('a', 'c1', 'failed')] });
    const queue = new QueueState();
    await queue.load();
    await queue.run(() => Promise.reject(new Error('The service is not reachable')));
    expect(queue.error).toBe('The service is not reachable');
    expect(queue.rows.map((j) => j.id)).toEqual(['a']);
  });
});
