// Tells the screens what changed, throttled so that a drain of hundreds of documents does not flood
// the renderer: the status when it really changed, the queue at most every 250 ms, and each changed
// case once per 50 ms (its status row refreshed first, so the list can filter on it). The queue's
// event carries what changed (queue-delta.ts): a screen patches the rows it shows, so an event costs
// the same with ten thousand queued items as with ten.
import type { Status } from '../../../shared/ipc/model.js';
import type { CoreEvents } from './events.js';
import type { QueueDelta } from './queue-delta.js';

/** Where the queue's changes since the last event come from. */
export interface QueueDeltaSource {
  caseChanged(caseId: string): void;
  build(everyJob: boolean): QueueDelta;
  drop(): void;
}

export interface ChangeNotifierDeps {
  events: CoreEvents;
  status: () => Status;
  refreshCaseStatus: (caseId: string) => void;
  queue: QueueDeltaSource;
}

export class ChangeNotifier {
  private lastStatus = '';
  private queueTimer: NodeJS.Timeout | null = null;
  private caseTimer: NodeJS.Timeout | null = null;
  private readonly changedCases = new Set<string>();
  private closed = false;
  private queueVersion = 0;
  private everyJob = false;

  constructor(private readonly deps: ChangeNotifierDeps) {}

  statusChanged(): void {
    if (this.closed) return;
    const next = this.deps.status();
    const text = JSON.stringify(next);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.deps.events.emit('status.changed', next);
  }

  /** `everyJob` when what every item shows changed (another environment, paused, connectivity). */
  queueChanged(everyJob = false): void {
    if (everyJob) this.everyJob = true;
    if (this.queueTimer) return;
    this.queueTimer = setTimeout(() => {
      this.queueTimer = null;
      if (this.closed) return;
      const everyJob = this.everyJob;
      this.everyJob = false;
      if (this.deps.events.has('queue.changed'))
        this.deps.events.emit('queue.changed', {
          version: ++this.queueVersion,
          ...this.deps.queue.build(everyJob),
        });
      else this.deps.queue.drop();
      this.statusChanged();
    }, 250);
    this.queueTimer.unref?.();
  }

  /** Debounced per case: a drain finishes many jobs of one case a second, and one refresh says it all. */
  caseChanged(caseId: string): void {
    this.changedCases.add(caseId);
    this.deps.queue.caseChanged(caseId);
    this.caseTimer ??= setTimeout(() => this.flushCases(), 50);
    this.queueChanged();
  }

  private flushCases(): void {
    this.caseTimer = null;
    if (this.closed) return;
    const ids = [...this.changedCases];
    this.changedCases.clear();
    for (const caseId of ids) {
      this.deps.refreshCaseStatus(caseId);
      this.deps.events.emit('case.changed', { caseId });
    }
  }

  close(): void {
    this.closed = true;
    if (this.queueTimer) clearTimeout(this.queueTimer);
    if (this.caseTimer) clearTimeout(this.caseTimer);
  }
}
