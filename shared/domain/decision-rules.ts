// What an onboarding decision needs, as one function every path calls: the core's decision command
// (a case captured here or taken from the service, online or offline) and the decision form, which
// shows the same words before anything is sent. The facts come from the case as this laptop holds
// it (the core builds them); the person and the typed input come from the caller.
import { z } from 'zod';
import { RiskDescriptionSchema, type RiskDescription } from '../api/common.js';
import { mayAct, roleNeededFor, type StaffRole } from './staff-roles.js';

export interface DecisionProblem {
  /** As the decision form names its fields. */
  field: 'comments' | 'nextReview';
  message: string;
}

export const DecisionChoiceSchema = z.enum(['Approved', 'Declined', 'Refer', 'In Progress']);
export type DecisionChoice = z.infer<typeof DecisionChoiceSchema>;

/** What the case says about deciding it now, whoever decides. */
export const DecisionFactsSchema = z.object({
  /** The client's name, as refusals name it. */
  title: z.string(),
  band: RiskDescriptionSchema,
  /** Approved or Declined, recorded here or learned from the service: nothing more may be decided. */
  final: z.enum(['Approved', 'Declined']).nullable(),
  /** Why the service would not take an approval yet (a step not complete), in its words; null when it would. */
  approvalGate: z.string().nullable(),
  /**
   * Screening reviews an approval would rest on without an attestation of the results the case
   * holds: "the PEP review of Thabo Mokoena". Empty when every review with hits is attested.
   */
  unattested: z.array(z.string()),
  /** The service user who created the case; null when not known. */
  capturedBy: z.string().nullable(),
  /** Everyone else who captured or changed the case's data (maker and checker). */
  makers: z.array(z.string()),
});
export type DecisionFacts = z.infer<typeof DecisionFactsSchema>;

export interface DecisionActor {
  id: string;
  roles: readonly StaffRole[];
}

export interface DecisionInput {
  onboardingDecision: DecisionChoice;
  comments?: string | null;
  /** YYYY-MM-DD or an ISO date-time. */
  nextReviewDate?: string | null;
}

export interface DecisionRefusal {
  message: string;
  /** Field problems of the typed input, for the form; empty when the refusal is about the case. */
  problems: DecisionProblem[];
}

/** Declined and Refer carry the reason (entity-api.md); the individual's form asks for it too. */
export const commentRequired = (choice: DecisionChoice | ''): boolean =>
  choice === 'Declined' || choice === 'Refer';

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

/** Why this person may not decide the case at all, whatever they choose; null when they may. */
export function deciderRefusal(facts: DecisionFacts, actor: DecisionActor | null): string | null {
  if (actor === null) return 'Sign in first: a decision is recorded under the person who made it.';
  if (!mayAct(actor.roles, 'decide')) return `Only ${roleNeededFor('decide')} may record a decision.`;
  if (facts.final) return `${facts.title} is ${facts.final}: a decided application can no longer be changed.`;
  if (facts.capturedBy === null) return 'Who captured this case is not known, so it cannot be decided here.';
  if (facts.capturedBy === actor.id)
    return 'You captured this case, so someone else must decide it (maker and checker).';
  if (facts.makers.includes(actor.id))
    return 'You changed this case, so someone else must decide it (maker and checker).';
  return null;
}

/** Why the case cannot be approved now, whatever is typed (a step or an attestation missing); null when it can. */
export function approvalRefusal(facts: DecisionFacts): string | null {
  if (facts.approvalGate) return facts.approvalGate;
  if (facts.unattested.length > 0)
    return `${facts.title} cannot be approved on screening results nobody has attested: ${facts.unattested.join('; ')}. Refer the case back so the results are reviewed, or review them on the case.`;
  return null;
}

/**
 * The one rule for recording a decision: who may decide (role, maker and checker, a decided case),
 * what an approval needs (every step the service requires, every screening review attested on the
 * results held, a High Risk approval's reason and next review date), and what a decline or referral
 * needs (its reason). Null when the decision may be recorded.
 */
export function decisionRefusal(
  facts: DecisionFacts,
  actor: DecisionActor | null,
  input: DecisionInput,
  today: string,
): DecisionRefusal | null {
  const who = deciderRefusal(facts, actor);
  if (who) return { message: who, problems: [] };
  if (commentRequired(input.onboardingDecision) && !input.comments?.trim()) {
    const verb = input.onboardingDecision === 'Declined' ? 'decline' : 'refer';
    const message = `Comments are required when you ${verb} an application.`;
    return { message, problems: [{ field: 'comments', message }] };
  }
  if (input.onboardingDecision !== 'Approved') return null;
  const notYet = approvalRefusal(facts);
  if (notYet) return { message: notYet, problems: [] };
  const problems = highRiskApprovalProblems(facts.band, input, today);
  if (problems.length > 0)
    return {
      message: `This client is rated High Risk. ${problems.map((p) => p.message).join(' ')}`,
      problems,
    };
  return null;
}
