import type { CaseTable } from './runner.js';
import { ENTITY_ID, EVENT_ID, INDIVIDUAL_ID, PARTNER_ID, TRUST_ID, UBO_ID, USER_ID } from './ids.js';
import { citizenUbo } from './ubo.cases.js';

const p = { partnerId: PARTNER_ID };
const account = { userId: USER_ID, email: 'reviewer@demo.example', name: 'Demo Reviewer', role: 'reviewer' };
const reviewer = { ...account, password: 'k7pm-x3qa-2hvn' };

export const dashboardActions = [
  {
    ...p,
    action: 'createEntity',
    body: { entityRegName: 'Acme', entityRegNumber: '2015/123456/07', entityType: 1 },
  },
  { ...p, action: 'updateEntity', entityId: ENTITY_ID, changes: { ficaStatus: 'Approved' } },
  {
    ...p,
    action: 'uploadEntityDocument',
    entityId: ENTITY_ID,
    entityDocsID: 3,
    entityDocTypesID: 11,
    filename: 'bill.pdf',
    contentBase64: 'JVBERi0xLjQK',
  },
  { ...p, action: 'deleteEntityDocument', entityId: ENTITY_ID, entityDocID: 5 },
  {
    ...p,
    action: 'addTrust',
    entityId: ENTITY_ID,
    trustName: 'Family Trust',
    sharePercentage: 40,
    uboPercentage: 40,
  },
  {
    ...p,
    action: 'updateTrust',
    entityId: ENTITY_ID,
    entityTrustId: TRUST_ID,
    changes: { trustName: 'Renamed' },
  },
  { ...p, action: 'createUbo', entityId: ENTITY_ID, body: citizenUbo },
  { ...p, action: 'updateUbo', entityId: ENTITY_ID, uboId: UBO_ID, changes: { isDirector: false } },
  {
    ...p,
    action: 'uploadUboDocument',
    entityId: ENTITY_ID,
    uboId: UBO_ID,
    individualDocsID: 7,
    IndividualDocTypesID: 21,
    filename: 'id.png',
    contentBase64: 'iVBORw0KGgo=',
  },
  { ...p, action: 'deleteUboDocument', entityId: ENTITY_ID, uboId: UBO_ID, uboDocID: 9 },
  { ...p, action: 'decideEntity', entityId: ENTITY_ID, onboardingDecision: 'Approved' },
  {
    ...p,
    action: 'decideIndividual',
    individualId: INDIVIDUAL_ID,
    onboardingDecision: 'Declined',
    additionalComments: 'Declined at head office',
    nextFicaReviewDate: '2027-01-31T00:00:00Z',
  },
];

const auditEntry = {
  id: 7,
  at: '2026-11-27T08:00:00.000Z',
  event: 'sign-in.failed',
  subject: 'account:capturer@example.org',
  address: '127.0.0.1',
  detail: { reason: 'wrong password' },
};

