// What an onboarding decision must carry beyond the service's own rules. A client the service
// rates High Risk is approved only with a reason on record and a date by which FICA is reviewed
// again; the screen asks for both and the core refuses an approval without them.
import type { RiskDescription } from '../api/common.js';

export interface DecisionProblem {
  /** As the decision form names its fields. */
  field: 'comments' | 'nextReview';
  message: string;
}

export function highRiskApprovalProblems(
  band: RiskDescription,
  decision: { onboardingDecision: string; comments?: string | null; nextReviewDate?: string | null },
  today: string,
): DecisionProblem[] {
  if (decision.onboardingDecision !== 'Approved' || band !== 'High Risk') return [];
  const problems: DecisionProblem[] = [];
  if (!decision.comments?.trim())
    problems.push({
      field: 'comments',
      message: 'Comments: a High Risk client is approved only with a reason on record.',
    });
  const date = decision.nextReviewDate?.slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    problems.push({
      field: 'nextReview',
      message: 'Next FICA review date: a High Risk approval needs the date the client is reviewed again.',
    });
  else if (date <= today.slice(0, 10))
    problems.push({ field: 'nextReview', message: 'Next FICA review date: choose a date after today.' });
  return problems;
}
