// The onboarding decision's rules as the form applies them before sending.
import { approvalRefusal, mayAct, roleNeededFor, type StaffRole } from '../../shared/domain/staff-roles.js';
export type DecisionChoice = 'Approved' | 'Declined' | 'Refer' | 'In Progress';

/** Declined and Refer need comments (entity-api.md); the individual form asks for them too. */
export function commentRequired(choice: DecisionChoice | ''): boolean {
  return choice === 'Declined' || choice === 'Refer';
}

/** Why the signed-in person may not decide this case at all (their roles), or null. */
export function decisionBlocked(roles: readonly StaffRole[] | null): string | null {
  if (roles === null) return 'Sign in before recording a decision.';
  if (!mayAct(roles, 'decide')) return `Only ${roleNeededFor('decide')} may record a decision.`;
  return null;
}

/** Maker and checker: whoever captured the case never approves it (the core refuses it too). */
export function approvalBlocked(opts: {
  createdBy: string | null;
  currentUserId: string | null;
}): string | null {
  if (!opts.currentUserId) return 'Sign in before recording a decision.';
  return approvalRefusal(opts.currentUserId, opts.createdBy);
}

/** A date input's value (YYYY-MM-DD) as the ISO date-time the service takes, or undefined. */
export function reviewDateIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T00:00:00.000Z`;
}
