// What the queue.changed event carries: the views of the jobs whose view changed since the last
// event, the ids of those gone, and the queue's size. Built from the jobs written meanwhile and
// their cases, so an event costs the same with ten thousand queued items as with ten.
import type { QueueChanged } from '../../../shared/ipc/contract.js';
import type { JobView } from '../../../shared/ipc/model.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import { NEVER_NEEDERS } from '../sync/queue-views.js';

/**
 * A case with at most this many jobs is listed whole when one of its jobs changes: a sibling's wait
 * ("waiting for the entity") or cancellability follows from the others, and reading a few rows is
 * cheaper than working out which.
 */
export const WHOLE_CASE_MAX = 50;

export interface QueueDeltaDeps {
  jobs: JobStore;
  activeId: () => string | null;
  viewsOf: (jobs: StoredJob[]) => JobView[];
}

export type QueueDelta = Omit<QueueChanged, 'version'>;

const neverNeeds = new Set<string>(NEVER_NEEDERS);

export class QueueDeltaBuilder {
  private readonly cases = new Set<string>();
  /** Large cases stopped by a failure at the last delta: their items wait again once it clears. */
  private readonly stoppedLarge = new Set<string>();

  constructor(private readonly deps: QueueDeltaDeps) {}

  /** A case whose jobs may have changed (one was recorded, failed, discarded or added). */
  caseChanged(caseId: string): void {
    this.cases.add(caseId);
  }

  /** Forgets what was written: nobody listens. */
  drop(): void {
    this.deps.jobs.takeWritten();
    this.cases.clear();
  }

  build(everyJob: boolean): QueueDelta {
    const { jobs } = this.deps;
    const activeId = this.deps.activeId();
    const written = jobs.takeWritten();
    const caseIds = new Set(this.cases);
    this.cases.clear();
    const present = new Map<string, StoredJob>();
    const removed: string[] = [];
    for (const id of written.ids) {
      const job = jobs.get(id);
      if (job) {
        present.set(id, job);
        caseIds.add(job.caseId);
      } else removed.push(id);
    }
    const total = activeId === null ? 0 : jobs.count(activeId).pending;
    const reset = { total, changed: [], removed, caseIds: [...caseIds], reset: true };
    if (everyJob || written.all) return reset;

    const shown = new Map(present);
    for (const caseId of caseIds) {
      const first = jobs.firstOfCase(caseId, WHOLE_CASE_MAX + 1);
      if (first.length <= WHOLE_CASE_MAX) {
        for (const job of first) shown.set(job.id, job);
        continue;
      }
      // A large case: its uploads wait only on the case's order and on a failure that stops it, so
      // unless one of those changed only the jobs written and the case's few needers differ.
      const stopped = jobs.hasFailed(caseId);
      const wasStopped = this.stoppedLarge.has(caseId);
      if (stopped) this.stoppedLarge.add(caseId);
      else this.stoppedLarge.delete(caseId);
      const orderChanged = [...present.values()].some(
        (j) => j.caseId === caseId && !neverNeeds.has(j.payload.kind),
      );
      if (stopped || wasStopped || orderChanged) return reset;
      for (const job of jobs.ofCaseExcept(caseId, NEVER_NEEDERS)) shown.set(job.id, job);
    }
    const changed = this.deps.viewsOf([...shown.values()].sort((a, b) => a.seq - b.seq));
    return { total, changed, removed, caseIds: [...caseIds], reset: false };
  }
}
