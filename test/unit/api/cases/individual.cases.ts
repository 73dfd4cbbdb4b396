import type { CaseTable } from './runner.js';
import { INDIVIDUAL_ID, PARTNER_ID, USER_ID } from './ids.js';
import { amlResult } from './screening.cases.js';

export const individualCreate = {
  externalSystemId: 'crm-1',
  clientRef: 'IND-0001',
  firstName: 'Lerato',
  lastName: 'Khumalo',
  clientEmail: 'lerato@example.com',
  telNumber: '+27 82 555 0101',
  userID: USER_ID,
  idNumber: '9202204720082',
  taxNumber: '0123456789',
  addressLineOne: '5 Long Street',
  addressLineTwo: 'Gardens',
  townCity: 'Cape Town',
  zipCode: '8001',
  employmentStatus: 1,
  occupation: 'Engineer',
  employmentIndustry: 3,
  employerName: 'Acme',
  employerIndustry: 'Manufacturing',
  transactionFrequency: 2,
  transactionType: 1,
  transactionFundingSource: 3,
  transactionSourceWealth: 2,
  sourceFundingDescription: 'Salary',
  sourceWealthDescription: 'Savings',
  additionalVerification: false,
  additionalVerificationReason: null,
  transactionConsistent: 'true',
  transactionInconsistantReason: null,
  customerPermission: true,
  partnerID: PARTNER_ID,
  countryResidence: 1,
  addressCountry: 1,
  clientFaceToFace: true,
  clientSACitizen: true,
  customQuestions: { q1: 'yes' },
};
export const foreignIndividual = {
  firstName: 'Jan',
  lastName: 'de Vries',
  clientSACitizen: false,
  passportNumber: 'NX1234567',
  passportCountry: 5,
};
const validation = {
  consumerDetail: {
    FirstName: 'LERATO',
    Surname: 'KHUMALO',
    IDNo: '9202204720082',
    BirthDate: '1992-02-20',
    Gender: 'F',
    EmailAddress: null,
    ProviderRef: 'x',
  },
  kycResult: { IDStatusDesc: 'Verified', KYCStatusDesc: 'Passed' },
  consumerEmploymentHistory: [{ EmployerName: 'Acme' }],
};
const docRecord = {
  ficaIndividualDocsID: 31,
  individualDocsID: 7,
  IndividualDocTypesID: 21,
  filename: 'id.pdf',
  mimeType: 'application/pdf',
  size: 4096,
  uploadDate: '2025-03-01T10:15:00Z',
};
const listItem = {
  ficaIndividualGUID: INDIVIDUAL_ID,
  externalUserID: 'crm-1',
  clientReference: 'IND-0001',
  firstName: 'Lerato',
  lastName: 'Khumalo',
  ficaStatus: 'Approved',
  identificationNumber: '9202204720082',
  passportNumber: null,
  riskDescription: 'Low Risk',
  approvalDate: '2025-03-02T08:00:00Z',
  lastUpdated: '2025-03-02T08:00:00Z',
  nextFicaReviewDate: '2026-03-02T00:00:00Z',
  approvedBy: 'Rita Reviewer',
};
export const individualRecord = {
  ...individualCreate,
  id: INDIVIDUAL_ID,
  ficaStatus: 'In Progress',
  riskDescription: 'Low Risk',
  riskReason: 'Citizen without adverse results',
  amlScreeningResult: amlResult,
  externalValidationResult: validation,
  pepConfirmReviewed: true,
  adverseSearchKYC: false,
  clientForeignOfficial: false,
  clientForeignOfficialType: null,
  docsUploadedReviewed: false,
  onboardingDecision: null,
  additionalComments: null,
  approvalDate: null,
  nextFicaReviewDate: null,
  lastUpdated: '2025-03-01T10:15:00Z',
  documents: [docRecord],
};
const pepDecision = {
  pepConfirmReviewed: true,
  adverseSearchKYC: false,
  clientForeignOfficial: false,
  userID: USER_ID,
  partnerID: PARTNER_ID,
};

