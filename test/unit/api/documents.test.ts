import { describe, expect, it } from 'vitest';
import * as documents from '../../../shared/api/documents.js';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MIME_TYPES,
  EntityDocumentsFieldSchema,
  IndividualDocumentsFieldSchema,
  UboDocumentsFieldSchema,
  parseDocumentsField,
} from '../../../shared/api/documents.js';
import { documentsCases } from './cases/documents.cases.js';
import { runCases } from './cases/runner.js';

runCases(documents, documentsCases);

describe('parseDocumentsField', () => {
  it('parses a valid UBO documents field', () => {
    expect(
      parseDocumentsField('{"individualDocsID":7,"IndividualDocTypesID":21}', UboDocumentsFieldSchema),
    ).toEqual({
      ok: true,
      value: { individualDocsID: 7, IndividualDocTypesID: 21 },
    });
  });

  it('parses an individual array of pairs', () => {
    const result = parseDocumentsField(
      '[{"individualDocsID":7,"IndividualDocTypesID":21},{"individualDocsID":8,"IndividualDocTypesID":31}]',
      IndividualDocumentsFieldSchema,
    );
    expect(result.ok && result.value).toHaveLength(2);
  });

  it('reports malformed JSON as kind json with the parser message as details', () => {
    const raw = '{individualDocsID: 7';
    let parserMessage = '';
    try {
      JSON.parse(raw);
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(parseDocumentsField(raw, UboDocumentsFieldSchema)).toEqual({
      ok: false,
      kind: 'json',
      details: parserMessage,
    });
  });

  it('reports JSON of the wrong shape as kind shape naming the field', () => {
    const result = parseDocumentsField('{"entityDocsID":3}', EntityDocumentsFieldSchema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.kind).toBe('shape');
    expect(result.details).toContain('documents.entityDocTypesID');
  });

  it('reports a single object where the individual upload needs an array as kind shape', () => {
    const result = parseDocumentsField(
      '{"individualDocsID":7,"IndividualDocTypesID":21}',
      IndividualDocumentsFieldSchema,
    );
    expect(result).toMatchObject({ ok: false, kind: 'shape' });
  });

  it('refuses an oversized field without parsing it', () => {
    const result = parseDocumentsField(`[${'1,'.repeat(10_000)}1]`, IndividualDocumentsFieldSchema);
    expect(result).toMatchObject({ ok: false, kind: 'shape' });
  });
});

describe('document constants', () => {
  it('accepts PDF, PNG and JPEG', () => {
    expect(DOCUMENT_MIME_TYPES).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
  });

  it('limits entity and UBO documents to 40 MB and individual documents to 20 MB', () => {
    expect(DOCUMENT_LIMITS).toEqual({
      entity: 40 * 1024 * 1024,
      ubo: 40 * 1024 * 1024,
      individual: 20 * 1024 * 1024,
    });
  });
});
