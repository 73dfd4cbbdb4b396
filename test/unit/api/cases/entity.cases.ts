import type { CaseTable } from './runner.js';
import { ENTITY_ID, UBO_ID, USER_ID } from './ids.js';
import { amlResult } from './screening.cases.js';

export const createdUbo = {
  uboUUID: UBO_ID,
  firstName: 'Thandi',
  lastName: 'Mokoena',
  isDirector: true,
  shareholderType: 'Individual',
};
export const entityCreateResponse = {
  id: ENTITY_ID,
  entityRegName: 'Acme Trading',
  entityRegNumber: '2015/123456/07',
  clientReference: 'BR-0001',
  ficaStatus: 'In Progress',
  riskDescription: 'Undetermined',
  registryCommercialName: 'ACME TRADING',
  registryCommercialResponse: { status: 'found' },
  sanctionsSearchResults: amlResult,
  createdUbos: [createdUbo],
};
const listItem = {
  id: ENTITY_ID,
  entityRegName: 'Acme Trading',
  entityRegNumber: '2015/123456/07',
  ficaStatus: 'In Progress',
  riskDescription: 'Undetermined',
  clientReference: null,
  lastUpdated: '2025-03-01T10:15:00Z',
};
export const kyb = {
  sameEntityName: false,
  entityTradingName: 'Acme',
  entityTelNumber: '+27 11 555 0100',
  physicalAddress1: '1 Main Road',
  physicalAddress2: 'Sandton',
  physicalAddress3: 'Johannesburg',
  zipCode: '2196',
  addressCountry: 1,
  countriesTransactedWith: [1, 2],
  entityIndustry: 4,
  entityIndustryDescription: 'Wholesale',
  transactionFrequency: 2,
  transactionType: 1,
  transactionFundingSource: 3,
  sourceFundingDescription: 'Trading income',
  transactionSourceWealth: 2,
  sourceWealthDescription: 'Retained earnings',
  additionalVerification: false,
  additionalVerificationReason: null,
  transactionConsistent: 'false',
  transactionInconsistantReason: 'Seasonal peak',
  entityDetailsConfirmed: true,
  customQuestions: { q1: 'yes', q2: 3 },
  userID: USER_ID,
};
const entityDoc = {
  entityDocID: 5,
  entityDocsID: 3,
  entityDocTypesID: 11,
  filename: 'bill.pdf',
  mimeType: 'application/pdf',
  size: 20480,
  uploadDate: '2025-03-01T10:15:00Z',
};
const uboSummary = {
  uboID: UBO_ID,
  firstName: 'Thandi',
  lastName: 'Mokoena',
  isDirector: true,
  isShareholder: false,
  ficaStatus: 'In Progress',
  riskStatus: 'Undetermined',
  pepConfirmed: false,
  docsUploadedReviewed: false,
};
export const entityRecord = {
  ...entityCreateResponse,
  entityType: 1,
  ...kyb,
  sanctionSearchCompleted: true,
  adverseSearchKYC: false,
  directorsConfirmed: true,
  organigramReviewed: null,
  shareholdersAdminConfirmed: false,
  docsUploadedReviewed: false,
  riskStatus: 'Low Risk',
  riskReason: 'base 1',
  onboardingDecision: 'In Progress',
  approvedComments: null,
  declinedComments: null,
  referComments: null,
  nextFicaReviewDate: null,
  approvalDate: null,
  lastUpdated: '2025-03-01T10:15:00.000Z',
  documents: [entityDoc],
  ubos: [uboSummary],
};

