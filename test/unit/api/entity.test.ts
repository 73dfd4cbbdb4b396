import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as entity from '../../../shared/api/entity.js';
import {
  EntityDecisionRequestSchema,
  EntityListQuerySchema,
  EntityRecordSchema,
  KybRequestSchema,
  PdfReportResponseSchema,
} from '../../../shared/api/entity.js';
import { ONBOARDING_DECISIONS } from '../../../shared/api/common.js';
import { ENTITY_ID } from './cases/ids.js';
import { entityCases, entityCreateResponse, kyb } from './cases/entity.cases.js';
import { issuesOf, runCases } from './cases/runner.js';

runCases(entity, entityCases);

describe('KybRequestSchema', () => {
  it('keeps the published misspelling transactionInconsistantReason', () => {
    expect(KybRequestSchema.parse(kyb).transactionInconsistantReason).toBe('Seasonal peak');
  });

  it('does not take the corrected spelling transactionInconsistentReason as the published field', () => {
    const parsed = KybRequestSchema.parse({
      transactionConsistent: 'false',
      transactionInconsistentReason: 'x',
    });
    expect(parsed).not.toHaveProperty('transactionInconsistantReason');
    expect(parsed).not.toHaveProperty('transactionInconsistentReason');
  });
});

describe('EntityDecisionRequestSchema', () => {
  it('names the missing comment field in its message', () => {
    expect(issuesOf(EntityDecisionRequestSchema, { onboardingDecision: 'Declined' })).toEqual([
      {
        path: 'declinedComments',
        message: 'declinedComments is required when onboardingDecision is Declined',
      },
    ]);
    expect(issuesOf(EntityDecisionRequestSchema, { onboardingDecision: 'Refer' })).toEqual([
      { path: 'referComments', message: 'referComments is required when onboardingDecision is Refer' },
    ]);
  });

  it('requires the comment of the decision and only that one', () => {
    const comment = fc.option(fc.string({ minLength: 0, maxLength: 20 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.constantFrom(...ONBOARDING_DECISIONS),
        comment,
        comment,
        comment,
        (decision, approved, declined, refer) => {
          const ok = EntityDecisionRequestSchema.safeParse({
            onboardingDecision: decision,
            approvedComments: approved,
            declinedComments: declined,
            referComments: refer,
          }).success;
          const expected =
            decision === 'Declined' ? !!declined?.trim() : decision === 'Refer' ? !!refer?.trim() : true;
          expect(ok).toBe(expected);
        },
      ),
    );
  });
});

describe('EntityListQuerySchema', () => {
  it('defaults the page and keeps the filters', () => {
    expect(EntityListQuerySchema.parse({ clientReference: 'BR-1' })).toEqual({
      take: 50,
      skip: 0,
      clientReference: 'BR-1',
    });
  });
});

describe('EntityRecordSchema', () => {
  it('defaults documents and ubos to empty lists when the service omits them', () => {
    const record = EntityRecordSchema.parse({ ...entityCreateResponse, entityType: 1 });
    expect(record.documents).toEqual([]);
    expect(record.ubos).toEqual([]);
  });
});

describe('PdfReportResponseSchema', () => {
  it('accepts the filename pattern in either case', () => {
    const filename = `fica-report-${ENTITY_ID.toUpperCase()}.pdf`;
    expect(
      PdfReportResponseSchema.safeParse({ base64Content: 'JVBERi0=', mimeType: 'application/pdf', filename })
        .success,
    ).toBe(true);
  });
});
