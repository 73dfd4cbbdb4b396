// The decision form's side of the one decision rule (shared/domain/decision-rules.ts): who is
// deciding, and the date the service takes.
import type { DecisionActor } from '../../shared/domain/decision-rules.js';
import type { StaffStatus } from '../../shared/ipc/staff.js';

export { commentRequired, type DecisionChoice } from '../../shared/domain/decision-rules.js';

/** The signed-in person as the decision rule weighs them, or null when nobody is. */
export function actorOf(staff: Pick<StaffStatus, 'userId' | 'roles'> | null): DecisionActor | null {
  return staff ? { id: staff.userId, roles: staff.roles } : null;
}

/** A date input's value (YYYY-MM-DD) as the ISO date-time the service takes, or undefined. */
export function reviewDateIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T00:00:00.000Z`;
}
