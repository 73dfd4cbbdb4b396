// The persisted sync queue (in the spirit of Signal Desktop's job queues): jobs are read back through
// their schema, marked inactive at start-up, run when their case's order and their prerequisites
// allow, a few uploads side by side, with capped backoff and jitter; unknown outcomes are reconciled
// before anything is sent again; a permanent error stops its case's jobs with the reason in words.
// This module runs jobs; which may start is the scheduler's, what a failure means the failure
// policy's, what people see the views', and deleting a job the job removal's.
import type { Connectivity, JobView } from '../../../shared/ipc/model.js';
import { classifyError } from '../api/errors.js';
import type { StoredCase } from '../cases/store/case-records.js';
import { finalityOf, maySend } from '../cases/finality.js';
import { stopReason } from '../jobs/decision-stop.js';
import { FailurePolicy } from './failure-policy.js';
import type { RunContext } from './job-handler.js';
import { JobHandlers } from './job-handlers.js';
import { isUpload } from '../jobs/job-kinds.js';
import type { StoredJob } from '../jobs/job-store.js';
import { DEFAULT_QUEUE_OPTIONS, type QueueDeps, type QueueOptions } from './queue-types.js';
import { QueueViews } from './queue-views.js';
import { Scheduler } from './scheduler.js';

export type { QueueDeps, QueueOptions } from './queue-types.js';

interface InFlight {
  abort: AbortController;
  done: Promise<void>;
  progress: { sent: number; total: number } | null;
  caseId: string;
}

/** How many startable jobs a full pass keeps beyond the free slots, for the slots that free up next. */
const STARTABLE_AHEAD = 16;
/** How many due jobs a scheduling pass reads at a time. */
const PICK_PAGE = 64;

export class SyncQueue {
  private readonly options: QueueOptions;
  private readonly inFlight = new Map<string, InFlight>();
  private paused = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private probing = false;
  private pumping = false;
  private pumpAgain = false;
  /**
   * Jobs found startable by the last full scheduling pass beyond the free slots, in order. A job
   * that finishes well only ever unblocks others, so the next slot is taken from here without
   * reading every job again; anything else (a new or changed job, a failure, connectivity) clears
   * it, and the next pass is a full one.
   */
  private startable: string[] = [];
  lastSyncAt: string | null = null;

  private readonly handlers: JobHandlers;
  private readonly scheduler: Scheduler;
  private readonly failures: FailurePolicy;
  private readonly queueViews: QueueViews;
  /**
   * A job about to run and, when it is about to send (not look for an earlier answer first), marked
   * "may have been sent" with what its handler shows as it starts (an upload: its document), in one
   * commit. Built once: better-sqlite3 builds a transaction function's wrappers on every
   * db.transaction().
   */
  private readonly markRunning: (job: StoredJob, caseRow: StoredCase, sending: boolean) => void;

  constructor(private readonly deps: QueueDeps) {
    this.options = { ...DEFAULT_QUEUE_OPTIONS, ...deps.options };
    const { store, jobs, vault, lookups, currentUserId, audit } = deps;
    this.handlers = new JobHandlers({
      handlers: deps.handlers,
      env: { store, jobs, vault, lookups, currentUserId, audit },
      environment: deps.environment,
    });
    const inFlight = (jobId: string) => this.inFlight.has(jobId);
    this.scheduler = new Scheduler({
      store,
      jobs,
      environment: deps.environment,
      handlers: this.handlers,
      inFlight,
    });
    this.failures = new FailurePolicy({
      store,
      jobs,
      removal: deps.removal,
      environment: deps.environment,
      connectivity: deps.connectivity,
      handlers: this.handlers,
      options: this.options,
      audit: deps.learnedAudit,
      inFlight,
      log: deps.log,
    });
    this.queueViews = new QueueViews({
      store,
      jobs,
      environment: deps.environment,
      connectivity: deps.connectivity,
      scheduler: this.scheduler,
      handlers: this.handlers,
      flight: (jobId) => this.inFlight.get(jobId),
      flyingOfCase: (caseId) =>
        [...this.inFlight].filter(([, flight]) => flight.caseId === caseId).map(([jobId]) => jobId),
      paused: () => this.paused,
    });
    this.markRunning = store.db.transaction((job: StoredJob, caseRow: StoredCase, sending: boolean) => {
      jobs.markRunning(job.id, sending);
      if (sending) this.handlers.of(job.payload).starting?.(this.handlers.readyContext(job, caseRow));
    });
    deps.connectivity.onChange((state) => this.onConnectivity(state));
  }

