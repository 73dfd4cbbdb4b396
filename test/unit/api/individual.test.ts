import { describe, expect, it } from 'vitest';
import * as individual from '../../../shared/api/individual.js';
import {
  IndividualCreateRequestSchema,
  IndividualListQuerySchema,
  IndividualRecordSchema,
  PepSanctionsDecisionRequestSchema,
} from '../../../shared/api/individual.js';
import { PARTNER_ID, USER_ID } from './cases/ids.js';
import { individualCases, individualCreate, individualRecord } from './cases/individual.cases.js';
import { issuesOf, runCases } from './cases/runner.js';

runCases(individual, individualCases);

describe('IndividualCreateRequestSchema', () => {
  it('names idNumber when an SA citizen has none', () => {
    expect(
      issuesOf(IndividualCreateRequestSchema, { firstName: 'A', lastName: 'B', clientSACitizen: true }),
    ).toEqual([{ path: 'idNumber', message: 'idNumber is required when clientSACitizen is true' }]);
  });

  it('keeps transactionInconsistantReason and drops the corrected spelling', () => {
    const parsed = IndividualCreateRequestSchema.parse({
      ...individualCreate,
      transactionInconsistantReason: 'published',
      transactionInconsistentReason: 'corrected',
    });
    expect(parsed.transactionInconsistantReason).toBe('published');
    expect(parsed).not.toHaveProperty('transactionInconsistentReason');
  });
});

describe('PepSanctionsDecisionRequestSchema', () => {
  it('names clientForeignOfficialType when a foreign official has no type', () => {
    const body = {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: true,
      userID: USER_ID,
      partnerID: PARTNER_ID,
    };
    expect(issuesOf(PepSanctionsDecisionRequestSchema, body)).toEqual([
      {
        path: 'clientForeignOfficialType',
        message: 'clientForeignOfficialType is required when clientForeignOfficial is true',
      },
    ]);
  });
});

describe('IndividualListQuerySchema', () => {
  it('defaults the page and keeps day filters as given', () => {
    expect(IndividualListQuerySchema.parse({ lastUpdated: '2025-03-02', riskDescription: 'High' })).toEqual({
      take: 50,
      skip: 0,
      lastUpdated: '2025-03-02',
      riskDescription: 'High',
    });
  });
});

describe('IndividualRecordSchema', () => {
  it('keeps unknown fields and defaults documents', () => {
    const parsed = IndividualRecordSchema.parse({
      ...individualRecord,
      documents: undefined,
      bankVerified: true,
    });
    expect(parsed.documents).toEqual([]);
    expect(parsed).toHaveProperty('bankVerified', true);
  });
});
