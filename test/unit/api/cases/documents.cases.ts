import type { CaseTable } from './runner.js';

export const documentsCases: CaseTable = {
  UboDocumentsFieldSchema: {
    valid: [{ individualDocsID: 7, IndividualDocTypesID: 21 }],
    invalid: [
      {
        why: 'lower-case individualDocTypesID',
        value: { individualDocsID: 7, individualDocTypesID: 21 },
        path: ['IndividualDocTypesID'],
      },
      {
        why: 'ids as text',
        value: { individualDocsID: '7', IndividualDocTypesID: 21 },
        path: ['individualDocsID'],
      },
    ],
  },
  EntityDocumentsFieldSchema: {
    valid: [{ entityDocsID: 3, entityDocTypesID: 11 }],
    invalid: [{ why: 'entityDocTypesID missing', value: { entityDocsID: 3 }, path: ['entityDocTypesID'] }],
  },
  IndividualDocumentsFieldSchema: {
    valid: [
      [{ individualDocsID: 7, IndividualDocTypesID: 21 }],
      [
        { individualDocsID: 7, IndividualDocTypesID: 21 },
        { individualDocsID: 8, IndividualDocTypesID: 31 },
      ],
    ],
    invalid: [
      { why: 'an empty array', value: [], path: [] },
      {
        why: 'a single object instead of an array',
        value: { individualDocsID: 7, IndividualDocTypesID: 21 },
        path: [],
      },
      {
        why: 'an item without its type',
        value: [{ individualDocsID: 7 }],
        path: [0, 'IndividualDocTypesID'],
      },
    ],
  },
  AdditionalFicaDocSchema: {
    valid: [undefined, 'false', 'true'],
    invalid: [{ why: 'other text', value: 'no', path: [] }],
  },
  UboDocUploadResponseSchema: {
    valid: [{ uboDocsID: 9 }],
    invalid: [{ why: 'entity-style id', value: { entityDocID: 9 }, path: ['uboDocsID'] }],
  },
  EntityDocUploadResponseSchema: {
    valid: [{ entityDocID: 5 }],
    invalid: [{ why: 'id as text', value: { entityDocID: '5' }, path: ['entityDocID'] }],
  },
  DocumentContentResponseSchema: {
    valid: [{ base64Content: 'JVBERi0=', mimeType: 'application/pdf', filename: 'bill.pdf', uboDocsID: 9 }],
    invalid: [{ why: 'mimeType missing', value: { base64Content: 'x', filename: 'a' }, path: ['mimeType'] }],
  },
  DocConfirmRequestSchema: {
    valid: [{ docsUploadedReviewed: true }],
    invalid: [{ why: 'as text', value: { docsUploadedReviewed: 'true' }, path: ['docsUploadedReviewed'] }],
  },
  DocumentMimeTypeSchema: {
    valid: ['application/pdf', 'image/png', 'image/jpeg'],
    invalid: [{ why: 'image/jpg is not a MIME type', value: 'image/jpg', path: [] }],
  },
};
