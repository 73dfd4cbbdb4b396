// UBO documents. Upload and confirm take the UBO UUID; read and delete take the uboDocsID.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function uboDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { uboService, documentService } = ctx;

  serve(scope, ROUTES.uploadUboDocument, async (request, reply) => {
    const { ubo, entity } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    documentService.checkUboUpload(entity, ubo);
    const upload = await receiveUpload(request, ctx.files, ctx.config.limits.uboDocumentBytes);
    const uboDocsID = await documentService.saveUboDocument(entity, ubo, upload);
    return reply.status(201).send({ uboDocsID });
  });

  serve(scope, ROUTES.getUboDocument, async (request) => {
    const { doc } = documentService.uboDocument(
      request.partnerId,
      intParam(request.params.id, 'UBO document'),
    );
    return { uboDocsID: doc.id, ...(await documentService.content(doc)) };
  });

  serve(scope, ROUTES.deleteUboDocument, async (request) => {
    const doc = documentService.deleteUboDocument(
      request.partnerId,
      intParam(request.params.id, 'UBO document'),
    );
    return { message: 'UBO document deleted', uboDocsID: doc.id, active: false };
  });

  serve(scope, ROUTES.uboDocConfirm, async (request) => {
    const { ubo, entity } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    const body = parseWith(ROUTES.uboDocConfirm.json, jsonObject(request.body));
    const saved = documentService.confirmUboDocuments(entity, ubo, body.docsUploadedReviewed);
    return {
      message: saved.docsUploadedReviewed ? 'UBO documents confirmed' : 'UBO documents not confirmed',
      docsUploadedReviewed: saved.docsUploadedReviewed,
      ficaStatus: saved.ficaStatus,
    };
  });
}
