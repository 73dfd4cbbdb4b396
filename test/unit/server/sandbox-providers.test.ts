// The simulated providers answer the magic values of contract §9, the same way every time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookupCompany } from '../../../server/providers/registry.js';
import { screenName } from '../../../server/providers/screening.js';
import { lookupConsumer } from '../../../server/providers/credit-bureau.js';
import { verifyBankAccount } from '../../../server/providers/bank.js';
import { makeSouthAfricanId } from '../../../shared/domain/sa-id.js';

describe('companies registry', () => {
  it('finds YYYY/NNNNNN/NN with (N mod 3) + 1 directors drawn from the number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1900, max: 2024 }), (n, year) => {
        const number = `${year}/${String(n).padStart(6, '0')}/07`;
        const answer = lookupCompany(number, 'Some Company');
        expect(answer.kind).toBe('found');
        if (answer.kind !== 'found') return;
        expect(answer.directors).toHaveLength((n % 3) + 1);
        expect(answer.commercialName).toBe('SOME COMPANY');
        expect(
          lookupCompany(number, 'Other').kind === 'found' && lookupCompany(number, 'Other'),
        ).toMatchObject({ directors: answer.directors });
      }),
    );
  });

  it('does not find the middle part 000000 and refuses other formats', () => {
    expect(lookupCompany('2015/000000/07', 'X').kind).toBe('not-found');
    for (const bad of ['2015/12345/07', '2015-123456-07', '', 'abc', '3015/123456/07'])
      expect(lookupCompany(bad, 'X').kind).toBe('invalid');
  });
});

describe('screening', () => {
  it('matches the magic words in any case and nothing else', () => {
    expect(screenName('ACME sanctioned imports').matchedNumber).toBe(1);
    expect(screenName('Mr Politician').matchedEntities[0]?.matchType).toBe('PEP');
    expect(screenName('adverse media co').webSearchResults).toHaveLength(1);
    expect(screenName('Sanctioned Politician Adverse')).toMatchObject({ matchedNumber: 2 });
    expect(screenName('Unsanctionedly Clean')).toMatchObject({ matchedNumber: 0, webSearchResults: [] });
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z ]{0,30}$/), (name) => {
        fc.pre(!/sanctioned|politician|adverse/i.test(name));
        expect(screenName(name)).toEqual({ matchedNumber: 0, matchedEntities: [], webSearchResults: [] });
      }),
    );
  });
});

describe('credit bureau and bank', () => {
  it('verifies valid ID numbers, does not find sequence 0000, refuses bad check digits', () => {
    const valid = makeSouthAfricanId({
      birthDate: '1980-01-01',
      gender: 'Male',
      citizenship: 'citizen',
      sequence: 9,
    });
    expect(lookupConsumer(valid)).toMatchObject({
      kind: 'verified',
      birthDate: '1980-01-01',
      gender: 'Male',
    });
    const unknown = makeSouthAfricanId({
      birthDate: '1980-01-01',
      gender: 'Female',
      citizenship: 'citizen',
      sequence: 0,
    });
    expect(lookupConsumer(unknown).kind).toBe('not-found');
    const last = Number(valid[12]);
    expect(lookupConsumer(`${valid.slice(0, 12)}${(last + 1) % 10}`).kind).toBe('invalid');
    expect(lookupConsumer('123').kind).toBe('invalid');
  });

  it('answers account numbers by their last digit', () => {
    expect(verifyBankAccount('1234560')).toMatchObject({
      verified: false,
      accountExists: true,
      holderMatches: false,
    });
    expect(verifyBankAccount('1234569')).toMatchObject({ verified: false, accountExists: false });
    expect(verifyBankAccount('1234561')).toMatchObject({
      verified: true,
      accountExists: true,
      accountOpen: true,
      holderMatches: true,
      acceptsDebits: true,
      acceptsCredits: true,
    });
  });
});
