import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareAddress } from '../../../shared/domain/document-address.js';

const typed = { lines: ['12 Acacia Street', 'Rosebank', 'Johannesburg'], postalCode: '2196' };

const bill = (address: string[]) =>
  [
    'CITY POWER JOHANNESBURG',
    'Tax invoice 0098123',
    'Account number 5012 3344 01',
    'Mr T Mokoena',
    ...address,
    'Statement date: 15 March 2026',
    'Amount due R 1 234.56',
  ].join('\n');

describe('the address on a proof of address against the one typed', () => {
  it('agrees with the same address however it is abbreviated, cased or broken into lines', () => {
    for (const address of [
      ['12 Acacia Street', 'Rosebank', 'Johannesburg', '2196'],
      ['12 ACACIA ST', 'ROSEBANK', 'JOHANNESBURG 2196'],
      ['12 Acacia St., Rosebank, Johannesburg, 2196'],
      ['12 Acacia Str', 'Rosebank Johannesburg', '2196'],
    ]) {
      const found = compareAddress(typed, bill(address));
      expect(found.differences, address.join(' / ')).toEqual([]);
      expect(found.agrees).toBe(true);
      expect(found.found?.join(', ')).toMatch(/12 Acacia/i);
    }
  });

  it('finds the address inside a lease’s sentence', () => {
    const lease =
      'The Landlord lets to the Tenant the premises situated at 12 Acacia Street, Rosebank, Johannesburg, 2196 ("the premises").';
    expect(compareAddress(typed, lease)).toMatchObject({ agrees: true, differences: [] });
    // As OCR gives it back: the sentence wrapped after the street number, blank lines between.
    const read =
      '1. The Landlord lets to the Tenant the premises situated at 12\n\nAcacia Street, Rosebank, Johannesburg, 2196.\n\n2. The lease commences on 15 April 2026 for twelve months.';
    expect(compareAddress(typed, read)).toEqual({
      agrees: true,
      found: ['12 Acacia Street', 'Rosebank', 'Johannesburg', '2196'],
      differences: [],
    });
    // Wrapped inside the street's name.
    const jan = { lines: ['45 Jan Smuts Avenue', 'Sea Point', 'Cape Town'], postalCode: '8005' };
    const wrapped =
      '1. The Landlord lets to the Tenant the premises situated at 45 Jan\nSmuts Avenue, Sea Point, Cape Town, 8005.';
    expect(compareAddress(jan, wrapped)).toMatchObject({
      agrees: true,
      found: ['45 Jan Smuts Avenue', 'Sea Point', 'Cape Town', '8005'],
    });
  });

  it('reads past a letter OCR got wrong', () => {
    expect(compareAddress(typed, bill(['12 Acacla Street', 'Rosebank', 'Johannesburq', '2196'])).agrees).toBe(
      true,
    );
  });

  it('says where the address differs: the street number, the postal code, a suburb', () => {
    expect(compareAddress(typed, bill(['21 Acacia Street', 'Rosebank', 'Johannesburg', '2196']))).toEqual({
      agrees: false,
      found: ['21 Acacia Street', 'Rosebank', 'Johannesburg', '2196'],
      differences: ['Street: typed “12 Acacia Street”, the document says “21 Acacia Street”.'],
    });
    expect(
      compareAddress(typed, bill(['12 Acacia Street', 'Rosebank', 'Johannesburg', '2195'])).differences,
    ).toEqual(['Postal code: typed “2196”, the document says “2195”.']);
    expect(
      compareAddress(typed, bill(['12 Acacia Street', 'Parkhurst', 'Johannesburg', '2196'])).differences,
    ).toEqual(['“Rosebank” (typed) is not in the document’s address.']);
  });

  it('says so when no address like the one typed is on the document', () => {
    const found = compareAddress(typed, 'Receipt\nThank you for your payment\nR 100.00');
    expect(found.agrees).toBe(false);
    expect(found.found).toBeNull();
    expect(found.differences).toEqual(['No address like the one typed was found on the document.']);
  });

  it('has nothing to compare when no address was typed', () => {
    expect(compareAddress({ lines: [], postalCode: '' }, bill(['12 Acacia Street']))).toMatchObject({
      agrees: true,
      differences: [],
    });
  });

  const streets = ['Acacia', 'Jan Smuts', 'Main', 'Oxford', 'Vilakazi', 'Church', 'Bree', 'Long'];
  const kinds: Array<[string, string[]]> = [
    ['Street', ['Street', 'St', 'ST.', 'Str']],
    ['Road', ['Road', 'Rd', 'RD']],
    ['Avenue', ['Avenue', 'Ave', 'Av']],
    ['Drive', ['Drive', 'Dr']],
  ];
  const suburbs = ['Rosebank', 'Soweto', 'Hatfield', 'Sea Point', 'Umhlanga', 'Braamfontein'];
  const towns = ['Johannesburg', 'Pretoria', 'Cape Town', 'Durban', 'Polokwane'];
  const addressArb = fc.record({
    number: fc.integer({ min: 1, max: 999 }),
    street: fc.constantFrom(...streets),
    kind: fc.constantFrom(...kinds),
    suburb: fc.constantFrom(...suburbs),
    town: fc.constantFrom(...towns),
    code: fc.integer({ min: 1, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    upper: fc.boolean(),
    oneLine: fc.boolean(),
    short: fc.integer({ min: 0, max: 3 }),
  });

  it('agrees with any address written in any of the usual ways', () => {
    fc.assert(
      fc.property(addressArb, (a) => {
        const mine = {
          lines: [`${a.number} ${a.street} ${a.kind[0]}`, a.suburb, a.town],
          postalCode: a.code,
        };
        const lines = [
          `${a.number} ${a.street} ${a.kind[1][a.short % a.kind[1].length]}`,
          a.suburb,
          a.town,
          a.code,
        ];
        const written = (a.oneLine ? [lines.join(', ')] : lines).map((l) => (a.upper ? l.toUpperCase() : l));
        expect(compareAddress(mine, bill(written)).differences).toEqual([]);
      }),
    );
  });

  it('finds the address in a lease’s sentence however its lines are wrapped', () => {
    fc.assert(
      fc.property(addressArb, fc.integer({ min: 1, max: 30 }), (a, cut) => {
        const mine = {
          lines: [`${a.number} ${a.street} ${a.kind[0]}`, a.suburb, a.town],
          postalCode: a.code,
        };
        const sentence = `1. The Landlord lets to the Tenant the premises situated at ${a.number} ${a.street} ${a.kind[0]}, ${a.suburb}, ${a.town}, ${a.code}.`;
        const words = sentence.split(' ');
        const at = Math.min(words.length - 1, 8 + (cut % (words.length - 8)));
        const wrapped = `${words.slice(0, at).join(' ')}\n${words.slice(at).join(' ')}\n2. The lease commences on 1 April 2026.`;
        expect(compareAddress(mine, wrapped).differences).toEqual([]);
      }),
    );
  });

  it('names the street whenever the street number differs', () => {
    fc.assert(
      fc.property(addressArb, fc.integer({ min: 1, max: 999 }), (a, other) => {
        fc.pre(other !== a.number);
        const mine = {
          lines: [`${a.number} ${a.street} ${a.kind[0]}`, a.suburb, a.town],
          postalCode: a.code,
        };
        const written = [`${other} ${a.street} ${a.kind[0]}`, a.suburb, a.town, a.code];
        const found = compareAddress(mine, bill(written));
        expect(found.agrees).toBe(false);
        expect(found.differences).toEqual([
          `Street: typed “${a.number} ${a.street} ${a.kind[0]}”, the document says “${other} ${a.street} ${a.kind[0]}”.`,
        ]);
      }),
    );
  });
});
