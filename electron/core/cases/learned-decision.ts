// A decision learned from the service (taken elsewhere: the dashboard, another laptop) is recorded
// one way, whether the queue learned it from a refusal or the case refresh read it: the case's
// decision says it came from the service, a final one dates the case's close, and the history says
// "Decided on the service: Approved" (which also names the change that made a report stale).
import type { DecisionView } from '../../../shared/ipc/model.js';
import type { CaseStore } from './case-store.js';

export interface LearnedDecision {
  onboardingDecision: 'Approved' | 'Declined' | 'Refer';
  comments: string | null;
  nextFicaReviewDate: string | null;
  /** When and by whom, when the service's record says so. */
  decidedAt: string | null;
  decidedBy: string | null;
}

export const learnedDecisionMessage = (decision: LearnedDecision['onboardingDecision']): string =>
  decision === 'Refer' ? 'Referred on the service' : `Decided on the service: ${decision}`;

/** Records `decision` on the case as the service's. Call in a transaction; false when the case is gone. */
export function recordLearnedDecision(
  store: Pick<CaseStore, 'cases'>,
  caseId: string,
  decision: LearnedDecision,
  audit: (action: string, caseId: string, message: string) => void,
): boolean {
  const c = store.cases.getCase(caseId);
  if (!c) return false;
  const now = new Date().toISOString();
  const view: DecisionView = {
    onboardingDecision: decision.onboardingDecision,
    comments: decision.comments,
    nextFicaReviewDate: decision.nextFicaReviewDate,
    decidedBy: decision.decidedBy,
    decidedAt: decision.decidedAt ?? now,
    synced: true,
    source: 'service',
  };
  c.data.decision = view;
  if (decision.onboardingDecision !== 'Refer') c.decidedAt ??= now;
  c.updatedAt = now;
  store.cases.saveCase(c);
  audit('decision.learned', caseId, learnedDecisionMessage(decision.onboardingDecision));
  return true;
}
