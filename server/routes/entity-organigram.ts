// verify-organigram: the one bulk call of path B.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { uuidParam } from '../http/validate.js';
import { parseOrganigramBody } from '../services/organigram-service.js';

type IdParams = { Params: { id: string } };

export function organigramRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.patch<IdParams>('/entity/:id/verify-organigram', async (request) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const root = parseOrganigramBody(request.body);
    return ctx.organigramService.verify(entity, root);
  });
}
