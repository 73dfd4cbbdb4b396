// Individual documents: one upload may link a file to several group-and-type pairs; read, soft
// delete and the confirm step.
import type { FastifyInstance } from 'fastify';
import { parseDocumentsField } from '../../shared/api/documents.js';
import type { AppContext } from '../context.js';
import { UploadError } from '../http/errors.js';
import { receiveUpload } from '../http/upload.js';
import { intParam, jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { individualServiceFor } from '../services/individual-context.js';
import { individualDocumentView } from '../services/individual-views.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

const DOCUMENTS_FIELD = 'documents';

export function individualDocumentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);

  serve(scope, ROUTES.uploadIndividualDocument, async (request, reply) => {
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
      const parsed = parseDocumentsField(raw, ROUTES.uploadIndividualDocument.upload);
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

  serve(scope, ROUTES.getIndividualDocument, async (request) => {
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

  serve(scope, ROUTES.deleteIndividualDocument, async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const doc = service.deleteDocument(individual, intParam(request.params.docId, 'Document'));
    return { message: 'Document deleted', ...individualDocumentView(doc) };
  });

  serve(scope, ROUTES.confirmIndividualDocs, async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const body = parseWith(ROUTES.confirmIndividualDocs.json, jsonObject(request.body));
    const saved = service.confirmDocs(individual, body.userUUID);
    return { message: 'Documents confirmed', docsUploadedReviewed: saved.docsUploadedReviewed };
  });
}