export const sandboxCases: CaseTable = {
  PartnerCreateRequestSchema: {
    valid: [
      { name: 'Demo Bank' },
      { name: 'Demo Bank', balance: 100, riskSettings: { mediumFrom: 8, highFrom: 15 } },
    ],
    invalid: [
      { why: 'name missing', value: { balance: 10 }, path: ['name'] },
      { why: 'negative balance', value: { name: 'x', balance: -1 }, path: ['balance'] },
      {
        why: 'mediumFrom above highFrom',
        value: { name: 'x', riskSettings: { mediumFrom: 20, highFrom: 15 } },
        path: ['riskSettings', 'mediumFrom'],
      },
    ],
  },
  PartnerCreateResponseSchema: {
    valid: [
      { partnerId: PARTNER_ID, clientId: 'cid', clientSecret: 'secret', balance: 100, users: [reviewer] },
    ],
    invalid: [
      {
        why: 'clientSecret missing',
        value: { partnerId: PARTNER_ID, clientId: 'cid', balance: 100, users: [] },
        path: ['clientSecret'],
      },
      {
        why: 'a user without its password',
        value: { partnerId: PARTNER_ID, clientId: 'cid', clientSecret: 's', balance: 100, users: [account] },
        path: ['users', 0, 'password'],
      },
    ],
  },
  StaffAccountSchema: {
    valid: [account, { ...account, role: 'admin' }],
    invalid: [{ why: 'unknown role', value: { ...account, role: 'owner' }, path: ['role'] }],
  },
  StaffAccountListSchema: {
    valid: [[], [account, { ...account, role: 'admin' }]],
    invalid: [{ why: 'unknown role', value: [{ ...account, role: 'owner' }], path: [0, 'role'] }],
  },
  StaffAccountWithPasswordSchema: {
    valid: [reviewer],
    invalid: [{ why: 'password missing', value: account, path: ['password'] }],
  },
  StaffPasswordRequestSchema: {
    valid: [{ password: 'eight ch' }],
    invalid: [
      { why: 'shorter than 8 characters', value: { password: 'seven c' }, path: ['password'] },
      { why: 'not text', value: { password: 12345678 }, path: ['password'] },
    ],
  },
  PartnerUpdateRequestSchema: {
    valid: [{ balance: 0 }, { riskSettings: { mediumFrom: null } }],
    invalid: [
      { why: 'no field', value: {}, path: [] },
      { why: 'fractional balance', value: { balance: 1.5 }, path: ['balance'] },
    ],
  },
  PartnerPublicSchema: {
    valid: [
      {
        partnerId: PARTNER_ID,
        name: 'Demo Bank',
        clientId: 'cid',
        balance: 90,
        riskSettings: { highFrom: 15 },
      },
    ],
    invalid: [
      {
        why: 'riskSettings missing',
        value: { partnerId: PARTNER_ID, name: 'x', balance: 1 },
        path: ['riskSettings'],
      },
    ],
  },
  DashboardActionSchema: {
    valid: dashboardActions,
    invalid: [
      {
        why: 'unknown action',
        value: { ...p, action: 'deleteEntity', entityId: ENTITY_ID },
        path: ['action'],
      },
      {
        why: 'partnerId missing',
        value: { action: 'deleteEntityDocument', entityId: ENTITY_ID, entityDocID: 5 },
        path: ['partnerId'],
      },
      {
        why: 'createUbo body without idNumber',
        value: {
          ...p,
          action: 'createUbo',
          entityId: ENTITY_ID,
          body: { ...citizenUbo, idNumber: undefined },
        },
        path: ['body', 'idNumber'],
      },
      {
        why: 'content not base64',
        value: { ...dashboardActions[2], contentBase64: 'not base64!' },
        path: ['contentBase64'],
      },
      {
        why: 'empty changes',
        value: { ...p, action: 'updateEntity', entityId: ENTITY_ID, changes: {} },
        path: ['changes'],
      },
      {
        why: 'trust share over 100',
        value: { ...dashboardActions[4], sharePercentage: 140 },
        path: ['sharePercentage'],
      },
    ],
  },
  DashboardActionResponseSchema: {
    valid: [{ eventIds: [EVENT_ID] }, { eventIds: [] }],
    invalid: [{ why: 'event id not a UUID', value: { eventIds: ['e1'] }, path: ['eventIds', 0] }],
  },
  SecurityAuditEventSchema: {
    valid: ['sign-in.failed', 'client.unlocked'],
    invalid: [{ why: 'an event the audit does not record', value: 'sign-in.guessed', path: [] }],
  },
  SecurityAuditEntrySchema: {
    valid: [auditEntry, { ...auditEntry, address: null, detail: {} }],
    invalid: [
      { why: 'id not positive', value: { ...auditEntry, id: 0 }, path: ['id'] },
      { why: 'time not ISO', value: { ...auditEntry, at: 'yesterday' }, path: ['at'] },
    ],
  },
  SecurityAuditListSchema: {
    valid: [[], [auditEntry]],
    invalid: [
      { why: 'an entry without its event', value: [{ ...auditEntry, event: undefined }], path: [0, 'event'] },
    ],
  },
  SecurityAuditQuerySchema: {
    valid: [{}, { after: '12', limit: '50' }],
    invalid: [
      { why: 'a limit over 1000', value: { limit: '1001' }, path: ['limit'] },
      { why: 'a negative cursor', value: { after: '-1' }, path: ['after'] },
    ],
  },
};