export const individualCases: CaseTable = {
  // The fields alone, as a case stored before the identity rule keeps them: a citizen without an
  // ID number is a shape this schema takes (the request schema refuses it).
  IndividualCreateFieldsSchema: {
    valid: [individualCreate, { ...individualCreate, idNumber: undefined }],
    invalid: [
      { why: 'firstName missing', value: { ...individualCreate, firstName: undefined }, path: ['firstName'] },
      {
        why: 'clientEmail not an e-mail',
        value: { ...individualCreate, clientEmail: 'lerato' },
        path: ['clientEmail'],
      },
    ],
  },
  IndividualCreateRequestSchema: {
    valid: [
      individualCreate,
      foreignIndividual,
      { firstName: 'A', lastName: 'B', clientSACitizen: true, idNumber: '1' },
    ],
    invalid: [
      {
        why: 'SA citizen without idNumber',
        value: { ...individualCreate, idNumber: undefined },
        path: ['idNumber'],
      },
      {
        why: 'non-citizen without passportNumber',
        value: { ...foreignIndividual, passportNumber: undefined },
        path: ['passportNumber'],
      },
      {
        why: 'non-citizen without passportCountry',
        value: { ...foreignIndividual, passportCountry: undefined },
        path: ['passportCountry'],
      },
      {
        why: 'clientEmail not an e-mail',
        value: { ...individualCreate, clientEmail: 'lerato' },
        path: ['clientEmail'],
      },
      { why: 'lastName missing', value: { ...individualCreate, lastName: undefined }, path: ['lastName'] },
      {
        why: 'transactionConsistent other text',
        value: { ...individualCreate, transactionConsistent: 'yes' },
        path: ['transactionConsistent'],
      },
      { why: 'partnerID not a UUID', value: { ...individualCreate, partnerID: 'p1' }, path: ['partnerID'] },
      {
        why: 'employmentStatus as text',
        value: { ...individualCreate, employmentStatus: 'Employed' },
        path: ['employmentStatus'],
      },
      {
        why: 'huge occupation',
        value: { ...individualCreate, occupation: 'x'.repeat(501) },
        path: ['occupation'],
      },
    ],
  },
  IndividualCreateResponseSchema: {
    valid: [{ id: INDIVIDUAL_ID }],
    invalid: [{ why: 'id not a UUID', value: { id: 12 }, path: ['id'] }],
  },
  IndividualUpdateRequestSchema: {
    valid: [
      { clientPhone: '+27 82 555 0101' },
      { firstName: 'L', lastName: 'K', clientEmail: 'l@example.com', externalSystemId: 'x' },
    ],
    invalid: [
      { why: 'no field at all', value: {}, path: [] },
      { why: 'bad e-mail', value: { clientEmail: 'nope' }, path: ['clientEmail'] },
      { why: 'telNumber is not the update field name', value: { telNumber: '+27' }, path: [] },
    ],
  },
  ExternalValidationRequestSchema: {
    valid: [{}, { identificationNumber: '9202204720082', residentialZIPCode: '8001' }],
    invalid: [
      {
        why: 'identificationNumber as a number',
        value: { identificationNumber: 9202204720082 },
        path: ['identificationNumber'],
      },
    ],
  },
  ExternalValidationResponseSchema: {
    valid: [
      validation,
      { consumerDetail: {}, kycResult: { IDStatusDesc: 'Not Found' }, consumerEmploymentHistory: [] },
    ],
    invalid: [
      { why: 'kycResult missing', value: { ...validation, kycResult: undefined }, path: ['kycResult'] },
      {
        why: 'IDStatusDesc as a number',
        value: { ...validation, kycResult: { IDStatusDesc: 1 } },
        path: ['kycResult', 'IDStatusDesc'],
      },
    ],
  },
  PepSanctionsDecisionRequestSchema: {
    valid: [pepDecision, { ...pepDecision, clientForeignOfficial: true, clientForeignOfficialType: 2 }],
    invalid: [
      {
        why: 'foreign official without type',
        value: { ...pepDecision, clientForeignOfficial: true },
        path: ['clientForeignOfficialType'],
      },
      {
        why: 'foreign official with null type',
        value: { ...pepDecision, clientForeignOfficial: true, clientForeignOfficialType: null },
        path: ['clientForeignOfficialType'],
      },
      { why: 'userID missing', value: { ...pepDecision, userID: undefined }, path: ['userID'] },
      {
        why: 'clientForeignOfficial missing',
        value: { ...pepDecision, clientForeignOfficial: undefined },
        path: ['clientForeignOfficial'],
      },
    ],
  },
  IndividualDecisionRequestSchema: {
    valid: [
      {
        onboardingDecision: 'Approved',
        additionalComments: 'All good',
        nextFicaReviewDate: '2026-03-01T00:00:00Z',
        userID: USER_ID,
        partnerID: PARTNER_ID,
      },
      { onboardingDecision: 'In Progress' },
    ],
    invalid: [
      { why: 'unknown decision', value: { onboardingDecision: 'Rejected' }, path: ['onboardingDecision'] },
      {
        why: 'nextFicaReviewDate not ISO',
        value: { onboardingDecision: 'Approved', nextFicaReviewDate: 'soon' },
        path: ['nextFicaReviewDate'],
      },
    ],
  },
  IndividualDocumentRecordSchema: {
    valid: [docRecord],
    invalid: [
      {
        why: 'ficaIndividualDocsID missing',
        value: { ...docRecord, ficaIndividualDocsID: undefined },
        path: ['ficaIndividualDocsID'],
      },
    ],
  },
  IndividualDocumentsUploadResponseSchema: {
    valid: [{ documents: [docRecord], message: 'Uploaded' }],
    invalid: [{ why: 'documents missing', value: { message: 'Uploaded' }, path: ['documents'] }],
  },
  IndividualDocumentContentSchema: {
    valid: [
      {
        ficaIndividualDocsID: 31,
        base64Content: 'JVBERi0=',
        mimeType: 'application/pdf',
        filename: 'id.pdf',
      },
    ],
    invalid: [
      {
        why: 'base64Content missing',
        value: { ficaIndividualDocsID: 31, mimeType: 'x', filename: 'x' },
        path: ['base64Content'],
      },
    ],
  },
  ConfirmDocsRequestSchema: {
    valid: [{ userUUID: USER_ID }],
    invalid: [{ why: 'userID instead of userUUID', value: { userID: USER_ID }, path: ['userUUID'] }],
  },
  ConfirmDocsResponseSchema: {
    valid: [{ message: 'Documents confirmed', docsUploadedReviewed: true }],
    invalid: [
      {
        why: 'docsUploadedReviewed false',
        value: { message: 'x', docsUploadedReviewed: false },
        path: ['docsUploadedReviewed'],
      },
    ],
  },
  IndividualListQuerySchema: {
    valid: [
      {},
      { take: '100', firstName: 'Ler', approvalDate: '2025-03-02', lastUpdated: '2025-03-02T00:00:00Z' },
    ],
    invalid: [
      { why: 'take=101', value: { take: '101' }, path: ['take'] },
      { why: 'a date in another format', value: { approvalDate: '02/03/2025' }, path: ['approvalDate'] },
      { why: 'negative skip', value: { skip: '-5' }, path: ['skip'] },
    ],
  },
  IndividualListItemSchema: {
    valid: [listItem, { ficaIndividualGUID: INDIVIDUAL_ID }],
    invalid: [
      {
        why: 'ficaIndividualGUID missing',
        value: { ...listItem, ficaIndividualGUID: undefined },
        path: ['ficaIndividualGUID'],
      },
    ],
  },
  IndividualPageSchema: {
    valid: [{ data: [listItem], count: 1, take: 50, skip: 0 }],
    invalid: [{ why: 'data missing', value: { count: 0, take: 50, skip: 0 }, path: ['data'] }],
  },
  UpdatedIndividualRecordSchema: {
    valid: [individualRecord, {}, { riskDescription: 'Low Risk' }],
    invalid: [
      { why: 'id not a UUID', value: { id: 'client-1' }, path: ['id'] },
      { why: 'a bare number', value: 12345, path: [] },
    ],
  },
  IndividualRecordSchema: {
    valid: [individualRecord],
    invalid: [
      { why: 'id missing', value: { ...individualRecord, id: undefined }, path: ['id'] },
      {
        why: 'amlScreeningResult malformed',
        value: { ...individualRecord, amlScreeningResult: { matchedNumber: 'one' } },
        path: ['amlScreeningResult', 'matchedNumber'],
      },
      {
        why: 'riskDescription missing',
        value: { ...individualRecord, riskDescription: undefined },
        path: ['riskDescription'],
      },
    ],
  },
};
