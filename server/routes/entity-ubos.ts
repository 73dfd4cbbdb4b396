// The people of an entity: list, read, create, update, delete, PEP confirm, profile image.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { uboRecordView } from '../services/views.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function uboRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService, uboService } = ctx;
  const view = (ubo: Parameters<typeof uboRecordView>[0]): Record<string, unknown> =>
    uboRecordView(ubo, ctx.documents.listActive('ubo', ubo.id));

  serve(scope, ROUTES.listUbos, async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    return uboService.list(entity).map(view);
  });

  serve(scope, ROUTES.getUbo, async (request) => {
    const { ubo } = uboService.get(request.partnerId, uuidParam(request.params.uboID, 'UBO'));
    return view(ubo);
  });

  serve(scope, ROUTES.deleteUbo, async (request) => {
    const ubo = uboService.remove(request.partnerId, uuidParam(request.params.uboID, 'UBO'));
    return { success: true, message: 'UBO removed', uboID: ubo.id };
  });

  serve(scope, ROUTES.createUbo, async (request, reply) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.createUbo.json, jsonObject(request.body));
    const ubo = uboService.create(entity, body);
    return reply.status(201).send(view(ubo));
  });

  serve(scope, ROUTES.updateUbo, async (request) => {
    const uboId = uuidParam(request.params.id, 'UBO');
    uboService.get(request.partnerId, uboId);
    const body = parseWith(ROUTES.updateUbo.json, jsonObject(request.body));
    return view(uboService.update(request.partnerId, uboId, body));
  });

  serve(scope, ROUTES.uboPepConfirm, async (request) => {
    const uboId = uuidParam(request.params.id, 'UBO');
    uboService.get(request.partnerId, uboId);
    const body = parseWith(ROUTES.uboPepConfirm.json, jsonObject(request.body));
    const ubo = uboService.pepConfirm(request.partnerId, uboId, body);
    return { riskStatus: ubo.riskStatus, riskReason: ubo.riskReason ?? '' };
  });

  serve(scope, ROUTES.uboProfileImage, async (request) => {
    const { ubo } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    // The sandbox runs no identity verification, so no photo is ever available.
    return { uboID: ubo.id, base64Content: null, mimeType: null };
  });
}
