// shareholding-confirm and onboarding-decision.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function decisionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  serve(scope, ROUTES.shareholdingConfirm, async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.shareholdingConfirm.json, jsonObject(request.body));
    return ctx.decisionService.confirmShareholding(entity, body.ownershipConfirmation);
  });

  serve(scope, ROUTES.entityDecision, async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.entityDecision.json, jsonObject(request.body));
    return ctx.decisionService.decide(entity, body);
  });
}
