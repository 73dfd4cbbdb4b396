// The demo partner every fresh data folder starts with (contract §11). Its credentials and its
// staff's sign-in passwords are kept in sandbox_meta so that restarting on the same folder prints
// the same client id, secret and passwords.
import type { AppContext } from './context.js';
import type { StaffAccountWithPassword } from '../shared/api/sandbox.js';
import { generatePassword, hashPassword } from './auth/passwords.js';
import { createPartnerWithStaff } from './services/staff-accounts.js';
import {
  readDemoPartner,
  readDemoPasswords,
  rememberDemoPassword,
  writeDemoPartner,
} from './services/demo-staff-passwords.js';

export interface DemoPartner {
  partnerId: string;
  clientId: string;
  clientSecret: string;
}

export interface DemoSeed {
  partner: DemoPartner;
  /** The capturer, the reviewer and the admin, with their current passwords. */
  staff: StaffAccountWithPassword[];
}

export async function ensureDemoPartner(ctx: AppContext): Promise<DemoSeed> {
  const stored = readDemoPartner(ctx.partners);
  if (stored && ctx.partners.get(stored.partnerId)) {
    return { partner: stored, staff: await ensureDemoPasswords(ctx, stored.partnerId) };
  }
  const created = await createPartnerWithStaff(ctx, {
    name: 'Demo Partner',
    balance: ctx.config.defaultBalance,
  });
  const partner: DemoPartner = {
    partnerId: created.partner.id,
    clientId: created.partner.clientId,
    clientSecret: created.clientSecret,
  };
  writeDemoPartner(ctx.partners, partner);
  for (const account of created.staff)
    rememberDemoPassword(ctx.partners, partner.partnerId, account.userId, account.password);
  return { partner, staff: created.staff };
}

/**
 * A data folder from before staff sign-in has no passwords (and an admin added by migration 016):
 * each demo account without a kept password gets a new one.
 */
async function ensureDemoPasswords(ctx: AppContext, partnerId: string): Promise<StaffAccountWithPassword[]> {
  const kept = readDemoPasswords(ctx.partners);
  const staff: StaffAccountWithPassword[] = [];
  for (const user of ctx.staffAccounts.forPartner(partnerId)) {
    let password = kept[user.id];
    if (password === undefined || ctx.staffAccounts.get(user.id)?.passwordHash == null) {
      password = generatePassword();
      ctx.staffAccounts.setPasswordHash(partnerId, user.id, await hashPassword(password, 'generated'));
      rememberDemoPassword(ctx.partners, partnerId, user.id, password);
    }
    staff.push({ userId: user.id, email: user.email, name: user.name, role: user.role, password });
  }
  return staff;
}
