// Entity documents. Upload and confirm take the entity UUID; read and delete take the entityDocID.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function entityDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { entityService, documentService } = ctx;

  serve(scope, ROUTES.uploadEntityDocument, async (request, reply) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    documentService.checkEntityUpload(entity);
    const upload = await receiveUpload(request, ctx.files, ctx.config.limits.entityDocumentBytes);
    const entityDocID = await documentService.saveEntityDocument(entity, upload);
    return reply.status(201).send({ entityDocID });
  });

  serve(scope, ROUTES.getEntityDocument, async (request) => {
    const { doc } = documentService.entityDocument(
      request.partnerId,
      intParam(request.params.id, 'Entity document'),
    );
    return { entityDocID: doc.id, ...(await documentService.content(doc)) };
  });

  serve(scope, ROUTES.deleteEntityDocument, async (request) => {
    const doc = documentService.deleteEntityDocument(
      request.partnerId,
      intParam(request.params.id, 'Entity document'),
    );
    return { message: 'Entity document deleted', entityDocID: doc.id, active: false };
  });

  serve(scope, ROUTES.entityDocConfirm, async (request) => {
    const entity = entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const body = parseWith(ROUTES.entityDocConfirm.json, jsonObject(request.body));
    const saved = documentService.confirmEntityDocuments(entity, body.docsUploadedReviewed);
    return {
      message: saved.docsUploadedReviewed ? 'Entity documents confirmed' : 'Entity documents not confirmed',
      docsUploadedReviewed: saved.docsUploadedReviewed,
    };
  });
}
