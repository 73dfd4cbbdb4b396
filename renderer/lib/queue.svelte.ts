// The queue screen's state: one page of the active environment's jobs, read again whenever the core
// says the queue changed. A page keeps the screen and each change as quick with ten thousand queued
// items as with ten.
import type { JobView } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';
import { groupByCase } from './queue-groups.js';
import { QUEUE_PAGE } from './queue-page.js';

export { QUEUE_PAGE } from './queue-page.js';

export class QueueState {
  jobs = $state<JobView[]>([]);
  error = $state<string | null>(null);
  loaded = $state(false);
  /** The page shown, from 0. */
  page = $state(0);

  failed = $derived(this.jobs.filter((j) => j.state === 'failed'));
  byCase = $derived(groupByCase(this.jobs));

  private reading: Promise<void> | null = null;
  private readAgain = false;

  start(): () => void {
    void this.load();
    return desk().on('queue.changed', () => void this.load());
  }

  /** Reads the page shown; a change announced meanwhile is read once more when this read ends. */
  load(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        await this.read();
      } while (this.readAgain);
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      let jobs = await call('queue.list', { offset: this.page * QUEUE_PAGE, limit: QUEUE_PAGE });
      // The items of a later page were sent meanwhile: show the last page that still has some.
      while (jobs.length === 0 && this.page > 0) {
        this.page--;
        jobs = await call('queue.list', { offset: this.page * QUEUE_PAGE, limit: QUEUE_PAGE });
      }
      this.jobs = jobs;
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  /** Shows another page (from 0). */
  async goTo(page: number): Promise<void> {
    this.page = Math.max(0, page);
    await this.load();
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
