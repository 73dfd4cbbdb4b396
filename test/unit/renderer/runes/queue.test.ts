// The queue screen's state: a page of the jobs the core reports, read again when the core says the queue changed.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/ipc/index.js';
import { QUEUE_PAGE, QueueState } from '../../../../renderer/lib/queue.svelte.js';
import { installFakeDesk } from './fake-desk.js';

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

describe('QueueState', () => {
  it('lists failed jobs and groups jobs by case, reading the queue again when the core changes it', async () => {
    const fake = installFakeDesk();
    let queued = [job('a', 'c1', 'ready')];
    fake.answer('queue.list', () => queued);
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.loaded).toBe(true);
    expect(queue.failed).toEqual([]);

    queued = [job('a', 'c1', 'failed'), job('b', 'c2', 'ready'), job('c', 'c1', 'ready')];
    fake.emit('queue.changed', { version: 1 });
    await expect.poll(() => queue.failed.map((j) => j.id)).toEqual(['a']);
    expect(queue.byCase.map((g) => [g.caseId, g.jobs.map((j) => j.id)])).toEqual([
      ['c1', ['a', 'c']],
      ['c2', ['b']],
    ]);
  });

  it('shows one page of a long queue, and the last page that still has items once a later one is sent', async () => {
    const fake = installFakeDesk();
    let queued = Array.from({ length: QUEUE_PAGE * 2 + 5 }, (_, i) => job(`j${i}`, 'c1', 'ready'));
    fake.answer('queue.list', (input) => {
      const { offset = 0, limit = queued.length } = input as { offset?: number; limit?: number };
      return queued.slice(offset, offset + limit);
    });
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.jobs.length).toBe(QUEUE_PAGE);
    expect(queue.jobs[0]!.id).toBe('j0');

    await queue.goTo(2);
    expect(queue.jobs.map((j) => j.id)).toEqual(['j200', 'j201', 'j202', 'j203', 'j204']);

    queued = queued.slice(0, QUEUE_PAGE + 3);
    fake.emit('queue.changed', { version: 2 });
    await expect.poll(() => queue.page).toBe(1);
    expect(queue.jobs.map((j) => j.id)).toEqual(['j100', 'j101', 'j102']);
  });

  it('reads the queue once more when it changes during a read, never twice at once', async () => {
    const fake = installFakeDesk();
    let reading = 0;
    let most = 0;
    let version = 0;
    fake.answer('queue.list', async () => {
      reading++;
      most = Math.max(most, reading);
      const seen = version;
      await new Promise((r) => setTimeout(r, 20));
      reading--;
      return [job(`v${seen}`, 'c1', 'ready')];
    });
    const queue = new QueueState();
    queue.start();
    for (version = 1; version <= 3; version++) fake.emit('queue.changed', { version });
    version = 3;
    await expect.poll(() => queue.jobs[0]?.id).toBe('v3');
    expect(most).toBe(1);
    expect(fake.calls.length).toBe(2);
  });

  it('says why an action failed and keeps the jobs it had', async () => {
    const fake = installFakeDesk();
    fake.answer('queue.list', () => [job('a', 'c1', 'failed')]);
    const queue = new QueueState();
    await queue.load();
    await queue.run(() => Promise.reject(new Error('The service is not reachable')));
    expect(queue.error).toBe('The service is not reachable');
    expect(queue.jobs.map((j) => j.id)).toEqual(['a']);
  });
});
