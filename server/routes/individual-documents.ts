// Individual documents: one upload may link a file to several group-and-type pairs; read, soft
// delete and the confirm step.
import type { FastifyInstance } from 'fastify';
import { ConfirmDocsRequestSchema } from '../../shared/api/individual.js';
import { IndividualDocumentsFieldSchema, parseDocumentsField } from '../../shared/api/documents.js';
import type { AppContext } from '../context.js';
import { UploadError } from '../http/errors.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { individualServiceFor } from '../services/individual-context.js';
import { individualDocumentView } from '../services/individual-views.js';

type IdParams = { Params: { id: string } };
type DocParams = { Params: { id: string; docId: string } };

const DOCUMENTS_FIELD = 'documents';

export function individualDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);

  scope.post<IdParams>('/individual/:id/documents', async (request, reply) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    service.checkCanUpload(individual);
    const upload = await receiveUpload(request, ctx.files, ctx.config.limits.individualDocumentBytes);
    let pairs;
    try {
      const raw = upload.fields[DOCUMENTS_FIELD];
      if (raw === undefined) {
        throw new UploadError(
          `The '${DOCUMENTS_FIELD}' field is required`,
          'Send documents as a JSON string of an array of {individualDocsID, IndividualDocTypesID}',
        );
      }
      const parsed = parseDocumentsField(raw, IndividualDocumentsFieldSchema);
      if (!parsed.ok)
        throw new UploadError(
          parsed.kind === 'json' ? 'Invalid JSON format in documents' : 'Invalid documents value',
          parsed.details,
        );
      pairs = parsed.value;
      service.checkDocumentPairs(pairs);
    } catch (error) {
      await ctx.files.remove(upload.file.storedName);
      throw error;
    }
    const docs = service.addDocuments(
      individual,
      upload.file,
      pairs,
      upload.fields.additionalFicaDoc === 'true',
    );
    // `documents` holds the records this upload created: one per pair, all pointing at one stored file.
    return reply.status(201).send({
      message: docs.length === 1 ? 'Document uploaded' : `${docs.length} documents uploaded`,
      id: individual.id,
      documents: docs.map(individualDocumentView),
    });
  });

  scope.get<DocParams>('/individual/:id/documents/:docId', async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const { doc, content } = await service.documentContent(
      individual,
      intParam(request.params.docId, 'Document'),
    );
    return {
      ficaIndividualDocsID: doc.id,
      base64Content: content.toString('base64'),
      mimeType: doc.mimeType,
      filename: doc.filename,
    };
  });

  scope.delete<DocParams>('/individual/:id/documents/:docId', async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const doc = service.deleteDocument(individual, intParam(request.params.docId, 'Document'));
    return { message: 'Document deleted', ...individualDocumentView(doc) };
  });

  scope.patch<IdParams>('/individual/:id/confirm-docs', async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const body = parseWith(ConfirmDocsRequestSchema, jsonObject(request.body));
    const saved = service.confirmDocs(individual, body.userUUID);
    return { message: 'Documents confirmed', docsUploadedReviewed: saved.docsUploadedReviewed };
  });
}
