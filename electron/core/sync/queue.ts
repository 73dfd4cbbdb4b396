// The persisted sync queue (in the spirit of Signal Desktop's job queues): jobs are read back through
// their schema, marked inactive at start-up, run when their case's order and their prerequisites
// allow, a few uploads side by side, with capped backoff and jitter; unknown outcomes are reconciled
// before anything is sent again; a permanent error stops its case's jobs with the reason in words.
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { Connectivity, JobView } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { classifyError } from '../api/errors.js';
import type { StoredCase } from '../cases/case-store.js';
import { finalityOf, maySend, stopReason, stopWorkOfDecidedCase } from '../cases/finality.js';
import { backoffDelay } from './backoff.js';
import type { ConnectivityState } from './connectivity.js';
import type { HandlerMap, JobEnv, JobHandler, ReadyContext, RunContext } from './job-handler.js';
import { isUpload, mustWaitFor, rankOf, type JobPayload, type Ordered } from './job-kinds.js';
import type { StoredJob } from './job-store.js';
import { waitPhrase } from './wait-phrases.js';

export interface QueueOptions {
  /** Jobs in flight at once (uploads included). */
  concurrency: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How often to probe the service while offline. */
  probeIntervalMs: number;
  /** How often an idle, online queue checks the service is still there (the status bar). */
  heartbeatMs: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  concurrency: 4,
  backoffBaseMs: 1000,
  backoffMaxMs: 60_000,
  probeIntervalMs: 5000,
  heartbeatMs: 30_000,
};

export interface QueueEvents {
  queueChanged(): void;
  progress(p: { jobId: string; documentId: string | null; sent: number; total: number }): void;
  /** After a job's answer is recorded (or it failed), so the case's status and views are refreshed. */
  caseChanged(caseId: string): void;
}

/** Which environment profile the queue sends for; a job of any other profile waits. */
export interface QueueEnvironment {
  activeId(): string | null;
  /** The client of that profile's own service and credentials; null unless it is the active one. */
  clientFor(profileId: string | null): ServiceClient | null;
  /** The profile's name as people know it ("Live (branch 12)"); null when it no longer exists. */
  nameOf(profileId: string): string | null;
  /** The look-ups cached for that profile (its users, its partner), whichever profile is active. */
  lookupsOf(profileId: string | null): LookupBundle;
}

export interface QueueDeps extends JobEnv {
  api: () => ServiceClient | null;
  environment: QueueEnvironment;
  connectivity: ConnectivityState;
  handlers: HandlerMap;
  events: QueueEvents;
  options?: Partial<QueueOptions>;
  /** Counts of what happened, for tests and the bench. */
  log?: (event: string, detail: Record<string, unknown>) => void;
}

interface InFlight {
  abort: AbortController;
  done: Promise<void>;
  progress: { sent: number; total: number } | null;
  caseId: string;
}

interface Evaluation {
  job: StoredJob;
  caseRow: StoredCase | null;
  /** Null when the job may start now. */
  waitingFor: string | null;
  blockedByFailure: boolean;
}

