// Which jobs may start now, and in words why each other one waits: its case's order (the workflow
// table's ranks), a failure that stopped its case, another environment, or its own prerequisites.
// Reads the jobs; never sends or changes one.
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import { finalityOf, maySend } from '../cases/finality.js';
import type { JobHandlers } from './job-handlers.js';
import { blockerAmong, isDecisionKind, JOB_RANK, rankOf, type Ordered } from '../jobs/job-kinds.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import type { QueueEnvironment } from './queue-types.js';
import { gatePhrase, waitPhrase } from './wait-phrases.js';

export interface Evaluation {
  job: StoredJob;
  caseRow: StoredCase | null;
  /** Null when the job may start now. */
  waitingFor: string | null;
  blockedByFailure: boolean;
}

/** One case's row and order, already read by the caller: evaluate then reads neither again. */
export interface KnownOrder {
  caseRow: StoredCase;
  /** The case's heads (JobStore.headsOfCase), read in the same transaction as the jobs. */
  heads: StoredJob[];
  /** Whether one of the case's jobs failed. */
  failed: boolean;
}

/** A case's order as evaluate reads it: its heads, and whether one of its jobs failed. */
interface CaseOrder {
  heads: (Ordered & { job: StoredJob })[];
  failed: boolean;
}

function ordered(heads: StoredJob[], caseKind: StoredCase['kind']): CaseOrder['heads'] {
  return heads.map((job) => ({ job, seq: job.seq, payload: job.payload, caseKind }));
}

export interface SchedulerDeps {
  store: Pick<CaseStore, 'cases' | 'people'>;
  jobs: JobStore;
  environment: QueueEnvironment;
  handlers: JobHandlers;
  /** True while the job is being sent. */
  inFlight: (jobId: string) => boolean;
}

export class Scheduler {
  constructor(private readonly deps: SchedulerDeps) {}

  /**
   * Why each of `jobs` waits, in order; stops early once `limit` startable jobs are found. A job
   * waits only on its own case's order, read from the case's first job of each kind (a few rows
   * per case), so any subset of the jobs is evaluated in time proportional to its own size. `known`
   * is a case whose row and order the caller has read (a case's row in the list).
   */
  evaluate(jobs: StoredJob[], limit = Infinity, known?: KnownOrder): Evaluation[] {
    const activeId = this.deps.environment.activeId();
    const now = Date.now();
    const cases = new Map<string, StoredCase | null>();
    // Per case, once per pass: the first job of each order group, and whether one of its jobs failed.
    const orders = new Map<string, CaseOrder>();
    if (known) {
      const { caseRow, heads, failed } = known;
      cases.set(caseRow.id, caseRow);
      orders.set(caseRow.id, { heads: ordered(heads, caseRow.kind), failed });
    }
    const out: Evaluation[] = [];
    let startable = 0;
    for (const job of jobs) {
      const caseRow = this.caseOf(cases, job.caseId);
      const evaluation: Evaluation = { job, caseRow, waitingFor: null, blockedByFailure: false };
      out.push(evaluation);
      if (job.state !== 'ready' || !caseRow) continue;
      if (job.profileId === null || job.profileId !== activeId) {
        evaluation.waitingFor = this.otherEnvironmentPhrase(job.profileId);
        continue;
      }
      const kindOf = caseRow.kind;
      const { heads, failed } = this.orderOf(orders, job.caseId, kindOf);
      // A decline (and the create it needs) goes although the work it stopped is still listed.
      if (failed && !(finalityOf(caseRow)?.decision === 'Declined' && maySend(caseRow, job.payload))) {
        evaluation.blockedByFailure = true;
        evaluation.waitingFor = 'stopped: an earlier item of this case failed';
        continue;
      }
      const early =
        isDecisionKind(job.payload.kind) &&
        caseRow.data.decisionBody !== null &&
        caseRow.data.decisionBody.onboardingDecision !== 'Approved';
      // The nearest job in front names the wait best ("PEP review of Jane Doe", not "the entity"),
      // unless a step a person has yet to record comes after it: the job waits for that too, last.
      const blocker = blockerAmong({ seq: job.seq, payload: job.payload, caseKind: kindOf, early }, heads);
      if (blocker) {
        const gate = this.deps.handlers.awaitsPerson(job, caseRow);
        evaluation.waitingFor =
          gate && JOB_RANK[gate] > rankOf(blocker)
            ? gatePhrase(gate, job.payload, this.deps.store)
            : waitPhrase(blocker.payload, this.deps.store);
        continue;
      }
      evaluation.waitingFor = this.deps.handlers.waitingFor(job, caseRow);
      if (
        evaluation.waitingFor === null &&
        job.nextAttemptAt <= now &&
        !this.deps.inFlight(job.id) &&
        ++startable >= limit
      )
        break;
    }
    return out;
  }

  // Methods rather than closures in evaluate: it runs once per row of the case list.
  private caseOf(cases: Map<string, StoredCase | null>, id: string): StoredCase | null {
    if (!cases.has(id)) cases.set(id, this.deps.store.cases.getCase(id));
    return cases.get(id) ?? null;
  }

  private orderOf(orders: Map<string, CaseOrder>, caseId: string, caseKind: StoredCase['kind']): CaseOrder {
    let order = orders.get(caseId);
    if (!order) {
      const heads = ordered(this.deps.jobs.headsOfCase(caseId), caseKind);
      const failed = heads.some((h) => h.job.state === 'failed') || this.deps.jobs.hasFailed(caseId);
      orders.set(caseId, (order = { heads, failed }));
    }
    return order;
  }

  private otherEnvironmentPhrase(profileId: string | null): string {
    if (profileId === null) return 'not assigned to an environment yet; make an environment active to send';
    const name = this.deps.environment.nameOf(profileId);
    return name === null
      ? 'captured under an environment that was removed from this laptop; it cannot be sent'
      : `captured under ${name}; switch to it to send`;
  }
}
