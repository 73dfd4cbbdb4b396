// The onboarding decision's rules as the form applies them before sending.
export type DecisionChoice = 'Approved' | 'Declined' | 'Refer' | 'In Progress';

/** Declined and Refer need comments (entity-api.md); the individual form asks for them too. */
export function commentRequired(choice: DecisionChoice | ''): boolean {
  return choice === 'Declined' || choice === 'Refer';
}

/** Maker and checker: the capturer may not approve unless self-approval is allowed. */
export function approvalBlocked(opts: {
  createdBy: string | null;
  currentUserId: string | null;
  allowSelfApproval: boolean;
}): string | null {
  if (!opts.currentUserId) return 'Choose who you are in Settings before recording a decision.';
  if (!opts.allowSelfApproval && opts.createdBy !== null && opts.createdBy === opts.currentUserId) {
    return 'You captured this application, so another person must approve it (maker and checker).';
  }
  return null;
}

/** A date input's value (YYYY-MM-DD) as the ISO date-time the service takes, or undefined. */
export function reviewDateIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T00:00:00.000Z`;
}
