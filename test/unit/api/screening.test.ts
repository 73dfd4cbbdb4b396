import { describe, expect, it } from 'vitest';
import * as screening from '../../../shared/api/screening.js';
import { AmlScreeningResultSchema, SanctionsSearchResultsSchema } from '../../../shared/api/screening.js';
import { amlResult, screeningCases } from './cases/screening.cases.js';
import { runCases } from './cases/runner.js';

runCases(screening, screeningCases);

describe('screening results', () => {
  it('reads an individual AML result and an entity sanctions result with one shape', () => {
    const aml = AmlScreeningResultSchema.parse(amlResult);
    const sanctions = SanctionsSearchResultsSchema.parse(amlResult);
    expect(sanctions.matchedEntities).toEqual(aml.matchedEntities);
  });

  it('keeps provider fields it does not name', () => {
    const parsed = AmlScreeningResultSchema.parse({
      ...amlResult,
      provider: 'x',
      matchedEntities: [{ name: 'A', listId: 'UN-1' }],
    });
    expect(parsed).toHaveProperty('provider', 'x');
    expect(parsed.matchedEntities[0]).toHaveProperty('listId', 'UN-1');
  });
});
