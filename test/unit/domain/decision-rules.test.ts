// The one decision rule: who may decide, what an approval needs, what a decline or referral needs.
// Every path (the case screens, the desk's cases, online and offline) calls it; these tests pin it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalRefusal,
  decisionRefusal,
  deciderRefusal,
  highRiskApprovalProblems,
  type DecisionActor,
  type DecisionFacts,
  type DecisionInput,
} from '../../../shared/domain/decision-rules.js';

const TODAY = '2026-11-24T09:00:00.000Z';

const facts = (over: Partial<DecisionFacts> = {}): DecisionFacts => ({
  title: 'Acme Ltd',
  band: 'Low Risk',
  final: null,
  approvalGate: null,
  unattested: [],
  capturedBy: 'capturer',
  makers: [],
  ...over,
});
const reviewer: DecisionActor = { id: 'reviewer', roles: ['reviewer'] };

/** The rule spelled out from its parts, in their order: who, the reason, approval's needs, High Risk. */
function expected(f: DecisionFacts, actor: DecisionActor | null, input: DecisionInput) {
  const who = deciderRefusal(f, actor);
  if (who) return { message: who, problems: [] };
  const decision = input.onboardingDecision;
  if ((decision === 'Declined' || decision === 'Refer') && !input.comments?.trim()) {
    const message = `Comments are required when you ${decision === 'Declined' ? 'decline' : 'refer'} an application.`;
    return { message, problems: [{ field: 'comments', message }] };
  }
  if (decision !== 'Approved') return null;
  const notYet = approvalRefusal(f);
  if (notYet) return { message: notYet, problems: [] };
  const problems = highRiskApprovalProblems(f.band, input, TODAY);
  return problems.length === 0
    ? null
    : { message: `This client is rated High Risk. ${problems.map((p) => p.message).join(' ')}`, problems };
}

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

describe('who may decide', () => {
  it('asks for a sign-in first', () => {
    expect(deciderRefusal(facts(), null)).toMatch(/^Sign in first/);
  });

  it('lets only a reviewer decide', () => {
    expect(deciderRefusal(facts(), { id: 'c', roles: ['capturer'] })).toMatch(
      /^Only a reviewer may record a decision\.$/,
    );
    expect(deciderRefusal(facts(), { id: 'a', roles: ['admin'] })).toMatch(
      /^Only a reviewer may record a decision\.$/,
    );
    expect(deciderRefusal(facts(), reviewer)).toBeNull();
  });

  it('never lets whoever captured or changed the case decide it', () => {
    expect(deciderRefusal(facts({ capturedBy: 'reviewer' }), reviewer)).toMatch(/You captured this case/);
    expect(deciderRefusal(facts({ makers: ['reviewer'] }), reviewer)).toMatch(/You changed this case/);
    expect(deciderRefusal(facts({ capturedBy: null }), reviewer)).toMatch(/not known/);
  });

  it('decides nothing more once the case is decided', () => {
    expect(deciderRefusal(facts({ final: 'Approved' }), reviewer)).toBe(
      'Acme Ltd is Approved: a decided application can no longer be changed.',
    );
  });
});

describe('what a decision needs', () => {
  it('refuses an approval while a step is outstanding, whatever is typed', () => {
    const refusal = decisionRefusal(
      facts({ approvalGate: 'The entity cannot be approved yet: X' }),
      reviewer,
      { onboardingDecision: 'Approved', comments: 'ok', nextReviewDate: '2027-01-01' },
      TODAY,
    );
    expect(refusal?.message).toBe('The entity cannot be approved yet: X');
  });

  it('refuses an approval on screening results nobody attested', () => {
    const refusal = decisionRefusal(
      facts({ unattested: ['the PEP review of Thabo (no review record on the service)'] }),
      reviewer,
      { onboardingDecision: 'Approved', comments: 'ok' },
      TODAY,
    );
    expect(refusal?.message).toMatch(/nobody has attested: the PEP review of Thabo/);
  });

  it('asks for the reason of a decline or a referral', () => {
    for (const decision of ['Declined', 'Refer'] as const) {
      const refusal = decisionRefusal(
        facts(),
        reviewer,
        { onboardingDecision: decision, comments: '  ' },
        TODAY,
      );
      expect(refusal?.problems.map((p) => p.field)).toEqual(['comments']);
    }
  });

  it('takes a decline, a referral or keeping in progress while approval waits', () => {
    const waiting = facts({ approvalGate: 'not yet', unattested: ['x'] });
    expect(
      decisionRefusal(waiting, reviewer, { onboardingDecision: 'Declined', comments: 'No' }, TODAY),
    ).toBeNull();
    expect(
      decisionRefusal(waiting, reviewer, { onboardingDecision: 'Refer', comments: 'Why' }, TODAY),
    ).toBeNull();
    expect(decisionRefusal(waiting, reviewer, { onboardingDecision: 'In Progress' }, TODAY)).toBeNull();
  });

  it('refuses exactly what its parts refuse, in their order, for any case and input', () => {
    const user = fc.constantFrom('capturer', 'reviewer', 'other');
    fc.assert(
      fc.property(
        fc.record({
          band: fc.constantFrom('Low Risk', 'Medium Risk', 'High Risk', 'Undetermined' as const),
          final: fc.constantFrom(null, 'Approved' as const, 'Declined' as const),
          approvalGate: fc.option(fc.constant('The client cannot be approved yet: documents'), { nil: null }),
          unattested: fc.array(
            fc.constant('the PEP review of X (made on other results than the case holds)'),
            {
              maxLength: 2,
            },
          ),
          capturedBy: fc.option(user, { nil: null }),
          makers: fc.array(user, { maxLength: 2 }),
        }),
        fc.option(fc.record({ id: user, roles: fc.subarray(['capturer', 'reviewer', 'admin'] as const) }), {
          nil: null,
        }),
        fc.constantFrom('Approved', 'Declined', 'Refer', 'In Progress' as const),
        fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
        fc.option(fc.constantFrom('2026-11-24', '2027-01-10', 'bad'), { nil: undefined }),
        (over, actor, onboardingDecision, comments, nextReviewDate) => {
          const f = facts(over);
          const input = { onboardingDecision, comments, nextReviewDate };
          expect(decisionRefusal(f, actor, input, TODAY)).toEqual(expected(f, actor, input));
        },
      ),
    );
  });
});
