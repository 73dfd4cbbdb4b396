// Which comment goes with which entity decision (entity-api.md: `approvedComments`,
// `declinedComments`, `referComments`, "the one matching the decision"). The decision form and the
// sandbox's dashboard write it; the core's decision command, its reading of the service's record and
// the sandbox write and read it back: all through this one mapping.
import type { OnboardingDecision } from '../api/common.js';

const OWN_FIELD = {
  Approved: 'approvedComments',
  Declined: 'declinedComments',
  Refer: 'referComments',
  'In Progress': null,
} as const satisfies Record<OnboardingDecision, string | null>;

export type DecisionCommentField = NonNullable<(typeof OWN_FIELD)[OnboardingDecision]>;

/** The comment fields of an entity decision, as a request or a record holds them. */
export type DecisionComments<T> = { [F in DecisionCommentField]?: T };

/**
 * The field that is the decision's own. The decision is as a record holds it, in the service's words:
 * one kept in progress, or any word but Approved, Declined and Refer, has none.
 */
export function commentFieldOf(decision: string): DecisionCommentField | null {
  return Object.hasOwn(OWN_FIELD, decision) ? OWN_FIELD[decision as OnboardingDecision] : null;
}

/** The comment that goes with the decision; kept in progress, the first field given. */
export function decisionComment<T>(decision: string, comments: DecisionComments<T>): T | undefined {
  const field = commentFieldOf(decision);
  if (field) return comments[field];
  return comments.approvedComments ?? comments.declinedComments ?? comments.referComments;
}

/** A comment typed with the decision, in its field (kept in progress: the first field). */
export function withDecisionComment(decision: OnboardingDecision, comment: string): DecisionComments<string> {
  return { [commentFieldOf(decision) ?? 'approvedComments']: comment };
}
