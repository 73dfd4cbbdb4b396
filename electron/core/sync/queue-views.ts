// The queue as people see it: each item with its state, what it waits for in words, its file and
// progress, and whether a person may cancel it (and why not).
import type { JobView } from '../../../shared/ipc/model.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import type { StoredDocument } from '../cases/store/documents.js';
import { isDecisionStop } from '../jobs/decision-stop.js';
import type { ConnectivityState } from './connectivity.js';
import type { JobHandlers } from './job-handlers.js';
import {
  isDecisionKind,
  isPersonKind,
  isUpload,
  mustWaitFor,
  orderGroupOf,
  UPLOAD_KINDS,
  type JobPayload,
  type Ordered,
} from '../jobs/job-kinds.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import type { QueueEnvironment } from './queue-types.js';
import type { KnownOrder, Scheduler } from './scheduler.js';

/** Items that never need another item before them: uploads and deletions of a document. */
export const NEVER_NEEDERS = [...UPLOAD_KINDS, 'document.delete'] as const;

/** Up to this many jobs, a case's row reads and evaluates every job of the case. */
const FEW_JOBS = 32;

/** The first job of each order group among `jobs` (in seq order): what JobStore.headsOfCase reads. */
function headsAmong(jobs: readonly StoredJob[]): StoredJob[] {
  const seen = new Set<string>();
  return jobs.filter((job) => {
    const group = orderGroupOf(job.payload);
    if (seen.has(group)) return false;
    seen.add(group);
    return true;
  });
}

/** A case's items that may need an earlier upload or decision, and whether the case is stopped. */
interface CaseNeeders {
  needers: StoredJob[];
  stopped: boolean;
}

export interface QueueViewsDeps {
  store: Pick<CaseStore, 'cases' | 'documents'>;
  jobs: JobStore;
  environment: QueueEnvironment;
  connectivity: ConnectivityState;
  scheduler: Scheduler;
  handlers: JobHandlers;
  /** The job being sent, with its progress; undefined when it is not. */
  flight: (jobId: string) => { progress: { sent: number; total: number } | null } | undefined;
  /** Ids of the case's jobs being sent. */
  flyingOfCase: (caseId: string) => string[];
  paused: () => boolean;
}

export class QueueViews {
  constructor(private readonly deps: QueueViewsDeps) {}

  /**
   * Why a person may not cancel this item before it is sent, or null when they may. Only uploads
   * and decisions are cancelled: the other items carry steps of the case's record. An upload that a
   * later item needs (the owner's documents confirmation) stays, or the confirmation would go
   * without it.
   */
  cancelRefusal(jobId: string): string | null {
    const job = this.deps.jobs.get(jobId);
    if (!job) return 'This item is no longer in the queue.';
    return this.refusalFor(job, (caseId) => this.needers(caseId), this.deps.store.cases.getCase(job.caseId));
  }

  private refusalFor(
    job: StoredJob,
    needersOf: (caseId: string) => CaseNeeders,
    caseRow: StoredCase | null,
  ): string | null {
    // What failed, or sits behind what failed, may be discarded as before: the case is stopped.
    if (job.state === 'failed' || job.error) return null;
    const { needers, stopped } = needersOf(job.caseId);
    if (stopped) return null;
    if (this.deps.flight(job.id) !== undefined) return 'This item is being sent right now.';
    const kind = job.payload.kind;
    if (!isDecisionKind(kind) && !isUpload(kind))
      return `“${this.deps.handlers.label(job, caseRow)}” cannot be cancelled: later steps of the case build on it. Only uploads and decisions can be cancelled before they are sent.`;
    if (!caseRow) return null;
    const me: Ordered = { seq: job.seq, payload: job.payload, caseKind: caseRow.kind };
    const needs = needers.find(
      (other) =>
        other.id !== job.id &&
        mustWaitFor({ seq: other.seq, payload: other.payload, caseKind: caseRow.kind }, me),
    );
    return needs
      ? `“${this.deps.handlers.label(job, caseRow)}” cannot be cancelled: “${this.deps.handlers.label(needs, caseRow)}” is queued after it and needs it.`
      : null;
  }

  /** The case's items that could need an upload or a decision before them: neither uploads nor deletes. */
  private needers(caseId: string): CaseNeeders {
    return {
      needers: this.deps.jobs.ofCaseExcept(caseId, NEVER_NEEDERS),
      stopped: this.deps.jobs.hasFailed(caseId),
    };
  }

