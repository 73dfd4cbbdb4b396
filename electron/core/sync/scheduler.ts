// Which jobs may start now, and in words why each other one waits: its case's order (the workflow
// table's ranks), a failure that stopped its case, another environment, or its own prerequisites.
// Reads the jobs; never sends or changes one.
import type { CaseStore, StoredCase } from '../cases/case-store.js';
import { finalityOf, maySend } from '../cases/finality.js';
import type { JobHandlers } from './job-handlers.js';
import { isDecisionKind, mustWaitFor, rankOf, type Ordered } from './job-kinds.js';
import type { JobStore, StoredJob } from './job-store.js';
import type { QueueEnvironment } from './queue-types.js';
import { waitPhrase } from './wait-phrases.js';

export interface Evaluation {
  job: StoredJob;
  caseRow: StoredCase | null;
  /** Null when the job may start now. */
  waitingFor: string | null;
  blockedByFailure: boolean;
}

export interface SchedulerDeps {
  store: CaseStore;
  jobs: JobStore;
  environment: QueueEnvironment;
  handlers: JobHandlers;
  /** True while the job is being sent. */
  inFlight: (jobId: string) => boolean;
}

export class Scheduler {
  constructor(private readonly deps: SchedulerDeps) {}

  /**
   * Why each job waits, in order; stops early once `limit` startable jobs are found. A job waits
   * only on its own case's jobs, so one case's jobs can be evaluated without the rest.
   */
  evaluate(limit = Infinity, jobs: StoredJob[] = this.deps.jobs.all()): Evaluation[] {
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

  private otherEnvironmentPhrase(profileId: string | null): string {
    if (profileId === null) return 'not assigned to an environment yet; make an environment active to send';
    const name = this.deps.environment.nameOf(profileId);
    return name === null
      ? 'captured under an environment that was removed from this laptop; it cannot be sent'
      : `captured under ${name}; switch to it to send`;
  }
}
