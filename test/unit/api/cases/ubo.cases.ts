import type { CaseTable } from './runner.js';
import { TRUST_ID, UBO_ID } from './ids.js';
import { amlResult } from './screening.cases.js';

export const citizenUbo = {
  firstName: 'Thandi',
  lastName: 'Mokoena',
  addressLine1: '1 Main Road',
  addressZipCode: '2196',
  addressCountry: 1,
  clientSACitizen: true,
  idNumber: '8001015009087',
  shareholderPercentage: '25.5',
  isDirector: true,
  isShareholder: true,
  externalId: 'crm-ubo-1',
};
export const foreignUbo = {
  firstName: 'Jan',
  lastName: 'de Vries',
  clientSACitizen: false,
  passportNumber: 'NX1234567',
  passportCountry: 5,
};
const uboDoc = {
  uboDocsID: 9,
  individualDocsID: 7,
  IndividualDocTypesID: 21,
  filename: 'id.png',
  mimeType: 'image/png',
  size: 1024,
  uploadDate: '2025-03-01T10:15:00Z',
};
export const uboRecord = {
  uboID: UBO_ID,
  uboUUID: UBO_ID,
  ...citizenUbo,
  ficaStatus: 'In Progress',
  riskStatus: 'Undetermined',
  riskReason: null,
  uboVerifiedStatus: 'In Progress',
  pepConfirmed: false,
  adverseSearchKYC: false,
  docsUploadedReviewed: false,
  sanctionsSearchResults: amlResult,
  entityTrustID: null,
  documents: [uboDoc],
};

export const uboCases: CaseTable = {
  UboBodySchema: {
    valid: [citizenUbo, foreignUbo],
    invalid: [
      {
        why: 'SA citizen without idNumber',
        value: { ...citizenUbo, idNumber: undefined },
        path: ['idNumber'],
      },
      {
        why: 'non-citizen without passportNumber',
        value: { ...foreignUbo, passportNumber: undefined },
        path: ['passportNumber'],
      },
      {
        why: 'non-citizen without passportCountry',
        value: { ...foreignUbo, passportCountry: undefined },
        path: ['passportCountry'],
      },
      {
        why: 'clientSACitizen missing',
        value: { firstName: 'A', lastName: 'B', idNumber: '1' },
        path: ['clientSACitizen'],
      },
      { why: 'firstName missing', value: { ...citizenUbo, firstName: undefined }, path: ['firstName'] },
      {
        why: 'shareholderPercentage as a number',
        value: { ...citizenUbo, shareholderPercentage: 25 },
        path: ['shareholderPercentage'],
      },
      {
        why: 'shareholderPercentage over 100',
        value: { ...citizenUbo, shareholderPercentage: '100.5' },
        path: ['shareholderPercentage'],
      },
    ],
  },
  UboCreateResponseSchema: {
    valid: [{ uboUUID: UBO_ID, sanctionsSearchResults: amlResult, firstName: 'Thandi' }, { uboUUID: UBO_ID }],
    invalid: [{ why: 'uboUUID missing', value: { uboID: UBO_ID }, path: ['uboUUID'] }],
  },
  UboDocumentSummarySchema: {
    valid: [uboDoc],
    invalid: [
      {
        why: 'lower-case individualDocTypesID instead of the published IndividualDocTypesID',
        value: { ...uboDoc, IndividualDocTypesID: undefined, individualDocTypesID: 21 },
        path: ['IndividualDocTypesID'],
      },
    ],
  },
  UpdatedUboRecordSchema: {
    valid: [uboRecord, {}, { sanctionsSearchResults: null }],
    invalid: [
      { why: 'uboUUID not a UUID', value: { uboUUID: 'ubo-1' }, path: ['uboUUID'] },
      { why: 'a bare number', value: 12345, path: [] },
    ],
  },
  UboRecordSchema: {
    valid: [
      uboRecord,
      { ...uboRecord, entityTrustID: TRUST_ID, trustRelatedPartyTypes: '[{"id":2,"name":"Trustee"}]' },
    ],
    invalid: [
      { why: 'uboUUID missing', value: { ...uboRecord, uboUUID: undefined }, path: ['uboUUID'] },
      { why: 'ficaStatus missing', value: { ...uboRecord, ficaStatus: undefined }, path: ['ficaStatus'] },
      {
        why: 'entityTrustID not a UUID',
        value: { ...uboRecord, entityTrustID: 'trust-1' },
        path: ['entityTrustID'],
      },
    ],
  },
  UboListResponseSchema: {
    valid: [[], [uboRecord]],
    invalid: [{ why: 'item without uboID', value: [{ ...uboRecord, uboID: undefined }], path: [0, 'uboID'] }],
  },
  UboPepConfirmResponseSchema: {
    valid: [{ riskStatus: 'High Risk', riskReason: 'Adverse results' }],
    invalid: [{ why: 'riskReason missing', value: { riskStatus: 'High Risk' }, path: ['riskReason'] }],
  },
  ProfileImageResponseSchema: {
    valid: [{ base64Content: null }, { base64Content: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    invalid: [{ why: 'base64Content missing', value: { mimeType: 'image/png' }, path: ['base64Content'] }],
  },
};