export const entityCases: CaseTable = {
  EntityCreateRequestSchema: {
    valid: [
      { entityRegName: 'Acme Trading', entityRegNumber: '2015/123456/07', entityType: 1 },
      {
        entityRegName: 'Acme Trading',
        entityRegNumber: '2015/123456/07',
        entityType: 1,
        clientReference: 'BR-0001',
        externalSystemId: 'crm-77',
      },
    ],
    invalid: [
      {
        why: 'entityRegName missing',
        value: { entityRegNumber: '2015/123456/07', entityType: 1 },
        path: ['entityRegName'],
      },
      {
        why: 'entityType as text',
        value: { entityRegName: 'Acme', entityRegNumber: '2015/123456/07', entityType: '1' },
        path: ['entityType'],
      },
      {
        why: 'a huge name',
        value: { entityRegName: 'x'.repeat(501), entityRegNumber: '1', entityType: 1 },
        path: ['entityRegName'],
      },
    ],
  },
  CreatedUboSchema: {
    valid: [createdUbo],
    invalid: [
      { why: 'uboUUID not a UUID', value: { ...createdUbo, uboUUID: 'x' }, path: ['uboUUID'] },
      { why: 'isDirector missing', value: { ...createdUbo, isDirector: undefined }, path: ['isDirector'] },
    ],
  },
  EntityCreateResponseSchema: {
    valid: [entityCreateResponse, { ...entityCreateResponse, createdUbos: [], registryCommercialName: null }],
    invalid: [
      {
        why: 'createdUbos missing',
        value: { ...entityCreateResponse, createdUbos: undefined },
        path: ['createdUbos'],
      },
      { why: 'id missing', value: { ...entityCreateResponse, id: undefined }, path: ['id'] },
    ],
  },
  EntityListQuerySchema: {
    valid: [
      {},
      { take: '20', skip: '40', clientReference: 'BR-', ficaStatus: 'In Progress', externalSystemId: 'crm' },
      { approvalDate: '2026-11-05', lastUpdated: '2026-11-27', nextFicaReviewDate: '2027-11-05' },
    ],
    invalid: [
      { why: 'take=101', value: { take: '101' }, path: ['take'] },
      { why: 'a date filter that is not a date', value: { approvalDate: '5 Nov' }, path: ['approvalDate'] },
      { why: 'a huge filter', value: { entityRegName: 'x'.repeat(201) }, path: ['entityRegName'] },
    ],
  },
  EntityListItemSchema: {
    valid: [listItem],
    invalid: [
      { why: 'ficaStatus missing', value: { ...listItem, ficaStatus: undefined }, path: ['ficaStatus'] },
    ],
  },
  EntityPageSchema: {
    valid: [{ data: [listItem], count: 1, take: 50, skip: 0 }],
    invalid: [
      { why: 'count missing', value: { data: [], take: 50, skip: 0 }, path: ['count'] },
      {
        why: 'bad item',
        value: { data: [{ id: 'x' }], count: 1, take: 50, skip: 0 },
        path: ['data', 0, 'id'],
      },
    ],
  },
  KybRequestSchema: {
    valid: [kyb, {}],
    invalid: [
      {
        why: 'transactionConsistent as a boolean',
        value: { transactionConsistent: true },
        path: ['transactionConsistent'],
      },
      {
        why: 'countriesTransactedWith as names',
        value: { countriesTransactedWith: ['ZA'] },
        path: ['countriesTransactedWith', 0],
      },
      { why: 'userID not a UUID', value: { userID: 'u1' }, path: ['userID'] },
      {
        why: 'free text over 5000',
        value: { sourceWealthDescription: 'x'.repeat(5001) },
        path: ['sourceWealthDescription'],
      },
      {
        why: 'customQuestions not an object',
        value: { customQuestions: ['yes'] },
        path: ['customQuestions'],
      },
    ],
  },
  PepReviewRequestSchema: {
    valid: [{ adverseSearchKYC: false, pepConfirmReviewed: true }],
    invalid: [
      { why: 'pepConfirmReviewed missing', value: { adverseSearchKYC: false }, path: ['pepConfirmReviewed'] },
      {
        why: 'adverseSearchKYC as text',
        value: { adverseSearchKYC: 'false', pepConfirmReviewed: true },
        path: ['adverseSearchKYC'],
      },
    ],
  },
  UpdateExternalSystemIdRequestSchema: {
    valid: [{ id: ENTITY_ID, externalSystemId: 'crm-77' }],
    invalid: [
      { why: 'id not a UUID', value: { id: '1', externalSystemId: 'crm' }, path: ['id'] },
      {
        why: 'externalSystemId empty',
        value: { id: ENTITY_ID, externalSystemId: '' },
        path: ['externalSystemId'],
      },
    ],
  },
  ShareholdingConfirmRequestSchema: {
    valid: [{ ownershipConfirmation: true }],
    invalid: [{ why: 'ownershipConfirmation missing', value: {}, path: ['ownershipConfirmation'] }],
  },
  ShareholdingConfirmResponseSchema: {
    valid: [{ message: 'Shareholding confirmed', riskStatus: 'Low Risk', riskReason: 'base 1 + 2 UBOs' }],
    invalid: [{ why: 'riskStatus missing', value: { message: 'ok', riskReason: 'x' }, path: ['riskStatus'] }],
  },
  EntityDecisionRequestSchema: {
    valid: [
      { onboardingDecision: 'Approved', approvedComments: 'ok', nextFicaReviewDate: '2026-03-01T00:00:00Z' },
      { onboardingDecision: 'Declined', declinedComments: 'Sanctions match confirmed' },
      { onboardingDecision: 'Refer', referComments: 'Second opinion' },
      { onboardingDecision: 'In Progress' },
    ],
    invalid: [
      {
        why: 'Declined without declinedComments',
        value: { onboardingDecision: 'Declined' },
        path: ['declinedComments'],
      },
      {
        why: 'Declined with blank declinedComments',
        value: { onboardingDecision: 'Declined', declinedComments: '  ' },
        path: ['declinedComments'],
      },
      {
        why: 'Refer without referComments',
        value: { onboardingDecision: 'Refer', declinedComments: 'x' },
        path: ['referComments'],
      },
      { why: 'unknown decision', value: { onboardingDecision: 'Accepted' }, path: ['onboardingDecision'] },
      {
        why: 'review date not ISO',
        value: { onboardingDecision: 'Approved', nextFicaReviewDate: '01/03/2026' },
        path: ['nextFicaReviewDate'],
      },
    ],
  },
  EntityDocumentSummarySchema: {
    valid: [entityDoc],
    invalid: [
      { why: 'entityDocID missing', value: { ...entityDoc, entityDocID: undefined }, path: ['entityDocID'] },
      { why: 'negative size', value: { ...entityDoc, size: -1 }, path: ['size'] },
    ],
  },
  UboSummarySchema: {
    valid: [uboSummary],
    invalid: [{ why: 'uboID not a UUID', value: { ...uboSummary, uboID: 12 }, path: ['uboID'] }],
  },
  EntityRecordSchema: {
    valid: [entityRecord, { ...entityCreateResponse, createdUbos: undefined, entityType: 2 }],
    invalid: [
      { why: 'entityType missing', value: { ...entityRecord, entityType: undefined }, path: ['entityType'] },
      {
        why: 'flag as text',
        value: { ...entityRecord, directorsConfirmed: 'yes' },
        path: ['directorsConfirmed'],
      },
      {
        why: 'bad document',
        value: { ...entityRecord, documents: [{ ...entityDoc, size: 'big' }] },
        path: ['documents', 0, 'size'],
      },
    ],
  },
  PdfReportResponseSchema: {
    valid: [
      { base64Content: 'JVBERi0=', mimeType: 'application/pdf', filename: `fica-report-${ENTITY_ID}.pdf` },
    ],
    invalid: [
      {
        why: 'another filename',
        value: { base64Content: 'JVBERi0=', mimeType: 'application/pdf', filename: 'report.pdf' },
        path: ['filename'],
      },
      {
        why: 'empty content',
        value: { base64Content: '', mimeType: 'application/pdf', filename: `fica-report-${ENTITY_ID}.pdf` },
        path: ['base64Content'],
      },
    ],
  },
  PdfReportQuerySchema: {
    valid: [{}, { format: 'binary' }],
    invalid: [{ why: 'format json', value: { format: 'json' }, path: ['format'] }],
  },
};
