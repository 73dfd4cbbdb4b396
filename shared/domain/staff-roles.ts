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
