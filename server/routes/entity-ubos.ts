// The people of an entity: list, read, create, update, delete, PEP confirm, profile image.
import type { FastifyInstance } from 'fastify';
import { PepReviewRequestSchema } from '../../shared/api/entity.js';
import { UboBodySchema } from '../../shared/api/ubo.js';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { uboRecordView } from '../services/views.js';

type IdParams = { Params: { id: string } };
type UboParams = { Params: { uboID: string } };

export function uboRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService, uboService } = ctx;
  const view = (ubo: Parameters<typeof uboRecordView>[0]): Record<string, unknown> =>
    uboRecordView(ubo, ctx.documents.listActive('ubo', ubo.id));

  scope.get<IdParams>('/entity/:id/directors-and-members', async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    return uboService.list(entity).map(view);
  });

  scope.get<UboParams>('/entity/directors-and-members/:uboID', async (request) => {
    const { ubo } = uboService.get(request.partnerId, uuidParam(request.params.uboID, 'UBO'));
    return view(ubo);
  });

  scope.delete<UboParams>('/entity/directors-and-members/:uboID', async (request) => {
    const ubo = uboService.remove(request.partnerId, uuidParam(request.params.uboID, 'UBO'));
    return { success: true, message: 'UBO removed', uboID: ubo.id };
  });

  scope.post<IdParams>('/entity/:id/ubo-create', async (request, reply) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(UboBodySchema, jsonObject(request.body));
    const ubo = uboService.create(entity, body);
    return reply.status(201).send(view(ubo));
  });

  scope.patch<IdParams>('/entity/:id/director-ubo-update', async (request) => {
    const uboId = uuidParam(request.params.id, 'UBO');
    uboService.get(request.partnerId, uboId);
    const body = parseWith(UboBodySchema, jsonObject(request.body));
    return view(uboService.update(request.partnerId, uboId, body));
  });

  scope.patch<IdParams>('/entity/:id/ubo-pep-confirm', async (request) => {
    const uboId = uuidParam(request.params.id, 'UBO');
    uboService.get(request.partnerId, uboId);
    const body = parseWith(PepReviewRequestSchema, jsonObject(request.body));
    const ubo = uboService.pepConfirm(request.partnerId, uboId, body);
    return { riskStatus: ubo.riskStatus, riskReason: ubo.riskReason ?? '' };
  });

  scope.get<IdParams>('/entity/ubo/:id/profile-image', async (request) => {
    const { ubo } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    // The sandbox runs no identity verification, so no photo is ever available.
    return { uboID: ubo.id, base64Content: null, mimeType: null };
  });
}
