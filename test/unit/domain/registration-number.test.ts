import { describe, expect, it } from 'vitest';
import { parseCompanyRegistrationNumber } from '../../../shared/domain/registration-number.js';

const today = new Date('2026-11-21T12:00:00Z');

describe('company registration number', () => {
  it('reads year, number and suffix, keeping leading zeros', () => {
    expect(parseCompanyRegistrationNumber('2015/123456/07', today)).toEqual({
      ok: true,
      year: 2015,
      number: '123456',
      suffix: '07',
    });
    expect(parseCompanyRegistrationNumber('1999/000000/23', today)).toMatchObject({
      ok: true,
      number: '000000',
    });
  });

  it('refuses other formats with the expected form in the reason', () => {
    for (const bad of [
      '2015/12345/07',
      '2015-123456-07',
      '15/123456/07',
      '2015/123456/7',
      '',
      'K2015/123456/07',
    ]) {
      const r = parseCompanyRegistrationNumber(bad, today);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toContain('YYYY/NNNNNN/NN');
    }
  });

  it('refuses years before 1800 or after this year', () => {
    expect(parseCompanyRegistrationNumber('1799/123456/07', today).ok).toBe(false);
    expect(parseCompanyRegistrationNumber('2027/123456/07', today)).toEqual({
      ok: false,
      reason: 'The year of registration must be from 1800 to 2026',
    });
    expect(parseCompanyRegistrationNumber('2026/123456/07', today).ok).toBe(true);
  });
});