  /**
   * Waiting reasons of a case's heads (the first job of each order group, JobStore.headsOfCase), for
   * its step views: each step shows the wait of its first job, which is a head. Only the heads are
   * evaluated, with the order already read, so a case of ten thousand jobs costs what one of ten does.
   */
  waitingOfHeads(caseRow: StoredCase, heads: StoredJob[], failed: boolean): Map<string, string> {
    const out = new Map<string, string>();
    for (const { job, reason } of this.shown(heads, { caseRow, heads, failed }))
      if (reason) out.set(job.id, reason);
    return out;
  }

  /**
   * The first waiting reason among a case's jobs in the order queued, for the case's row in the
   * list. Jobs of one order group whose handler waits as its group does, in the same state and
   * behind the same heads of the case's order, wait alike: one of them is evaluated for all, so a
   * case with thousands of queued uploads costs a few evaluations, not thousands. The row the list
   * already read and the heads read here are handed to the scheduler, which reads neither again.
   */
  firstWaiting(caseRow: StoredCase): string | null {
    const { jobs } = this.deps;
    const caseId = caseRow.id;
    // A case with a few jobs is read whole at once, and each of them evaluated.
    const few = jobs.allOfFewOfCase(caseId, FEW_JOBS);
    const heads = few ? headsAmong(few) : jobs.headsOfCase(caseId);
    if (heads.length === 0) return null;
    const failed = few ? few.some((j) => j.state === 'failed') : jobs.hasFailed(caseId);
    return this.firstWaitingAmong(
      heads.map((h) => h.seq),
      few ?? this.representatives(caseId, heads),
      { caseRow, heads, failed },
    );
  }

  /**
   * Jobs of a case that stand for all of them in firstWaiting: the heads of the case's order, and
   * for an upload kind whose jobs wait as their group does (the case's, or one owner's), between
   * two heads, its first ready jobs (one more than the case has in flight, so one that is not sent
   * meanwhile is among them); every other job that could wait is read itself (the other kinds the
   * case holds, the running ones, those in flight). Failed jobs never show a wait. A case with ten
   * thousand queued uploads, its own or its owners', reads a few rows.
   */
  private representatives(caseId: string, heads: StoredJob[]): StoredJob[] {
    const { jobs, handlers } = this.deps;
    const flying = this.deps.flyingOfCase(caseId);
    const grouped = (kind: JobPayload['kind']) =>
      isUpload(kind) && handlers.ofKind(kind).waitsAsItsGroup === true;
    const picked = new Map<string, StoredJob>();
    const add = (list: StoredJob[]) => list.forEach((j) => picked.set(j.id, j));
    add(heads);
    // The heads name every kind the case holds, each with its first job: only the rest of those
    // kinds is read (a head read as a later job of its kind needs no read of its own).
    const covered = new Set<string>();
    for (const head of heads) {
      if (grouped(head.payload.kind) || covered.has(head.id)) continue;
      const later = jobs.laterOfSameKind(caseId, head.seq);
      later.forEach((j) => covered.add(j.id));
      add(later);
    }
    add(jobs.ofCaseInState(caseId, 'running'));
    for (const id of flying) {
      const job = jobs.get(id);
      if (job) picked.set(id, job);
    }
    const bounds = [...heads.map((h) => h.seq), Number.MAX_SAFE_INTEGER];
    for (const head of heads) {
      const { payload } = head;
      if (!grouped(payload.kind)) continue;
      const person = isPersonKind(payload.kind) && 'uboId' in payload ? payload.uboId : null;
      for (let i = 0; i + 1 < bounds.length; i++) {
        if (bounds[i]! < head.seq) continue;
        const [after, before, limit] = [bounds[i]!, bounds[i + 1]!, flying.length + 1];
        add(
          person
            ? jobs.firstReadyOfPerson(caseId, payload.kind, person, after, before, limit)
            : jobs.firstReadyOfKind(caseId, payload.kind, after, before, limit),
        );
      }
    }
    return [...picked.values()].sort((a, b) => a.seq - b.seq);
  }

