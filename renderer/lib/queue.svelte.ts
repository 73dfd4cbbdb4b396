// The queue screen's state: every job, kept current by the core's events.
import type { JobView } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';
import { groupByCase } from './queue-groups.js';

export class QueueState {
  jobs = $state<JobView[]>([]);
  error = $state<string | null>(null);
  loaded = $state(false);

  failed = $derived(this.jobs.filter((j) => j.state === 'failed'));
  byCase = $derived(groupByCase(this.jobs));

  start(): () => void {
    void this.load();
    const off = desk().on('queue.changed', ({ jobs }) => {
      this.jobs = jobs;
    });
    return off;
  }

  async load(): Promise<void> {
    try {
      this.jobs = await call('queue.list', {});
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  async run(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      this.error = null;
      await this.load();
    } catch (e) {
      this.error = messageOf(e);
    }
  }
}
