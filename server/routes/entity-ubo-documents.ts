// UBO documents. Upload and confirm take the UBO UUID; read and delete take the uboDocsID.
import type { FastifyInstance } from 'fastify';
import { DocConfirmRequestSchema } from '../../shared/api/documents.js';
import type { AppContext } from '../context.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';

type IdParams = { Params: { id: string } };

export function uboDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { uboService, documentService } = ctx;

  scope.post<IdParams>('/entity/:id/ubo-doc-upload', async (request, reply) => {
    const { ubo, entity } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    documentService.checkUboUpload(entity, ubo);
    const upload = await receiveUpload(request, ctx.files, ctx.config.limits.uboDocumentBytes);
    const uboDocsID = await documentService.saveUboDocument(entity, ubo, upload);
    return reply.status(201).send({ uboDocsID });
  });

  scope.get<IdParams>('/entity/:id/ubo-doc', async (request) => {
    const { doc } = documentService.uboDocument(
      request.partnerId,
      intParam(request.params.id, 'UBO document'),
    );
    return { uboDocsID: doc.id, ...(await documentService.content(doc)) };
  });

  scope.delete<IdParams>('/entity/:id/ubo-doc-delete', async (request) => {
    const doc = documentService.deleteUboDocument(
      request.partnerId,
      intParam(request.params.id, 'UBO document'),
    );
    return { message: 'UBO document deleted', uboDocsID: doc.id, active: false };
  });

  scope.patch<IdParams>('/entity/:id/ubo-doc-confirm', async (request) => {
    const { ubo, entity } = uboService.get(request.partnerId, uuidParam(request.params.id, 'UBO'));
    const body = parseWith(DocConfirmRequestSchema, jsonObject(request.body));
    const saved = documentService.confirmUboDocuments(entity, ubo, body.docsUploadedReviewed);
    return {
      message: saved.docsUploadedReviewed ? 'UBO documents confirmed' : 'UBO documents not confirmed',
      docsUploadedReviewed: saved.docsUploadedReviewed,
      ficaStatus: saved.ficaStatus,
    };
  });
}
