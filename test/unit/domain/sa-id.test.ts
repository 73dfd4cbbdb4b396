import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidSouthAfricanId,
  luhnCheckDigit,
  makeSouthAfricanId,
  parseSouthAfricanId,
} from '../../../shared/domain/sa-id.js';

const today = new Date('2026-11-21T12:00:00Z');

describe('South African ID number', () => {
  it('reads a known valid number', () => {
    expect(parseSouthAfricanId('8001015009087', today)).toEqual({
      ok: true,
      birthDate: '1980-01-01',
      gender: 'Male',
      citizenship: 'citizen',
    });
    expect(luhnCheckDigit('800101500908')).toBe(7);
  });

  it('picks the century so nobody is born in the future', () => {
    const young = makeSouthAfricanId({ birthDate: '2010-05-17', gender: 'Female', citizenship: 'citizen' });
    expect(parseSouthAfricanId(young, today)).toMatchObject({
      ok: true,
      birthDate: '2010-05-17',
      gender: 'Female',
    });
    const old = makeSouthAfricanId({
      birthDate: '1927-12-01',
      gender: 'Male',
      citizenship: 'permanent resident',
    });
    expect(parseSouthAfricanId(old, today)).toMatchObject({
      ok: true,
      birthDate: '1927-12-01',
      citizenship: 'permanent resident',
    });
    // Born 2026-11-22 would be tomorrow: read as 1926.
    const tomorrow = makeSouthAfricanId({ birthDate: '1926-11-22', gender: 'Male', citizenship: 'citizen' });
    expect(parseSouthAfricanId(tomorrow, today)).toMatchObject({ ok: true, birthDate: '1926-11-22' });
  });

  it('accepts 29 February only in leap years', () => {
    expect(
      parseSouthAfricanId(
        makeSouthAfricanId({ birthDate: '2000-02-29', gender: 'Male', citizenship: 'citizen' }),
        today,
      ),
    ).toMatchObject({
      ok: true,
      birthDate: '2000-02-29',
    });
    const first12 = '010229' + '5001' + '08';
    const notLeap = first12 + String(luhnCheckDigit(first12));
    expect(parseSouthAfricanId(notLeap, today)).toEqual({
      ok: false,
      reason: 'The first six digits (010229) are not a date of birth',
    });
  });

  it('refuses wrong length, letters, a bad citizenship digit and a bad check digit', () => {
    expect(parseSouthAfricanId('800101500908', today).ok).toBe(false);
    expect(parseSouthAfricanId('80010150090871', today).ok).toBe(false);
    expect(parseSouthAfricanId('80010150O9087', today).ok).toBe(false);
    const first12 = '800101500928';
    expect(parseSouthAfricanId(first12 + String(luhnCheckDigit(first12)), today)).toEqual({
      ok: false,
      reason: 'The 11th digit must be 0 (citizen) or 1 (permanent resident)',
    });
    expect(parseSouthAfricanId('8001015009086', today)).toMatchObject({ ok: false });
    expect(isValidSouthAfricanId('8013015009087', today)).toBe(false);
  });

  const birthDate = fc
    .date({
      min: new Date('1927-11-22T00:00:00Z'),
      max: new Date('2026-11-21T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const idInput = fc.record({
    birthDate,
    gender: fc.constantFrom('Female' as const, 'Male' as const),
    citizenship: fc.constantFrom('citizen' as const, 'permanent resident' as const),
    sequence: fc.integer({ min: 0, max: 4999 }),
    aDigit: fc.integer({ min: 0, max: 9 }),
  });

  it('parses every generated number back to its birth date, gender and citizenship', () => {
    fc.assert(
      fc.property(idInput, (input) => {
        const id = makeSouthAfricanId(input);
        expect(id).toMatch(/^\d{13}$/);
        expect(parseSouthAfricanId(id, today)).toEqual({
          ok: true,
          birthDate: input.birthDate,
          gender: input.gender,
          citizenship: input.citizenship,
        });
      }),
    );
  });

  it('refuses every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        idInput,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (input, pos, delta) => {
          const id = makeSouthAfricanId(input);
          const changed = (Number(id[pos]) + delta) % 10;
          const typo = id.slice(0, pos) + String(changed) + id.slice(pos + 1);
          expect(isValidSouthAfricanId(typo, today)).toBe(false);
        },
      ),
    );
  });
});
