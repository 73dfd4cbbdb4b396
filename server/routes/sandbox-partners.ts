// Sandbox control API for partners (contract §10). Registered only in sandbox mode.
import type { FastifyInstance } from 'fastify';
import { PartnerCreateRequestSchema, PartnerUpdateRequestSchema } from '../../shared/api/sandbox.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { partnerView } from '../services/partner-view.js';

export function sandboxPartnerRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.post('/partners', async (request, reply) => {
    const body = parseWith(PartnerCreateRequestSchema, jsonObject(request.body));
    const { partner, clientSecret } = ctx.partners.create({
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
    });
  });

  scope.patch<{ Params: { partnerId: string } }>('/partners/:partnerId', async (request) => {
    const partnerId = uuidParam(request.params.partnerId, 'Partner');
    const body = parseWith(PartnerUpdateRequestSchema, jsonObject(request.body));
    const current = ctx.partners.get(partnerId);
    if (!current) throw notFound('Partner not found');
    if (body.riskSettings) {
      // The medium range must stay below the high threshold once merged with what is stored.
      const merged = { ...current.riskSettings, ...body.riskSettings };
      parseWith(PartnerUpdateRequestSchema, { riskSettings: merged });
    }
    const updated = ctx.partners.update(partnerId, body);
    if (!updated) throw notFound('Partner not found');
    return partnerView(updated);
  });
}
