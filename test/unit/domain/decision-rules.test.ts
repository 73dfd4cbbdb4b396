// The High Risk approval rule: a reason and a next review date after today, only for approvals of
// High Risk clients.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highRiskApprovalProblems } from '../../../shared/domain/decision-rules.js';

const TODAY = '2026-11-24T09:00:00.000Z';

describe('High Risk approval', () => {
  it('asks for a comment and a next review date', () => {
    expect(
      highRiskApprovalProblems('High Risk', { onboardingDecision: 'Approved' }, TODAY).map((p) => p.field),
    ).toEqual(['comments', 'nextReview']);
  });

  it('refuses a review date that is not after today', () => {
    const problems = highRiskApprovalProblems(
      'High Risk',
      { onboardingDecision: 'Approved', comments: 'Accepted', nextReviewDate: '2026-11-24' },
      TODAY,
    );
    expect(problems).toEqual([
      { field: 'nextReview', message: 'Next FICA review date: choose a date after today.' },
    ]);
  });

  it('passes with a comment and a later date', () => {
    expect(
      highRiskApprovalProblems(
        'High Risk',
        { onboardingDecision: 'Approved', comments: 'Accepted', nextReviewDate: '2027-05-24T00:00:00.000Z' },
        TODAY,
      ),
    ).toEqual([]);
  });

  it('asks nothing of any other band or decision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Low Risk', 'Medium Risk', 'High Risk', 'Undetermined' as const),
        fc.constantFrom('Approved', 'Declined', 'Refer', 'In Progress'),
        (band, decision) => {
          const problems = highRiskApprovalProblems(band, { onboardingDecision: decision }, TODAY);
          expect(problems.length > 0).toBe(band === 'High Risk' && decision === 'Approved');
        },
      ),
    );
  });
});
