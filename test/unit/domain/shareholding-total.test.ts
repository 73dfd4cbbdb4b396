import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareholdingSummary } from '../../../shared/domain/shareholding.js';

describe('path A shareholding total', () => {
  it('refuses 60 % + 60 % in plain words', () => {
    const summary = shareholdingSummary([
      { name: 'Ann Half', percentage: '60' },
      { name: 'Ben Half', percentage: '60' },
    ]);
    expect(summary.total).toBe(120);
    expect(summary.problem).toBe(
      'The shareholders together hold 120 % (60 % + 60 %), more than 100 %. Correct the percentages before confirming the shareholding.',
    );
  });

  it('names the total an owner being saved would make', () => {
    expect(
      shareholdingSummary(
        [
          { name: 'Ann', percentage: '70' },
          { name: 'Ben', percentage: '45' },
        ],
        'save',
      ).problem,
    ).toBe('The shareholders would together hold 115 % (70 % + 45 %), more than 100 %.');
  });

  it('accepts thirds written to four decimals and people without shares', () => {
    const summary = shareholdingSummary([
      { name: 'A', percentage: '33.3333' },
      { name: 'B', percentage: '33.3333' },
      { name: 'C', percentage: '33.3334' },
      { name: 'Director only', percentage: undefined },
    ]);
    expect(summary).toMatchObject({ total: 100, problem: null });
    expect(summary.holders.map((h) => h.name)).toEqual(['A', 'B', 'C']);
  });

  it('refuses exactly when the sum of the percentages is over 100', () => {
    const share = fc.integer({ min: 0, max: 1_000_000 }).map((units) => (units / 10_000).toFixed(4));
    fc.assert(
      fc.property(fc.array(share, { maxLength: 6 }), (shares) => {
        const units = shares.reduce((s, p) => s + Math.round(Number(p) * 10_000), 0);
        const people = shares.map((percentage, i) => ({ name: `P${i}`, percentage }));
        // The same rule when an owner is saved and when the shareholding is confirmed.
        expect(shareholdingSummary(people).problem !== null).toBe(units > 1_000_000);
        expect(shareholdingSummary(people, 'save').problem !== null).toBe(units > 1_000_000);
      }),
    );
  });
});
