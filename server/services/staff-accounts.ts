// Staff sign-in accounts: created with each partner (readable generated passwords), their
// passwords changed through the control API, and checked by the sign-in form.
import type { AppContext } from '../context.js';
import type { StaffAccountWithPassword } from '../../shared/api/sandbox.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import { generatePassword, hashPassword, passwordMatches } from '../auth/passwords.js';
import type { NewPartnerCredentials, RiskSettings } from '../store/partners.js';
import type { StaffAccountRecord } from '../store/staff-accounts.js';
import { rememberDemoPassword } from './demo-staff-passwords.js';

export interface NewPartnerWithStaff extends Omit<NewPartnerCredentials, 'staff'> {
  staff: StaffAccountWithPassword[];
}

export async function createPartnerWithStaff(
  ctx: Pick<AppContext, 'partners'>,
  input: { name: string; balance: number; riskSettings?: Partial<RiskSettings> },
): Promise<NewPartnerWithStaff> {
  const passwords: Record<StaffRole, string> = {
    capturer: generatePassword(),
    reviewer: generatePassword(),
    admin: generatePassword(),
  };
  const [capturer, reviewer, admin] = await Promise.all(
    [passwords.capturer, passwords.reviewer, passwords.admin].map((password) =>
      hashPassword(password, 'generated'),
    ),
  );
  const created = ctx.partners.create(input, {
    capturer: capturer!,
    reviewer: reviewer!,
    admin: admin!,
  });
  return {
    ...created,
    staff: created.staff.map((user) => ({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      password: passwords[user.role],
    })),
  };
}

/** False when the partner has no such account. */
export async function setStaffPassword(
  ctx: Pick<AppContext, 'partners' | 'staffAccounts'>,
  partnerId: string,
  userId: string,
  password: string,
): Promise<boolean> {
  const changed = ctx.staffAccounts.setPasswordHash(partnerId, userId, await hashPassword(password));
  if (changed) rememberDemoPassword(ctx.partners, partnerId, userId, password);
  return changed;
}

/**
 * The account this email and password sign in to, or null. An unknown address costs one hash
 * too, so the time taken does not tell whether the address exists.
 */
export async function checkStaffSignIn(
  ctx: Pick<AppContext, 'staffAccounts'>,
  email: string,
  password: string,
): Promise<StaffAccountRecord | null> {
  const candidates = ctx.staffAccounts.byEmail(email);
  if (candidates.length === 0) {
    await hashPassword(password);
    return null;
  }
  const matches = await Promise.all(
    candidates.map((account) =>
      account.passwordHash === null ? false : passwordMatches(password, account.passwordHash),
    ),
  );
  const signedIn = candidates.filter((_, index) => matches[index]);
  return signedIn.length === 1 ? signedIn[0]! : null;
}
