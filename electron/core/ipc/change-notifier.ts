// Tells the screens what changed, throttled so that a drain of hundreds of documents does not flood
// the renderer: the status when it really changed, the queue at most every 250 ms, and the changed
// cases 50 ms after a change, but no more often than every 250 ms while changes keep coming (each
// told case's status row is refreshed first, so the list can filter on it; an open case screen
// reads the case again, a page of documents per owner, and the documents it holds beyond that which
// the event names). The events carry what changed (queue-delta.ts, and the documents a case's event
// names): a screen patches the rows it shows, so an event costs the same with ten thousand queued
// items as with ten.
import type { Status } from '../../../shared/ipc/model.js';
import type { CoreEvents } from './events.js';
import type { QueueDelta } from './queue-delta.js';

/** A changed case is told this long after its change at the soonest, */
const CASE_DEBOUNCE_MS = 50;
/** and this long after the cases were last told. */
const CASE_THROTTLE_MS = 250;

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
  /** The case's documents written since it was last told, or null when too many to name. */
  changedDocuments: (caseId: string) => string[] | null;
  queue: QueueDeltaSource;
}

export class ChangeNotifier {
  private lastStatus = '';
  private queueTimer: NodeJS.Timeout | null = null;
  private caseTimer: NodeJS.Timeout | null = null;
  /** When the changed cases were last told (ms since the epoch). */
  private casesToldAt = 0;
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

  /**
   * Debounced, then throttled: a person's own change is told at once, while a drain, which finishes
   * many jobs of a case a second, is told a few times a second (each a refresh of every screen on it).
   */
  caseChanged(caseId: string): void {
    this.changedCases.add(caseId);
    this.deps.queue.caseChanged(caseId);
    if (!this.caseTimer) {
      const wait = Math.max(CASE_DEBOUNCE_MS, this.casesToldAt + CASE_THROTTLE_MS - Date.now());
      this.caseTimer = setTimeout(() => this.flushCases(), wait);
    }
    this.queueChanged();
  }

  private flushCases(): void {
    this.caseTimer = null;
    if (this.closed) return;
    this.casesToldAt = Date.now();
    const ids = [...this.changedCases];
    this.changedCases.clear();
    for (const caseId of ids) {
      this.deps.refreshCaseStatus(caseId);
      this.deps.events.emit('case.changed', { caseId, documentIds: this.deps.changedDocuments(caseId) });
    }
  }

  close(): void {
    this.closed = true;
    if (this.queueTimer) clearTimeout(this.queueTimer);
    if (this.caseTimer) clearTimeout(this.caseTimer);
  }
}
