// Who may do what: the roles a partner's identity provider puts in a signed-in person's `roles`
// claim, and the acts each allows. The core enforces these; the screen only mirrors them.
import { z } from 'zod';

export const StaffRoleSchema = z.enum(['capturer', 'reviewer', 'admin']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** Acts a role can allow. Approving one's own capture is never allowed (see `mayDecideCase`). */
export const StaffActSchema = z.enum(['capture', 'decide', 'manage-environments', 'manage-webhooks']);
export type StaffAct = z.infer<typeof StaffActSchema>;

const ACTS_OF: Record<StaffRole, readonly StaffAct[]> = {
  capturer: ['capture'],
  reviewer: ['capture', 'decide'],
  admin: ['manage-environments', 'manage-webhooks'],
};

export function mayAct(roles: readonly StaffRole[], act: StaffAct): boolean {
  return roles.some((role) => ACTS_OF[role].includes(act));
}

/** The role a person needs for an act, in the words the screen uses. */
export function roleNeededFor(act: StaffAct): string {
  switch (act) {
    case 'capture':
      return 'a capturer or reviewer';
    case 'decide':
      return 'a reviewer';
    case 'manage-environments':
    case 'manage-webhooks':
      return 'an administrator';
  }
}

/**
 * Maker and checker: a reviewer decides only a case someone else captured. `capturedBy` is the
 * service user who created the case (null when not known, which never counts as someone else).
 */
export function approvalRefusal(actingUserId: string, capturedBy: string | null): string | null {
  if (capturedBy === null) return 'Who captured this case is not known, so it cannot be decided here.';
  if (capturedBy === actingUserId)
    return 'You captured this case, so someone else must decide it (maker and checker).';
  return null;
}
