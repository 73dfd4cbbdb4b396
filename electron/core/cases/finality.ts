// What "final" means for a case: Approved or Declined, decided on this laptop or learned from the
// service. A final case takes no more changes; queued work that would change it is stopped with a
// plain reason (kept in the queue, shown on the case), never sent and never dropped silently.
import type { JobStore } from '../jobs/job-store.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';

export type FinalDecision = 'Approved' | 'Declined';

export interface Finality {
  decision: FinalDecision;
  /** Whether the service has recorded it (sent from here, or learned from the service). */
  onService: boolean;
}

export function finalityOf(c: Pick<StoredCase, 'data'>): Finality | null {
  const d = c.data.decision;
  if (!d || (d.onboardingDecision !== 'Approved' && d.onboardingDecision !== 'Declined')) return null;
  return { decision: d.onboardingDecision, onService: d.synced };
}

const isDecisionJob = (p: JobPayload) => p.kind === 'entity.decision' || p.kind === 'individual.decision';
const isCreateJob = (p: JobPayload) => p.kind === 'entity.create' || p.kind === 'individual.create';

/**
 * Whether a queued job may still be sent. An approval waits for the work queued before it (that is
 * what it approves), so until the service has it those jobs go on; a decline or a decision the
 * service holds ends every other change. The decision job (and the create it needs) goes until
 * the service has it.
 */
export function maySend(c: Pick<StoredCase, 'data'>, payload: JobPayload): boolean {
  const final = finalityOf(c);
  if (!final) return true;
  // The decision needs the record on the service: its create goes too.
  if (isDecisionJob(payload) || isCreateJob(payload)) return !final.onService;
  return final.decision === 'Approved' && !final.onService;
}

export const refusalMessage = (title: string, decision: FinalDecision): string =>
  `${title} is ${decision}: a decided application can no longer be changed.`;

/**
 * Stops every queued job of the case that may no longer be sent: each stays in the queue, failed
 * with `reason` (its document says so too), and the case shows the reason. Call in a transaction.
 * Answers how many were stopped.
 */
export function stopWorkOfDecidedCase(
  store: Pick<CaseStore, 'cases' | 'documents'>,
  jobs: JobStore,
  caseId: string,
  reason: string,
  isRunning: (jobId: string) => boolean = () => false,
): number {
  const c = store.cases.getCase(caseId);
  if (!c) return 0;
  let stopped = 0;
  for (const j of jobs.ofCase(caseId)) {
    if (j.state === 'failed' || j.state === 'running' || isRunning(j.id) || maySend(c, j.payload)) continue;
    jobs.fail(j.id, reason);
    if ('documentId' in j.payload && j.payload.kind !== 'document.delete') {
      store.documents.saveDocumentState(j.payload.documentId, { state: 'failed', error: reason });
    }
    stopped++;
  }
  if (stopped > 0) {
    c.blockedReason = `${stopped} queued change${stopped === 1 ? ' was' : 's were'} not sent: ${reason.replace(/^Not sent: /, '')}.`;
    store.cases.saveCase(c);
  }
  return stopped;
}