/** How many startable jobs a full pass keeps beyond the free slots, for the slots that free up next. */
const STARTABLE_AHEAD = 16;

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

  constructor(private readonly deps: QueueDeps) {
    this.options = { ...DEFAULT_QUEUE_OPTIONS, ...deps.options };
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
    this.deps.events.queueChanged();
  }

  resume(): void {
    this.paused = false;
    this.pump();
    this.deps.events.queueChanged();
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
    this.deps.events.queueChanged();
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

  private readyContext(job: StoredJob, caseRow: StoredCase): ReadyContext {
    return {
      ...this.env(),
      lookups: () => this.deps.environment.lookupsOf(job.profileId),
      job,
      case: caseRow,
    };
  }

  private env(): JobEnv {
    const { store, jobs, vault, lookups, currentUserId, audit } = this.deps;
    return { store, jobs, vault, lookups, currentUserId, audit };
  }

  /** What the job's own handler says it waits for; a handler that throws names the reason. */
  private handlerWaitingFor(job: StoredJob, caseRow: StoredCase): string | null {
    try {
      return this.handlerOf(job.payload).waitingFor?.(this.readyContext(job, caseRow)) ?? null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private handlerOf(payload: JobPayload): JobHandler {
    return this.deps.handlers[payload.kind] as JobHandler;
  }

  /**
   * Why each job waits, in order; stops early once `limit` startable jobs are found. A job waits
   * only on its own case's jobs, so one case's jobs can be evaluated without the rest.
   */
  private evaluate(limit = Infinity, jobs: StoredJob[] = this.deps.jobs.all()): Evaluation[] {
    const activeId = this.deps.environment.activeId();
    const now = Date.now();
    const cases = new Map<string, StoredCase | null>();
    const caseOf = (id: string) => {
      if (!cases.has(id)) cases.set(id, this.deps.store.getCase(id));
      return cases.get(id) ?? null;
    };
    // Per case, once per pass: its jobs with their place in the order, and whether one failed.
    // (Rebuilding these per job made a pass quadratic in the case's jobs.)
    const byCase = new Map<
      string,
      {
        jobs: StoredJob[];
        siblings: { job: StoredJob; ordered: Ordered; rank: number }[];
        failed: boolean;
      }
    >();
    for (const j of jobs) {
      let group = byCase.get(j.caseId);
      if (!group) byCase.set(j.caseId, (group = { jobs: [], siblings: [], failed: false }));
      group.jobs.push(j);
      if (j.state === 'failed') group.failed = true;
    }
    const out: Evaluation[] = [];
    let startable = 0;
    const siblingsOf = (caseId: string, kind: StoredCase['kind']) => {
      const group = byCase.get(caseId)!;
      if (group.siblings.length === 0) {
        for (const s of group.jobs) {
          const ordered: Ordered = { seq: s.seq, payload: s.payload, caseKind: kind };
          group.siblings.push({ job: s, ordered, rank: rankOf(ordered) });
        }
      }
      return group;
    };
    for (const job of jobs) {
      const caseRow = caseOf(job.caseId);
      const evaluation: Evaluation = { job, caseRow, waitingFor: null, blockedByFailure: false };
      out.push(evaluation);
      if (job.state !== 'ready' || !caseRow) continue;
      if (job.profileId === null || job.profileId !== activeId) {
        evaluation.waitingFor = this.otherEnvironmentPhrase(job.profileId);
        continue;
      }
      const kindOf = caseRow.kind;
      const { siblings, failed } = siblingsOf(job.caseId, kindOf);
      const decisionKind =
        job.payload.kind === 'entity.decision' || job.payload.kind === 'individual.decision';
      // A decline (and the create it needs) goes although the work it stopped is still listed.
      if (failed && !(finalityOf(caseRow)?.decision === 'Declined' && maySend(caseRow, job.payload))) {
        evaluation.blockedByFailure = true;
        evaluation.waitingFor = 'stopped: an earlier item of this case failed';
        continue;
      }
      const early =
        decisionKind &&
        caseRow.data.decisionBody !== null &&
        caseRow.data.decisionBody.onboardingDecision !== 'Approved';
      // The nearest job in front names the wait best ("PEP review of Jane Doe", not "the entity").
      let blocker: StoredJob | undefined;
      let blockerRank = -1;
      const me: Ordered = { seq: job.seq, payload: job.payload, caseKind: kindOf, early };
      for (const s of siblings) {
        if (s.rank > blockerRank && mustWaitFor(me, s.ordered)) {
          blocker = s.job;
          blockerRank = s.rank;
        }
      }
      if (blocker) {
        evaluation.waitingFor = waitPhrase(blocker.payload, this.deps.store);
        continue;
      }
      evaluation.waitingFor = this.handlerWaitingFor(job, caseRow);
      if (
        evaluation.waitingFor === null &&
        job.nextAttemptAt <= now &&
        !this.inFlight.has(job.id) &&
        ++startable >= limit
      )
        break;
    }
    return out;
  }

  private otherEnvironmentPhrase(profileId: string | null): string {
    if (profileId === null) return 'not assigned to an environment yet; make an environment active to send';
    const name = this.deps.environment.nameOf(profileId);
    return name === null
      ? 'captured under an environment that was removed from this laptop; it cannot be sent'
      : `captured under ${name}; switch to it to send`;
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
    if (free > 0) {
      const now = Date.now();
      let nextWake = Infinity;
      const spare: string[] = [];
      for (const e of this.evaluate(free + STARTABLE_AHEAD)) {
        if (e.job.state !== 'ready' || e.waitingFor !== null || !e.caseRow || this.inFlight.has(e.job.id))
          continue;
        if (e.job.nextAttemptAt > now) {
          nextWake = Math.min(nextWake, e.job.nextAttemptAt);
          continue;
        }
        if (started < free) {
          this.launch(e.job, e.caseRow);
          started++;
        } else spare.push(e.job.id);
      }
      this.startable = spare;
      if (nextWake !== Infinity && !this.stopped) {
        this.timer = setTimeout(() => this.pump(), Math.max(10, nextWake - Date.now()));
        this.timer.unref?.();
      }
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
      const caseRow = this.deps.store.getCase(job.caseId);
      if (!caseRow) continue;
      const waitingFor = this.handlerWaitingFor(job, caseRow);
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
    const fresh = this.deps.store.getCase(job.caseId);
    if (fresh && !maySend(fresh, job.payload)) {
      this.stopDecided(job, stopReason(finalityOf(fresh)!.decision, false));
      return false;
    }
    const handler = this.handlerOf(job.payload);
    const wasMaybeSent = job.maybeSent;
    const reconcileFirst = wasMaybeSent && handler.reconcile !== undefined;
    // Marked "may have been sent" before any byte leaves; a reconcile first keeps it as it was.
    this.deps.jobs.markRunning(job.id, !reconcileFirst);
    let completed = false;
    let lastProgress = 0;
    const documentId = 'documentId' in job.payload ? job.payload.documentId : null;
    const ctx: RunContext = {
      ...this.readyContext(job, caseRow),
      api,
      signal: flight.abort.signal,
      idempotencyKey: job.idempotencyKey,
      progress: (sent, total) => {
        flight.progress = { sent, total };
        const now = Date.now();
        // Throttled: a 40 MB upload reports many times a second.
        if (sent === total || sent === 0 || now - lastProgress > 100) {
          lastProgress = now;
          this.deps.events.progress({ jobId: job.id, documentId, sent, total });
        }
      },
      complete: (record) => {
        this.deps.store.db.transaction(() => {
          record();
          this.deps.jobs.remove(job.id);
        })();
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
      if (!completed && !flight.abort.signal.aborted && (await this.learnedDecided(job, failure, api)))
        return false;
      this.handleFailure(job, failure, wasMaybeSent, flight.abort.signal.aborted, completed);
      return false;
    }
  }

  /** Stops `job` (and whatever else of its case may no longer be sent) with `reason`. */
  private stopDecided(job: StoredJob, reason: string): void {
    this.deps.store.db.transaction(() => {
      this.deps.jobs.fail(job.id, reason);
      if ('documentId' in job.payload && isUpload(job.payload.kind)) {
        this.deps.store.saveDocumentState(job.payload.documentId, { state: 'failed', error: reason });
      }
      stopWorkOfDecidedCase(
        this.deps.store,
        this.deps.jobs,
        job.caseId,
        reason,
        (id) => id !== job.id && this.inFlight.has(id),
      );
      const c = this.deps.store.getCase(job.caseId);
      if (c && !c.blockedReason) {
        c.blockedReason = `A queued change was not sent: ${reason.replace(/^Not sent: /, '')}.`;
        this.deps.store.saveCase(c);
      }
    })();
    this.deps.log?.('stopped', { jobId: job.id, kind: job.payload.kind });
  }

  /**
   * A change the service refuses (403 or 409) may be refused because the application was decided
   * elsewhere: the record says so. Then the decision is recorded here as learned from the service
   * and the case's queued changes are stopped with that reason. True when that was the case.
   */
  private async learnedDecided(job: StoredJob, failure: ApiError, api: ServiceClient): Promise<boolean> {
    if (failure.kind !== 'permanent' || (failure.status !== 403 && failure.status !== 409)) return false;
    const c = this.deps.store.getCase(job.caseId);
    if (!c?.serverId) return false;
    let record: { onboardingDecision?: string | null; nextFicaReviewDate?: string | null };
    try {
      record = c.kind === 'entity' ? await api.getEntity(c.serverId) : await api.getIndividual(c.serverId);
    } catch {
      return false;
    }
    const decision = record.onboardingDecision;
    if (decision !== 'Approved' && decision !== 'Declined') return false;
    const reason = stopReason(decision, true);
    const isDecision = job.payload.kind === 'entity.decision' || job.payload.kind === 'individual.decision';
    const ours = c.data.decision?.onboardingDecision === decision;
    if (isDecision && ours) {
      // The service already holds this very decision: it is recorded, not refused.
      const caseId = job.caseId;
      this.deps.store.db.transaction(() => {
        const fresh = this.deps.store.getCase(caseId);
        if (fresh?.data.decision) {
          fresh.data.decision.synced = true;
          fresh.decidedAt ??= new Date().toISOString();
          this.deps.store.saveCase(fresh);
        }
        this.deps.jobs.remove(job.id);
      })();
      return true;
    }
    this.deps.store.db.transaction(() => {
      const fresh = this.deps.store.getCase(job.caseId);
      if (!fresh) return;
      const local = fresh.data.decision;
      if (local && local.onboardingDecision === decision) {
        local.synced = true;
        fresh.decidedAt ??= new Date().toISOString();
        this.deps.store.saveCase(fresh);
      } else {
        fresh.data.decision = {
          onboardingDecision: decision,
          comments: null,
          nextFicaReviewDate: record.nextFicaReviewDate ?? null,
          decidedBy: null,
          decidedAt: new Date().toISOString(),
          synced: true,
          source: 'service',
        };
        fresh.decidedAt ??= new Date().toISOString();
        this.deps.store.saveCase(fresh);
      }
    })();
    this.stopDecided(job, reason);
    this.deps.log?.('learned-decision', { caseId: job.caseId, decision });
    return true;
  }

  private handleFailure(
    job: StoredJob,
    failure: ApiError,
    wasMaybeSent: boolean,
    aborted: boolean,
    completed: boolean,
  ): void {
    if (completed) return;
    const jobs = this.deps.jobs;
    this.deps.log?.('failure', {
      jobId: job.id,
      kind: job.payload.kind,
      failure: failure.kind,
      status: failure.status,
      message: failure.message,
    });
    if (aborted) {
      jobs.release(job.id, true);
      return;
    }
    const attempts = job.attempts + 1;
    // A job that finishes after a switch of profile says nothing about the active one's service.
    const ofActive = job.profileId === this.deps.environment.activeId();
    switch (failure.kind) {
      case 'not-sent':
        jobs.release(job.id, wasMaybeSent, failure.message);
        if (ofActive) this.deps.connectivity.unreachable();
        return;
      case 'outcome-unknown':
        jobs.retryLater(job.id, Date.now() + backoffDelay(attempts, this.opts()), failure.message, true);
        return;
      case 'retryable':
        jobs.retryLater(
          job.id,
          Date.now() + backoffDelay(attempts, this.opts(), failure.retryAfterMs),
          failure.message,
          // A 5xx may come after the work was done; 429/408/409 say it was not.
          failure.status !== null && failure.status >= 500 ? true : wasMaybeSent,
        );
        return;
      case 'needs-sign-in':
        jobs.release(job.id, wasMaybeSent, failure.message);
        if (ofActive) this.deps.connectivity.set('needs-sign-in');
        return;
      case 'permanent': {
        // Same key with a changed body (the person edited while an answer was lost): a new key, sent again.
        if (failure.status === 422 && /idempot/i.test(failure.message)) {
          jobs.newKey(job.id);
          jobs.retryLater(job.id, Date.now(), failure.message, wasMaybeSent);
          return;
        }
        const label = this.label(job);
        const reason = `${label} was refused by the service: ${failure.message}`;
        this.deps.store.db.transaction(() => {
          jobs.fail(job.id, reason);
          const c = this.deps.store.getCase(job.caseId);
          if (c) {
            c.blockedReason = reason;
            this.deps.store.saveCase(c);
          }
          if ('documentId' in job.payload && isUpload(job.payload.kind)) {
            this.deps.store.saveDocumentState(job.payload.documentId, {
              state: 'failed',
              error: failure.message,
            });
          }
        })();
      }
    }
  }

  private opts() {
    return { baseMs: this.options.backoffBaseMs, maxMs: this.options.backoffMaxMs };
  }

  label(job: StoredJob): string {
    const c = this.deps.store.getCase(job.caseId);
    if (!c) return job.payload.kind;
    try {
      return this.handlerOf(job.payload).label(this.readyContext(job, c));
    } catch {
      return job.payload.kind;
    }
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
      const c = this.deps.store.getCase(job.caseId);
      if (c && c.blockedReason && !this.deps.jobs.ofCase(job.caseId).some((j) => j.state === 'failed')) {
        c.blockedReason = null;
        this.deps.store.saveCase(c);
      }
      if ('documentId' in job.payload && isUpload(job.payload.kind)) {
        this.deps.store.saveDocumentState(job.payload.documentId, { state: 'queued', error: null });
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

  /** Each job of the active environment with the state and reason a person is shown. */
  private shown(jobs?: StoredJob[]) {
    const connectivity = this.deps.connectivity.current;
    const now = Date.now();
    const activeId = this.deps.environment.activeId();
    const evaluations = this.evaluate(Infinity, jobs).filter(
      (e) => e.job.profileId !== null && e.job.profileId === activeId,
    );
    return evaluations.map(({ job, caseRow, waitingFor }) => {
      let state: JobView['state'];
      let reason = waitingFor;
      if (job.state === 'failed') {
        state = 'failed';
        reason = null;
      } else if (this.inFlight.has(job.id)) state = 'running';
      else if (waitingFor) state = 'waiting';
      else if (this.paused) {
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
   * Waiting reason of every job of a case, for its step views and its row in the case list: only that
   * case's jobs are evaluated, and without their labels (the list asks this once per case).
   */
  waitingByCase(caseId: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const { job, reason } of this.shown(this.deps.jobs.ofCase(caseId)))
      if (reason) out.set(job.id, reason);
    return out;
  }

  /** The active environment's jobs; other profiles' work is counted elsewhere, never listed with it. */
  views(): JobView[] {
    const now = Date.now();
    return this.shown().map(({ job, caseRow, state, reason }) => {
      const flight = this.inFlight.get(job.id);
      return {
        id: job.id,
        caseId: job.caseId,
        caseTitle: caseRow?.title ?? '',
        kind: job.payload.kind,
        label: this.label(job),
        state,
        waitingFor: reason,
        attempts: job.attempts,
        nextAttemptAt: job.nextAttemptAt > now ? new Date(job.nextAttemptAt).toISOString() : null,
        progress: flight?.progress ?? null,
        error: job.error ? { message: job.error, permanent: job.errorPermanent } : null,
        createdAt: job.createdAt,
      };
    });
  }
}
