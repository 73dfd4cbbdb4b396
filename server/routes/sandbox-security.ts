// Sandbox control API for sign-in security (sandbox mode only, like every /sandbox/v1 route): an
// administrator lifts a staff account's or a partner client's lock before it runs out, and reads
// the security audit (failures, refused attempts, locks, unlocks).
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../shared/api/routes.js';
import type { AppContext } from '../context.js';
import { accountKey, clientKey } from '../auth/sign-in-throttle.js';
import { notFound } from '../http/errors.js';
import { serve } from '../http/serve.js';
import { parseWith, uuidParam } from '../http/validate.js';

export function sandboxSecurityRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const policy = ctx.config.signInThrottle;

  serve(scope, ROUTES.unlockStaff, async (request, reply) => {
    const partnerId = uuidParam(request.params.partnerId, 'Partner');
    const userId = uuidParam(request.params.userId, 'User');
    const account = ctx.staffAccounts.get(userId);
    if (!ctx.partners.get(partnerId)) throw notFound('Partner not found');
    if (!account || account.partnerId !== partnerId) throw notFound('User not found');
    ctx.staffThrottle.unlock(accountKey(account.email, policy.account).key, 'control API', { userId });
    return reply.status(204).send();
  });

  serve(scope, ROUTES.unlockPartner, async (request, reply) => {
    const partner = ctx.partners.get(uuidParam(request.params.partnerId, 'Partner'));
    if (!partner) throw notFound('Partner not found');
    ctx.clientThrottle.unlock(clientKey(partner.clientId, policy.client).key, 'control API', {
      partnerId: partner.id,
    });
    return reply.status(204).send();
  });

  serve(scope, ROUTES.securityAudit, async (request) => {
    const query = parseWith(ROUTES.securityAudit.query, request.query);
    return ctx.securityAudit.list(query.after ?? 0, query.limit ?? 200);
  });
}
