import type { CaseTable } from './runner.js';

export const amlResult = {
  matchedNumber: 1,
  matchedEntities: [{ name: 'Sanctioned Holdings', matchType: 'sanction', score: 0.97, source: 'UN' }],
  webSearchResults: [],
};

export const screeningCases: CaseTable = {
  ScreeningMatchSchema: {
    valid: [
      {},
      { name: 'Adverse Person', matchType: 'adverse', url: 'https://news.example/x', providerId: 'abc' },
    ],
    invalid: [
      { why: 'score as text', value: { score: 'high' }, path: ['score'] },
      { why: 'not an object', value: 'Sanctioned Holdings', path: [] },
    ],
  },
  AmlScreeningResultSchema: {
    valid: [amlResult, { matchedNumber: 0, matchedEntities: [], webSearchResults: [] }],
    invalid: [
      {
        why: 'matchedNumber fractional',
        value: { ...amlResult, matchedNumber: 1.5 },
        path: ['matchedNumber'],
      },
      {
        why: 'webSearchResults missing',
        value: { matchedNumber: 0, matchedEntities: [] },
        path: ['webSearchResults'],
      },
    ],
  },
  SanctionsSearchResultsSchema: {
    valid: [{}, amlResult, { provider: 'x', matchedNumber: 0 }],
    invalid: [
      { why: 'matchedEntities not an array', value: { matchedEntities: {} }, path: ['matchedEntities'] },
      { why: 'negative matchedNumber', value: { matchedNumber: -1 }, path: ['matchedNumber'] },
    ],
  },
};
