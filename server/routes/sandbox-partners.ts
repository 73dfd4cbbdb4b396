// Sandbox control API for partners and their staff's sign-in accounts (contract §10). Registered
// only in sandbox mode.
import type { FastifyInstance } from 'fastify';
import type { StaffAccount } from '../../shared/api/sandbox.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { partnerView } from '../services/partner-view.js';
import { createPartnerWithStaff, setStaffPassword } from '../services/staff-accounts.js';
import { accountKey } from '../auth/sign-in-throttle.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function sandboxPartnerRoutes(scope: FastifyInstance, ctx: AppContext): void {
  serve(scope, ROUTES.createPartner, async (request, reply) => {
    const body = parseWith(ROUTES.createPartner.json, jsonObject(request.body));
    const { partner, clientSecret, staff } = await createPartnerWithStaff(ctx, {
      name: body.name,
      balance: body.balance ?? ctx.config.defaultBalance,
      riskSettings: body.riskSettings,
    });
    return reply.status(201).send({
      partnerId: partner.id,
      clientId: partner.clientId,
      clientSecret,
      balance: partner.balance,
      name: partner.name,
      riskSettings: partner.riskSettings,
      users: staff,
    });
  });

  serve(scope, ROUTES.updatePartner, async (request) => {
    const partnerId = uuidParam(request.params.partnerId, 'Partner');
    const body = parseWith(ROUTES.updatePartner.json, jsonObject(request.body));
    const current = ctx.partners.get(partnerId);
    if (!current) throw notFound('Partner not found');
    if (body.riskSettings) {
      // The medium range must stay below the high threshold once merged with what is stored.
      const merged = { ...current.riskSettings, ...body.riskSettings };
      parseWith(ROUTES.updatePartner.json, { riskSettings: merged });
    }
    const updated = ctx.partners.update(partnerId, body);
    if (!updated) throw notFound('Partner not found');
    return partnerView(updated);
  });

  serve(scope, ROUTES.listStaff, async (request) => {
    const partnerId = uuidParam(request.params.partnerId, 'Partner');
    if (!ctx.partners.get(partnerId)) throw notFound('Partner not found');
    return ctx.staffAccounts.forPartner(partnerId).map((user): StaffAccount => ({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
    }));
  });

  serve(scope, ROUTES.setStaffPassword, async (request, reply) => {
    const partnerId = uuidParam(request.params.partnerId, 'Partner');
    const userId = uuidParam(request.params.userId, 'User');
    const body = parseWith(ROUTES.setStaffPassword.json, jsonObject(request.body));
    if (!ctx.partners.get(partnerId)) throw notFound('Partner not found');
    if (!(await setStaffPassword(ctx, partnerId, userId, body.password))) throw notFound('User not found');
    // A new password lifts a lock on the account, as a bank's reset does.
    const email = ctx.staffAccounts.get(userId)!.email;
    ctx.staffThrottle.unlock(accountKey(email, ctx.config.signInThrottle.account).key, 'password set', {
      userId,
    });
    return reply.status(204).send();
  });
}
