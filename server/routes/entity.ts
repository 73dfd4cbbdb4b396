// Entity records: create, list, read, KYB, sanctions review, external system id.
import type { FastifyInstance } from 'fastify';
import {
  EntityCreateRequestSchema,
  EntityListQuerySchema,
  KybRequestSchema,
  PepReviewRequestSchema,
  UpdateExternalSystemIdRequestSchema,
} from '../../shared/api/entity.js';
import { IsoDateSchema } from '../../shared/api/common.js';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { entityCreateView, entityListItemView, entityRecordView } from '../services/views.js';

type IdParams = { Params: { id: string } };

// The published list names more filters than the shared query schema; the date filters match the
// individual list's whole-day rule (contract §4: "like the individual list").
const ListQuerySchema = EntityListQuerySchema.extend({
  approvalDate: IsoDateSchema.optional(),
  lastUpdated: IsoDateSchema.optional(),
  nextFicaReviewDate: IsoDateSchema.optional(),
});

export function entityRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService } = ctx;

  scope.post('/entity', async (request, reply) => {
    const body = parseWith(EntityCreateRequestSchema, jsonObject(request.body));
    const { entity, createdUbos } = entityService.create(request.partnerId, body);
    return reply.status(201).send(entityCreateView(entity, createdUbos));
  });

  scope.get('/entity', async (request) => {
    const query = parseWith(ListQuerySchema, request.query);
    const { take, skip, ...filters } = query;
    const page = entityService.list(request.partnerId, filters, take, skip);
    return { data: page.data.map(entityListItemView), count: page.count, take, skip };
  });

  scope.get<IdParams>('/entity/:id', async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    return entityRecordView(
      entity,
      ctx.ubos.listForEntity(entity.id),
      ctx.documents.listActive('entity', entity.id),
    );
  });

  scope.patch<IdParams>('/entity/:id/kyb', async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(KybRequestSchema, jsonObject(request.body));
    entityService.saveKyb(entity, body);
    return { success: true };
  });

  scope.patch<IdParams>('/entity/:id/sanctions-review', async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(PepReviewRequestSchema, jsonObject(request.body));
    entityService.sanctionsReview(entity, body);
    return { success: true };
  });

  scope.patch('/entity/update-external-system-id', async (request) => {
    const body = parseWith(UpdateExternalSystemIdRequestSchema, jsonObject(request.body));
    const entity = entityService.get(request.partnerId, body.id.toLowerCase());
    const saved = entityService.updateExternalSystemId(entity, body.externalSystemId);
    return { success: true, id: saved.id, externalSystemId: saved.externalSystemId };
  });
}
