// Entity records: create, list, read, KYB, sanctions review, external system id.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { entityCreateView, entityListItemView, entityRecordView } from '../services/views.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function entityRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService } = ctx;

  serve(scope, ROUTES.createEntity, async (request, reply) => {
    const body = parseWith(ROUTES.createEntity.json, jsonObject(request.body));
    const { entity, createdUbos } = entityService.create(request.partnerId, body);
    return reply.status(201).send(entityCreateView(entity, createdUbos));
  });

  serve(scope, ROUTES.listEntities, async (request) => {
    const query = parseWith(ROUTES.listEntities.query, request.query);
    const { take, skip, ...filters } = query;
    const page = entityService.list(request.partnerId, filters, take, skip);
    return { data: page.data.map(entityListItemView), count: page.count, take, skip };
  });

  serve(scope, ROUTES.getEntity, async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    return entityRecordView(
      entity,
      ctx.ubos.listForEntity(entity.id),
      ctx.documents.listActive('entity', entity.id),
    );
  });

  serve(scope, ROUTES.saveKyb, async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.saveKyb.json, jsonObject(request.body));
    entityService.saveKyb(entity, body);
    return { success: true };
  });

  serve(scope, ROUTES.sanctionsReview, async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.sanctionsReview.json, jsonObject(request.body));
    entityService.sanctionsReview(entity, body);
    return { success: true };
  });

  serve(scope, ROUTES.updateExternalSystemId, async (request) => {
    const body = parseWith(ROUTES.updateExternalSystemId.json, jsonObject(request.body));
    const entity = entityService.get(request.partnerId, body.id.toLowerCase());
    const saved = entityService.updateExternalSystemId(entity, body.externalSystemId);
    return { success: true, id: saved.id, externalSystemId: saved.externalSystemId };
  });
}
