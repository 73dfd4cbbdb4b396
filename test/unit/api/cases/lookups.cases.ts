import type { CaseTable } from './runner.js';
import { PARTNER_ID, USER_ID } from './ids.js';

export const entityType = {
  id: 1,
  name: 'Private Company (Pty) Ltd',
  showOrganigram: false,
  foreignEntityType: false,
  active: true,
};
export const entityDocGroup = {
  id: 3,
  name: 'Proof of address',
  descriptionLowRisk: 'Utility bill',
  descriptionMediumRisk: 'Utility bill',
  descriptionHighRisk: 'Utility bill and bank letter',
  requiredLowRisk: true,
  requiredMediumRisk: true,
  requiredHighRisk: true,
  active: true,
};
export const individualDocGroup = {
  id: 7,
  name: 'Identity document',
  lowRiskDescription: 'ID card',
  mediumRiskDescription: 'ID card',
  highRiskDescription: 'ID card and selfie',
  lowRiskRequired: true,
  mediumRiskRequired: true,
  highRiskRequired: true,
  active: true,
};
const country = { id: 1, name: 'South Africa', active: true, code: 'ZA', highRisk: false };
const partner = { id: PARTNER_ID, name: 'Demo Bank', balance: 100, riskSettings: { highFrom: 15 } };
const user = { id: USER_ID, name: 'Cara Capturer', email: 'cara@example.com', role: 'capturer' };

export const lookupsCases: CaseTable = {
  EntityTypeSchema: {
    valid: [entityType, { ...entityType, id: 9, showOrganigram: true, country: 'ZA', description: 'Trust' }],
    invalid: [
      {
        why: 'showOrganigram missing',
        value: { ...entityType, showOrganigram: undefined },
        path: ['showOrganigram'],
      },
      {
        why: 'foreignEntityType as text',
        value: { ...entityType, foreignEntityType: 'false' },
        path: ['foreignEntityType'],
      },
    ],
  },
  TrustRelatedPartyTypeSchema: {
    valid: [
      { id: 1, name: 'Founder' },
      { id: 2, name: 'Trustee', active: true },
    ],
    invalid: [{ why: 'id as text', value: { id: '1', name: 'Founder' }, path: ['id'] }],
  },
  EntityDocGroupSchema: {
    valid: [entityDocGroup],
    invalid: [
      {
        why: 'individual-style field name instead of requiredHighRisk',
        value: { ...entityDocGroup, requiredHighRisk: undefined, highRiskRequired: true },
        path: ['requiredHighRisk'],
      },
    ],
  },
  IndividualDocGroupSchema: {
    valid: [individualDocGroup],
    invalid: [
      {
        why: 'entity-style field name instead of lowRiskRequired',
        value: { ...individualDocGroup, lowRiskRequired: undefined, requiredLowRisk: true },
        path: ['lowRiskRequired'],
      },
    ],
  },
  EntityDocTypeSchema: {
    valid: [{ id: 11, docID: 3, name: 'Municipal bill' }],
    invalid: [{ why: 'docID missing', value: { id: 11, name: 'Municipal bill' }, path: ['docID'] }],
  },
  IndividualDocTypeSchema: {
    valid: [{ id: 21, docID: 7, name: 'Smart ID card', active: true }],
    invalid: [{ why: 'docID as text', value: { id: 21, docID: '7', name: 'x' }, path: ['docID'] }],
  },
  SimpleLookupSchema: {
    valid: [{ id: 1, name: 'Mining', active: true }],
    invalid: [{ why: 'active missing', value: { id: 1, name: 'Mining' }, path: ['active'] }],
  },
  CountrySchema: {
    valid: [country],
    invalid: [
      { why: 'alpha-3 code', value: { ...country, code: 'ZAF' }, path: ['code'] },
      { why: 'highRisk missing', value: { ...country, highRisk: undefined }, path: ['highRisk'] },
    ],
  },
  RiskSettingsSchema: {
    valid: [{}, { highFrom: 15 }, { mediumFrom: 8, highFrom: 15 }, { mediumFrom: null }],
    invalid: [
      {
        why: 'mediumFrom at or above highFrom',
        value: { mediumFrom: 15, highFrom: 15 },
        path: ['mediumFrom'],
      },
      { why: 'fractional highFrom', value: { highFrom: 14.5 }, path: ['highFrom'] },
    ],
  },
  PartnerSchema: {
    valid: [partner],
    invalid: [{ why: 'balance missing', value: { ...partner, balance: undefined }, path: ['balance'] }],
  },
  UserRoleSchema: {
    valid: ['capturer', 'reviewer', 'admin'],
    invalid: [{ why: 'unknown role', value: 'owner', path: [] }],
  },
  UserSchema: {
    valid: [user, { ...user, role: 'auditor' }],
    invalid: [{ why: 'id not a UUID', value: { ...user, id: 7 }, path: ['id'] }],
  },
  EntityTypeListSchema: {
    valid: [[], [entityType]],
    invalid: [{ why: 'item without name', value: [{ ...entityType, name: undefined }], path: [0, 'name'] }],
  },
  TrustRelatedPartyTypeListSchema: {
    valid: [[{ id: 1, name: 'Founder' }]],
    invalid: [{ why: 'not an array', value: { id: 1 }, path: [] }],
  },
  EntityDocGroupListSchema: {
    valid: [[entityDocGroup]],
    invalid: [{ why: 'an individual group', value: [individualDocGroup], path: [0, 'descriptionLowRisk'] }],
  },
  EntityDocTypeListSchema: {
    valid: [[{ id: 11, docID: 3, name: 'Municipal bill' }]],
    invalid: [{ why: 'item without docID', value: [{ id: 11, name: 'x' }], path: [0, 'docID'] }],
  },
  IndividualDocGroupListSchema: {
    valid: [[individualDocGroup]],
    invalid: [{ why: 'an entity group', value: [entityDocGroup], path: [0, 'lowRiskDescription'] }],
  },
  IndividualDocTypeListSchema: {
    valid: [[{ id: 21, docID: 7, name: 'Smart ID card' }]],
    invalid: [{ why: 'item without name', value: [{ id: 21, docID: 7 }], path: [0, 'name'] }],
  },
  SimpleLookupListSchema: {
    valid: [[{ id: 1, name: 'Monthly', active: true }]],
    invalid: [{ why: 'id zero', value: [{ id: 0, name: 'x', active: true }], path: [0, 'id'] }],
  },
  CountryListSchema: {
    valid: [[country]],
    invalid: [
      {
        why: 'country without code',
        value: [{ id: 1, name: 'x', active: true, highRisk: false }],
        path: [0, 'code'],
      },
    ],
  },
  UserListSchema: {
    valid: [[user]],
    invalid: [{ why: 'user without email', value: [{ ...user, email: undefined }], path: [0, 'email'] }],
  },
};
