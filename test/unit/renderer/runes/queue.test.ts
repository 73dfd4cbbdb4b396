// The queue screen's state: the jobs the core reports, kept current by its events.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/ipc/index.js';
import { QueueState } from '../../../../renderer/lib/queue.svelte.js';
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
  it('lists failed jobs and groups jobs by case as the core changes the queue', async () => {
    const fake = installFakeDesk();
    fake.answer('queue.list', () => [job('a', 'c1', 'ready')]);
    const queue = new QueueState();
    queue.start();
    await expect.poll(() => queue.loaded).toBe(true);
    expect(queue.failed).toEqual([]);

    fake.emit('queue.changed', {
      jobs: [job('a', 'c1', 'failed'), job('b', 'c2', 'ready'), job('c', 'c1', 'ready')],
    });
    expect(queue.failed.map((j) => j.id)).toEqual(['a']);
    expect(queue.byCase.map((g) => [g.caseId, g.jobs.map((j) => j.id)])).toEqual([
      ['c1', ['a', 'c']],
      ['c2', ['b']],
    ]);
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
