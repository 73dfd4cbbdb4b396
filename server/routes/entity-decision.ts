// shareholding-confirm and onboarding-decision.
import type { FastifyInstance } from 'fastify';
import { EntityDecisionRequestSchema, ShareholdingConfirmRequestSchema } from '../../shared/api/entity.js';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';

type IdParams = { Params: { id: string } };

export function decisionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.patch<IdParams>('/entity/:id/shareholding-confirm', async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ShareholdingConfirmRequestSchema, jsonObject(request.body));
    return ctx.decisionService.confirmShareholding(entity, body.ownershipConfirmation);
  });

  scope.patch<IdParams>('/entity/:id/onboarding-decision', async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(EntityDecisionRequestSchema, jsonObject(request.body));
    return ctx.decisionService.decide(entity, body);
  });
}