  get isPaused(): boolean {
    return this.paused;
  }

  start(): void {
    this.stopped = false;
    const revived = this.deps.jobs.markInactive();
    this.deps.log?.('start', { revived });
    this.heartbeat = setInterval(() => {
      if (this.deps.connectivity.current === 'online' && this.inFlight.size === 0) void this.probe();
    }, this.options.heartbeatMs);
    this.heartbeat.unref?.();
    if (this.deps.connectivity.current === 'offline' || this.deps.connectivity.current === 'checking')
      void this.probe();
    this.pump();
  }

  pause(): void {
    this.paused = true;
    this.deps.events.queueChanged(true);
  }

  resume(): void {
    this.paused = false;
    this.pump();
    this.deps.events.queueChanged(true);
  }

  /** "Send now": retries wait no longer, and an offline queue probes at once. */
  sendNow(): void {
    this.paused = false;
    this.deps.jobs.wakeAll();
    // Also when "online": a person pressing the button wants to know now.
    void this.probe();
    this.pump();
  }

  /** Lets in-flight jobs record their answers (up to `graceMs`), then stops the rest. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = this.probeTimer = this.heartbeat = null;
    const pending = [...this.inFlight.values()];
    const all = Promise.allSettled(pending.map((f) => f.done));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([all, timeout]);
    for (const f of this.inFlight.values()) f.abort.abort();
    await all;
  }

  private onConnectivity(state: Connectivity): void {
    this.deps.events.queueChanged(true);
    if (state === 'online' || state === 'checking') this.pump();
    if (state === 'offline') this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.stopped || this.probeTimer) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      void this.probe();
    }, this.options.probeIntervalMs);
    this.probeTimer.unref?.();
  }

  /** A light request that tells whether the service answers (and whether it accepts our sign-in). */
  async probe(): Promise<void> {
    if (this.probing || this.stopped) return;
    const api = this.deps.api();
    if (!api) return;
    this.probing = true;
    try {
      await api.lookup('entityTypes');
      this.deps.connectivity.reached();
    } catch (error) {
      const failure = classifyError(error);
      if (failure.kind === 'needs-sign-in') this.deps.connectivity.set('needs-sign-in');
      else if (failure.reachedService) this.deps.connectivity.reached();
      else {
        this.deps.connectivity.unreachable();
        if (this.deps.connectivity.current === 'offline') this.scheduleProbe();
      }
    } finally {
      this.probing = false;
    }
  }

  private canSend(): boolean {
    const c = this.deps.connectivity.current;
    return !this.stopped && !this.paused && (c === 'online' || c === 'checking') && this.deps.api() !== null;
  }

  /** Starts every job that may run now, up to the concurrency. Call after any change to the jobs. */
  pump(): void {
    this.startable = [];
    this.schedule();
  }

  private schedule(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        this.pumpOnce();
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private pumpOnce(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.canSend()) return;
    let free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return;
    let started = this.launchStartable(free);
    free -= started;
    const activeId = this.deps.environment.activeId();
    if (free > 0 && activeId !== null) {
      const now = Date.now();
      const spare: string[] = [];
      const wanted = free + STARTABLE_AHEAD;
      let launched = 0;
      // Due ready jobs in the order they were queued, a page at a time, until enough may start: the
      // first pages hold them unless many jobs in front wait on their case's order.
      let afterSeq = 0;
      for (;;) {
        const page = this.deps.jobs.dueOf(activeId, now, afterSeq, PICK_PAGE);
        for (const e of this.scheduler.evaluate(page, wanted - launched - spare.length)) {
          if (e.job.state !== 'ready' || e.waitingFor !== null || !e.caseRow || this.inFlight.has(e.job.id))
            continue;
          if (launched < free) {
            this.launch(e.job, e.caseRow);
            launched++;
          } else spare.push(e.job.id);
        }
        if (page.length < PICK_PAGE || launched + spare.length >= wanted) break;
        afterSeq = page[page.length - 1]!.seq;
      }
      this.startable = spare;
      const nextWake = this.deps.jobs.nextRetryAt(activeId, now);
      if (nextWake !== null && !this.stopped) {
        this.timer = setTimeout(() => this.pump(), Math.max(10, nextWake - Date.now()));
        this.timer.unref?.();
      }
      started += launched;
    }
    if (started > 0) this.deps.events.queueChanged();
  }

