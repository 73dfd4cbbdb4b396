import { z } from 'zod';
import { BoolTextSchema, LookupIdSchema } from './common.js';

// Multipart `documents` field contents. The capital I of IndividualDocTypesID is the published spelling.
export const UboDocumentsFieldSchema = z.object({
  individualDocsID: LookupIdSchema,
  IndividualDocTypesID: LookupIdSchema,
});
export type UboDocumentsField = z.infer<typeof UboDocumentsFieldSchema>;

export const EntityDocumentsFieldSchema = z.object({
  entityDocsID: LookupIdSchema,
  entityDocTypesID: LookupIdSchema,
});
export type EntityDocumentsField = z.infer<typeof EntityDocumentsFieldSchema>;

/** One file may be linked to several group-and-type pairs in one individual upload. */
export const IndividualDocumentsFieldSchema = z.array(UboDocumentsFieldSchema).min(1).max(20);
export type IndividualDocumentsField = z.infer<typeof IndividualDocumentsFieldSchema>;

export const AdditionalFicaDocSchema = BoolTextSchema.optional();
export type AdditionalFicaDoc = z.infer<typeof AdditionalFicaDocSchema>;

export const MAX_DOCUMENTS_FIELD_LENGTH = 10_000;

export type DocumentsFieldResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'json'; details: string }
  | { ok: false; kind: 'shape'; details: string };

/** Parses the multipart `documents` text: `json` when it is not JSON (parser message as details),
 * `shape` when it is JSON of the wrong shape. */
export function parseDocumentsField<S extends z.ZodType>(
  raw: string,
  schema: S,
): DocumentsFieldResult<z.output<S>> {
  if (raw.length > MAX_DOCUMENTS_FIELD_LENGTH) {
    return {
      ok: false,
      kind: 'shape',
      details: `documents is longer than ${MAX_DOCUMENTS_FIELD_LENGTH} characters`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, kind: 'json', details: error instanceof Error ? error.message : String(error) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${['documents', ...issue.path.map(String)].join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, kind: 'shape', details };
  }
  return { ok: true, value: parsed.data };
}

export const UboDocUploadResponseSchema = z.looseObject({ uboDocsID: z.number().int().positive() });
export type UboDocUploadResponse = z.infer<typeof UboDocUploadResponseSchema>;

export const EntityDocUploadResponseSchema = z.looseObject({ entityDocID: z.number().int().positive() });
export type EntityDocUploadResponse = z.infer<typeof EntityDocUploadResponseSchema>;

export const DocumentContentResponseSchema = z.looseObject({
  base64Content: z.string(),
  mimeType: z.string(),
  filename: z.string(),
});
export type DocumentContentResponse = z.infer<typeof DocumentContentResponseSchema>;

export const DocConfirmRequestSchema = z.object({ docsUploadedReviewed: z.boolean() });
export type DocConfirmRequest = z.infer<typeof DocConfirmRequestSchema>;

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DocumentMimeTypeSchema = z.enum(DOCUMENT_MIME_TYPES);
export type DocumentMimeType = z.infer<typeof DocumentMimeTypeSchema>;

const MB = 1024 * 1024;

/** Default upload limits in bytes (contract §7; configurable on the server). */
export const DOCUMENT_LIMITS = {
  entity: 40 * MB,
  ubo: 40 * MB,
  individual: 20 * MB,
} as const;
