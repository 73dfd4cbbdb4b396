import { describe, expect, it } from 'vitest';
import * as lookups from '../../../shared/api/lookups.js';
import { RiskSettingsSchema, USER_ROLES } from '../../../shared/api/lookups.js';
import { LOOKUPS, LOOKUP_NAMES, LOOKUP_PATHS } from '../../../shared/api/routes.js';
import { entityDocGroup, entityType, individualDocGroup, lookupsCases } from './cases/lookups.cases.js';
import { PARTNER_ID, USER_ID } from './cases/ids.js';
import { runCases } from './cases/runner.js';

runCases(lookups, lookupsCases);

describe('LOOKUPS', () => {
  it('maps all sixteen lookups to their paths under /api/v1/settings/', () => {
    expect(LOOKUP_PATHS).toEqual({
      entityTypes: '/api/v1/settings/entity-types',
      trustRelatedPartyTypes: '/api/v1/settings/trust-related-party-types',
      entityDocs: '/api/v1/settings/entity-docs',
      entityDocTypes: '/api/v1/settings/entity-doc-types',
      individualDocs: '/api/v1/settings/individual-docs',
      individualDocTypes: '/api/v1/settings/individual-doc-types',
      countries: '/api/v1/settings/countries',
      industries: '/api/v1/settings/industries',
      transactionFrequencies: '/api/v1/settings/transaction-frequencies',
      transactionTypes: '/api/v1/settings/transaction-types',
      fundingSources: '/api/v1/settings/funding-sources',
      sourcesOfWealth: '/api/v1/settings/sources-of-wealth',
      employmentStatuses: '/api/v1/settings/employment-statuses',
      foreignOfficialTypes: '/api/v1/settings/foreign-official-types',
      partner: '/api/v1/settings/partner',
      users: '/api/v1/settings/users',
    });
    expect(LOOKUP_NAMES).toHaveLength(16);
  });

  const samples: Record<keyof typeof LOOKUPS, unknown> = {
    entityTypes: [entityType],
    trustRelatedPartyTypes: [{ id: 1, name: 'Founder' }],
    entityDocs: [entityDocGroup],
    entityDocTypes: [{ id: 11, docID: 3, name: 'Municipal bill' }],
    individualDocs: [individualDocGroup],
    individualDocTypes: [{ id: 21, docID: 7, name: 'Smart ID card' }],
    countries: [{ id: 1, name: 'South Africa', active: true, code: 'ZA', highRisk: false }],
    industries: [{ id: 1, name: 'Mining', active: true }],
    transactionFrequencies: [{ id: 1, name: 'Monthly', active: true }],
    transactionTypes: [{ id: 1, name: 'EFT', active: true }],
    fundingSources: [{ id: 1, name: 'Salary', active: true }],
    sourcesOfWealth: [{ id: 1, name: 'Inheritance', active: true }],
    employmentStatuses: [{ id: 1, name: 'Employed', active: true }],
    foreignOfficialTypes: [{ id: 1, name: 'Head of state', active: true }],
    partner: { id: PARTNER_ID, name: 'Demo Bank', balance: 100, riskSettings: {} },
    users: [{ id: USER_ID, name: 'Rita', email: 'rita@example.com', role: 'reviewer' }],
  };

  it.each(LOOKUP_NAMES)('parses a sample answer of %s with its schema', (name) => {
    expect(LOOKUPS[name].answer.safeParse(samples[name]).success).toBe(true);
  });

  it.each(LOOKUP_NAMES.filter((n) => n !== 'partner'))('refuses a non-array answer of %s', (name) => {
    expect(LOOKUPS[name].answer.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('RiskSettingsSchema', () => {
  it('compares mediumFrom with the default highFrom of 15 when highFrom is absent', () => {
    expect(RiskSettingsSchema.safeParse({ mediumFrom: 14 }).success).toBe(true);
    const result = RiskSettingsSchema.safeParse({ mediumFrom: 15 });
    expect(result.error?.issues[0]?.message).toBe('mediumFrom must be below highFrom (15)');
  });
});

it('exports the three user roles', () => {
  expect(USER_ROLES).toEqual(['capturer', 'reviewer', 'admin']);
});
