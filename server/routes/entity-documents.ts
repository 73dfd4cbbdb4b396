// Entity documents. Upload and confirm take the entity UUID; read and delete take the entityDocID.
import type { FastifyInstance } from 'fastify';
import { DocConfirmRequestSchema } from '../../shared/api/documents.js';
import type { AppContext } from '../context.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';

type IdParams = { Params: { id: string } };

export function entityDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService, documentService } = ctx;

  scope.post<IdParams>('/entity/:id/entity-doc', async (request, reply) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    documentService.checkEntityUpload(entity);
    const upload = await receiveUpload(request, ctx.files, ctx.config.limits.entityDocumentBytes);
    const entityDocID = await documentService.saveEntityDocument(entity, upload);
    return reply.status(201).send({ entityDocID });
  });

  scope.get<IdParams>('/entity/:id/entity-doc', async (request) => {
    const { doc } = documentService.entityDocument(
      request.partnerId,
      intParam(request.params.id, 'Entity document'),
    );
    return { entityDocID: doc.id, ...(await documentService.content(doc)) };
  });

  scope.delete<IdParams>('/entity/:id/entity-doc', async (request) => {
    const doc = documentService.deleteEntityDocument(
      request.partnerId,
      intParam(request.params.id, 'Entity document'),
    );
    return { message: 'Entity document deleted', entityDocID: doc.id, active: false };
  });

  scope.patch<IdParams>('/entity/:id/entity-doc-confirm', async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(DocConfirmRequestSchema, jsonObject(request.body));
    const saved = documentService.confirmEntityDocuments(entity, body.docsUploadedReviewed);
    return {
      message: saved.docsUploadedReviewed ? 'Entity documents confirmed' : 'Entity documents not confirmed',
      docsUploadedReviewed: saved.docsUploadedReviewed,
    };
  });
}