  private firstWaitingAmong(headSeqs: number[], jobs: StoredJob[], known?: KnownOrder): string | null {
    const now = Date.now();
    const keys = jobs.map((job) => {
      if (!this.deps.handlers.of(job.payload).waitsAsItsGroup) return `job ${job.id}`;
      const headsBefore = headSeqs.filter((seq) => seq < job.seq).length;
      const flying = this.deps.flight(job.id) !== undefined;
      const retrying = job.nextAttemptAt > now && job.attempts > 0;
      return `${orderGroupOf(job.payload)}|${job.state}|${flying}|${retrying}|${headsBefore}`;
    });
    const keyOf = new Map<StoredJob, string>();
    const taken = new Set<string>();
    jobs.forEach((job, i) => {
      const key = keys[i]!;
      if (taken.has(key)) return;
      taken.add(key);
      keyOf.set(job, key);
    });
    const reasonOf = new Map<string, string | null>();
    for (const { job, reason } of this.shown([...keyOf.keys()], known)) reasonOf.set(keyOf.get(job)!, reason);
    for (const key of keys) {
      const reason = reasonOf.get(key);
      if (reason) return reason;
    }
    return null;
  }

  /** The job's document, read once for its label and its file; undefined for a job without one. */
  private documentOf(job: StoredJob): StoredDocument | null | undefined {
    return 'documentId' in job.payload
      ? this.deps.store.documents.getDocument(job.payload.documentId)
      : undefined;
  }

  /** Each of `jobs` of the active environment with the state and reason a person is shown. */
  private shown(jobs: StoredJob[], known?: KnownOrder) {
    const connectivity = this.deps.connectivity.current;
    const now = Date.now();
    const activeId = this.deps.environment.activeId();
    const evaluations = this.deps.scheduler
      .evaluate(jobs, Infinity, known)
      .filter((e) => e.job.profileId !== null && e.job.profileId === activeId);
    return evaluations.map(({ job, caseRow, waitingFor }) => {
      let state: JobView['state'];
      let reason = waitingFor;
      if (job.state === 'failed') {
        state = isDecisionStop(job.error) ? 'not-sent' : 'failed';
        reason = null;
      } else if (this.deps.flight(job.id) !== undefined) state = 'running';
      else if (waitingFor) state = 'waiting';
      else if (this.deps.paused()) {
        state = 'paused';
        reason = 'paused';
      } else if (connectivity === 'offline' || connectivity === 'no-profile') {
        state = 'waiting';
        reason = 'waiting for connection';
      } else if (connectivity === 'needs-sign-in') {
        state = 'waiting';
        reason = 'waiting for sign-in';
      } else if (job.nextAttemptAt > now && job.attempts > 0) state = 'retrying';
      else state = 'ready';
      return { job, caseRow, state, reason };
    });
  }

  /**
   * The active environment's jobs in the order they were queued, or one page of them; other
   * profiles' work is counted elsewhere, never listed with it. A page costs the same however many
   * jobs are queued.
   */
  views(page: { offset?: number; limit?: number } = {}): JobView[] {
    const activeId = this.deps.environment.activeId();
    if (activeId === null) return [];
    return this.viewsOf(this.deps.jobs.pageOf(activeId, page.offset ?? 0, page.limit ?? -1));
  }

  /** The views of `jobs` that belong to the active environment, built for those jobs only. */
  viewsOf(jobs: StoredJob[]): JobView[] {
    const now = Date.now();
    const needers = new Map<string, CaseNeeders>();
    const needersOf = (caseId: string): CaseNeeders => {
      let list = needers.get(caseId);
      if (!list) needers.set(caseId, (list = this.needers(caseId)));
      return list;
    };
    return this.shown(jobs).map(({ job, caseRow, state, reason }) => {
      const flight = this.deps.flight(job.id);
      const document = this.documentOf(job);
      return {
        id: job.id,
        caseId: job.caseId,
        caseTitle: caseRow?.title ?? '',
        kind: job.payload.kind,
        label: this.deps.handlers.label(job, caseRow, document),
        state,
        waitingFor: reason,
        attempts: job.attempts,
        nextAttemptAt: job.nextAttemptAt > now ? new Date(job.nextAttemptAt).toISOString() : null,
        progress: flight?.progress ?? null,
        error: job.error ? { message: job.error, permanent: job.errorPermanent } : null,
        createdAt: job.createdAt,
        file: document ? { name: document.filename, size: document.size } : null,
        cancellable:
          state !== 'failed' &&
          state !== 'not-sent' &&
          state !== 'running' &&
          (isUpload(job.payload.kind) || isDecisionKind(job.payload.kind)) &&
          this.refusalFor(job, needersOf, caseRow) === null,
      };
    });
  }
}
