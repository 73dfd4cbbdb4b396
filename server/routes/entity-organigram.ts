// verify-organigram: the one bulk call of path B.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { uuidParam } from '../http/validate.js';
import { parseOrganigramBody } from '../services/organigram-service.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function organigramRoutes(scope: FastifyInstance, ctx: AppContext): void {
  serve(scope, ROUTES.verifyOrganigram, async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const root = parseOrganigramBody(request.body);
    return ctx.organigramService.verify(entity, root);
  });
}
