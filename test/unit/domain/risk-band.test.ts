import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bandFromScore,
  personBand,
  personRiskReason,
  validateRiskSettings,
} from '../../../shared/domain/risk.js';

const RANK = { 'Low Risk': 0, 'Medium Risk': 1, 'High Risk': 2 } as const;

describe('band from score', () => {
  it('is Low from 1 to 14 and High from 15 with default settings', () => {
    expect(bandFromScore(1)).toBe('Low Risk');
    expect(bandFromScore(14)).toBe('Low Risk');
    expect(bandFromScore(15)).toBe('High Risk');
    expect(bandFromScore(40)).toBe('High Risk');
  });

  it('never gives Medium when the partner defines no medium range', () => {
    expect(bandFromScore(12, { mediumFrom: null })).toBe('Low Risk');
    expect(bandFromScore(12, {})).toBe('Low Risk');
  });

  it('gives Medium in [mediumFrom, highFrom) when the partner defines it', () => {
    const settings = { mediumFrom: 8, highFrom: 20 };
    expect(bandFromScore(7, settings)).toBe('Low Risk');
    expect(bandFromScore(8, settings)).toBe('Medium Risk');
    expect(bandFromScore(19, settings)).toBe('Medium Risk');
    expect(bandFromScore(20, settings)).toBe('High Risk');
  });

  it('moves the high threshold with highFrom', () => {
    expect(bandFromScore(15, { highFrom: 25 })).toBe('Low Risk');
    expect(bandFromScore(25, { highFrom: 25 })).toBe('High Risk');
  });

  it('refuses settings whose medium range does not start below high', () => {
    expect(validateRiskSettings({ mediumFrom: 15 })).toEqual({
      ok: false,
      errors: ['mediumFrom (15) must be below highFrom (15)'],
    });
    expect(validateRiskSettings({ mediumFrom: 0, highFrom: 10 }).ok).toBe(false);
    expect(validateRiskSettings({ highFrom: 2.5 }).ok).toBe(false);
    expect(validateRiskSettings({ mediumFrom: 10 })).toEqual({
      ok: true,
      settings: { mediumFrom: 10, highFrom: 15 },
    });
    expect(() => bandFromScore(3, { mediumFrom: 20, highFrom: 10 })).toThrow(RangeError);
  });

  it('is monotone: a higher score never gives a lower band, for any valid settings', () => {
    const settings = fc
      .record({
        highFrom: fc.integer({ min: 2, max: 60 }),
        withMedium: fc.boolean(),
        m: fc.integer({ min: 1, max: 59 }),
      })
      .map(({ highFrom, withMedium, m }) => ({
        highFrom,
        mediumFrom: withMedium ? Math.min(m, highFrom - 1) : null,
      }));
    fc.assert(
      fc.property(settings, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (s, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(RANK[bandFromScore(lo, s)]).toBeLessThanOrEqual(RANK[bandFromScore(hi, s)]);
      }),
    );
  });
});

describe('person band from the PEP review', () => {
  const medium = { mediumFrom: 8 };

  it('is High for adverse results or a foreign official', () => {
    expect(personBand({ adverse: true, foreignOfficial: false, saCitizen: true })).toBe('High Risk');
    expect(personBand({ adverse: false, foreignOfficial: true, saCitizen: true }, medium)).toBe('High Risk');
    expect(personBand({ adverse: true, foreignOfficial: false, saCitizen: false }, medium)).toBe('High Risk');
  });

  it('is Medium for a non-citizen only when the partner has a medium range', () => {
    const foreigner = { adverse: false, foreignOfficial: false, saCitizen: false };
    expect(personBand(foreigner, medium)).toBe('Medium Risk');
    expect(personBand(foreigner)).toBe('Low Risk');
  });

  it('is Low for a citizen without findings and says why', () => {
    const citizen = { adverse: false, foreignOfficial: false, saCitizen: true };
    expect(personBand(citizen, medium)).toBe('Low Risk');
    expect(personRiskReason(citizen)).toBe('Low Risk: South African citizen without adverse results');
    expect(personRiskReason({ adverse: true, foreignOfficial: true, saCitizen: true })).toBe(
      'High Risk: adverse screening results, foreign official',
    );
  });
});
