// What a failed send means for its job and its case: retry later (with backoff), wait for the
// connection or a sign-in, reconcile first, or stop the case's work with the service's words. A
// refusal that comes from a decision taken elsewhere is learned from the service's record.
import type { ServiceClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { CaseStore } from '../cases/case-store.js';
import { stopWorkOfDecidedCase } from '../cases/finality.js';
import { stopReason } from '../jobs/decision-stop.js';
import { recordLearnedDecision } from '../cases/learned-decision.js';
import { backoffDelay } from './backoff.js';
import type { ConnectivityState } from './connectivity.js';
import type { JobHandlers } from './job-handlers.js';
import { isUpload } from '../jobs/job-kinds.js';
import type { JobRemoval } from '../jobs/job-removal.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import type { QueueEnvironment, QueueOptions } from './queue-types.js';

export interface FailurePolicyDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'documents'>;
  jobs: JobStore;
  removal: JobRemoval;
  environment: QueueEnvironment;
  connectivity: ConnectivityState;
  handlers: JobHandlers;
  options: QueueOptions;
  /** Writes what was learned from the service to the case's history. */
  audit: (action: string, caseId: string, message: string) => void;
  /** True while the job is being sent. */
  inFlight: (jobId: string) => boolean;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export class FailurePolicy {
  constructor(private readonly deps: FailurePolicyDeps) {}

  private backoff() {
    return { baseMs: this.deps.options.backoffBaseMs, maxMs: this.deps.options.backoffMaxMs };
  }

  /** Stops `job` (and whatever else of its case may no longer be sent) with `reason`. */
  stopDecided(job: StoredJob, reason: string): void {
    this.deps.store.db.transaction(() => {
      this.deps.jobs.fail(job.id, reason);
      if ('documentId' in job.payload && isUpload(job.payload.kind)) {
        this.deps.store.documents.saveDocumentState(job.payload.documentId, {
          state: 'failed',
          error: reason,
        });
      }
      stopWorkOfDecidedCase(
        this.deps.store,
        this.deps.jobs,
        job.caseId,
        reason,
        (id) => id !== job.id && this.deps.inFlight(id),
      );
      const c = this.deps.store.cases.getCase(job.caseId);
      if (c && !c.blockedReason) {
        c.blockedReason = `A queued change was not sent: ${reason.replace(/^Not sent: /, '')}.`;
        this.deps.store.cases.saveCase(c);
      }
    })();
    this.deps.log?.('stopped', { jobId: job.id, kind: job.payload.kind });
  }

  /**
   * A change the service refuses (403 or 409) may be refused because the application was decided
   * elsewhere: the record says so. Then the decision is recorded here as learned from the service
   * and the case's queued changes are stopped with that reason. True when that was the case.
   */
  async learnedDecided(job: StoredJob, failure: ApiError, api: ServiceClient): Promise<boolean> {
    if (failure.kind !== 'permanent' || (failure.status !== 403 && failure.status !== 409)) return false;
    const c = this.deps.store.cases.getCase(job.caseId);
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
        const fresh = this.deps.store.cases.getCase(caseId);
        if (fresh?.data.decision) {
          fresh.data.decision.synced = true;
          fresh.decidedAt ??= new Date().toISOString();
          this.deps.store.cases.saveCase(fresh);
        }
        this.deps.removal.withdraw(job.id);
      })();
      return true;
    }
    this.deps.store.db.transaction(() => {
      const fresh = this.deps.store.cases.getCase(job.caseId);
      if (!fresh) return;
      const local = fresh.data.decision;
      if (local && local.onboardingDecision === decision) {
        local.synced = true;
        fresh.decidedAt ??= new Date().toISOString();
        this.deps.store.cases.saveCase(fresh);
      } else {
        recordLearnedDecision(
          this.deps.store,
          job.caseId,
          {
            onboardingDecision: decision,
            comments: null,
            nextFicaReviewDate: record.nextFicaReviewDate ?? null,
            decidedAt: null,
            decidedBy: null,
          },
          this.deps.audit,
        );
      }
    })();
    this.stopDecided(job, reason);
    this.deps.log?.('learned-decision', { caseId: job.caseId, decision });
    return true;
  }

  handle(
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
        jobs.retryLater(job.id, Date.now() + backoffDelay(attempts, this.backoff()), failure.message, true);
        return;
      case 'retryable':
        jobs.retryLater(
          job.id,
          Date.now() + backoffDelay(attempts, this.backoff(), failure.retryAfterMs),
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
        const label = this.deps.handlers.label(job);
        const reason = `${label} was refused by the service: ${failure.message}`;
        this.deps.store.db.transaction(() => {
          jobs.fail(job.id, reason);
          const c = this.deps.store.cases.getCase(job.caseId);
          if (c) {
            c.blockedReason = reason;
            this.deps.store.cases.saveCase(c);
          }
          if ('documentId' in job.payload && isUpload(job.payload.kind)) {
            this.deps.store.documents.saveDocumentState(job.payload.documentId, {
              state: 'failed',
              error: failure.message,
            });
          }
        })();
      }
    }
  }
}