  /** Launches up to `free` jobs from the last pass's spares that still may start; answers how many. */
  private launchStartable(free: number): number {
    let started = 0;
    const now = Date.now();
    while (started < free && this.startable.length > 0) {
      const job = this.deps.jobs.get(this.startable.shift()!);
      if (!job || job.state !== 'ready' || job.nextAttemptAt > now || this.inFlight.has(job.id)) continue;
      const caseRow = this.deps.store.cases.getCase(job.caseId);
      if (!caseRow) continue;
      const waitingFor = this.handlers.waitingFor(job, caseRow);
      if (waitingFor !== null) continue;
      this.launch(job, caseRow);
      started++;
    }
    return started;
  }

  private launch(job: StoredJob, caseRow: StoredCase): void {
    const abort = new AbortController();
    const flight: InFlight = { abort, done: Promise.resolve(), progress: null, caseId: job.caseId };
    this.inFlight.set(job.id, flight);
    flight.done = this.execute(job, caseRow, flight).then(
      (completed) => this.finished(job, completed),
      () => this.finished(job, false),
    );
  }

  private finished(job: StoredJob, completed: boolean): void {
    this.inFlight.delete(job.id);
    this.deps.events.caseChanged(job.caseId);
    this.deps.events.queueChanged();
    if (this.stopped) return;
    if (completed) this.schedule();
    else this.pump();
  }

  /** True when the job's answer was recorded (it is done); false when it failed or was let go. */
  private async execute(job: StoredJob, caseRow: StoredCase, flight: InFlight): Promise<boolean> {
    // Checked as the job starts, and this client serves every request of the job: a switch of
    // profile while it runs cannot send its later requests to the other environment's service.
    const api = this.deps.environment.clientFor(job.profileId);
    if (!api) return false;
    // `caseRow` was read in this same synchronous pass (launch runs this far before any await).
    if (!maySend(caseRow, job.payload)) {
      this.failures.stopDecided(job, stopReason(finalityOf(caseRow)!.decision, false));
      return false;
    }
    const handler = this.handlers.of(job.payload);
    const wasMaybeSent = job.maybeSent;
    const reconcileFirst = wasMaybeSent && handler.reconcile !== undefined;
    // Marked "may have been sent" before any byte leaves; a reconcile first keeps it as it was.
    this.markRunning(job, caseRow, !reconcileFirst);
    let completed = false;
    let lastProgress = 0;
    let lastSent = -1;
    const documentId = 'documentId' in job.payload ? job.payload.documentId : null;
    const ctx: RunContext = {
      ...this.handlers.readyContext(job, caseRow),
      api,
      signal: flight.abort.signal,
      idempotencyKey: job.idempotencyKey,
      progress: (sent, total) => {
        flight.progress = { sent, total };
        const now = Date.now();
        // Throttled: a 40 MB upload reports many times a second; the same figure twice says nothing new.
        if (sent !== lastSent && (sent === total || sent === 0 || now - lastProgress > 100)) {
          lastProgress = now;
          lastSent = sent;
          this.deps.events.progress({ jobId: job.id, documentId, sent, total });
        }
      },
      complete: (record) => {
        this.deps.removal.recordAnswer(job.id, record);
        completed = true;
      },
    };
    try {
      if (reconcileFirst && handler.reconcile) {
        this.deps.log?.('reconcile', { jobId: job.id, kind: job.payload.kind });
        if (await handler.reconcile(ctx)) {
          this.deps.log?.('reconciled', { jobId: job.id, kind: job.payload.kind });
          this.lastSyncAt = new Date().toISOString();
          return completed;
        }
      }
      if (reconcileFirst) this.deps.jobs.setMaybeSent(job.id, true);
      await handler.run(ctx);
      if (!completed) ctx.complete(() => undefined);
      this.lastSyncAt = new Date().toISOString();
      this.deps.log?.('done', { jobId: job.id, kind: job.payload.kind });
      return true;
    } catch (error) {
      const failure = classifyError(error);
      if (
        !completed &&
        !flight.abort.signal.aborted &&
        (await this.failures.learnedDecided(job, failure, api))
      )
        return false;
      this.failures.handle(job, failure, wasMaybeSent, flight.abort.signal.aborted, completed);
      return false;
    }
  }

  label(job: StoredJob): string {
    return this.handlers.label(job);
  }

  /** Why a person may not cancel this item before it is sent, or null when they may. */
  cancelRefusal(jobId: string): string | null {
    return this.queueViews.cancelRefusal(jobId);
  }

  /** A person discards a failed item or cancels a waiting one (after confirming in the screen). */
  discard(jobId: string): { caseId: string } | { refused: string } {
    const job = this.deps.jobs.get(jobId);
    if (!job) return { refused: 'This item is no longer in the queue.' };
    if (this.inFlight.has(jobId)) return { refused: 'This item is being sent right now.' };
    const refusal = this.queueViews.cancelRefusal(jobId);
    if (refusal) return { refused: refusal };
    this.deps.removal.discard(job, this.handlers.label(job));
    this.deps.events.caseChanged(job.caseId);
    this.pump();
    return { caseId: job.caseId };
  }

  /** A person asked to try a failed or waiting job again. */
  retry(jobId: string): boolean {
    const job = this.deps.jobs.get(jobId);
    if (!job) return false;
    const actor = this.deps.currentUserId();
    this.deps.store.db.transaction(() => {
      // A job that recorded nobody is sent under the person who asks to send it again.
      if (actor && !job.payload.actor) this.deps.jobs.setActor(jobId, actor);
      this.deps.jobs.retryNow(jobId);
      const c = this.deps.store.cases.getCase(job.caseId);
      if (c && c.blockedReason && !this.deps.jobs.hasFailed(job.caseId)) {
        c.blockedReason = null;
        this.deps.store.cases.saveCase(c);
      }
      if ('documentId' in job.payload && isUpload(job.payload.kind)) {
        this.deps.store.documents.saveDocumentState(job.payload.documentId, { state: 'queued', error: null });
      }
    })();
    this.deps.events.caseChanged(job.caseId);
    this.pump();
    return true;
  }

  progressOfDocument(documentId: string): { sent: number; total: number } | null {
    for (const [jobId, flight] of this.inFlight) {
      const job = this.deps.jobs.get(jobId);
      if (job && 'documentId' in job.payload && job.payload.documentId === documentId) return flight.progress;
    }
    return null;
  }

  isRunning(jobId: string): boolean {
    return this.inFlight.has(jobId);
  }

  /** Waiting reasons of a case's heads, for its step views (QueueViews.waitingOfHeads). */
  waitingOfHeads(caseRow: StoredCase, heads: StoredJob[], failed: boolean): Map<string, string> {
    return this.queueViews.waitingOfHeads(caseRow, heads, failed);
  }

  /** The first waiting reason among a case's jobs (in the order queued), for its list row. */
  firstWaiting(caseRow: StoredCase): string | null {
    return this.queueViews.firstWaiting(caseRow);
  }

  /** The active environment's jobs, or one page of them; other profiles' work is counted elsewhere. */
  views(page: { offset?: number; limit?: number } = {}): JobView[] {
    return this.queueViews.views(page);
  }

  /** How many jobs the active environment holds (an indexed count). */
  count(): number {
    const activeId = this.deps.environment.activeId();
    return activeId === null ? 0 : this.deps.jobs.count(activeId).pending;
  }

  /** The views of these jobs (those of the active environment), for a delta of what changed. */
  viewsOf(jobs: StoredJob[]): JobView[] {
    return this.queueViews.viewsOf(jobs);
  }
}
