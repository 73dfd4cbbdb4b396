// Identity documents read at the desk: a smart ID card's PDF417 barcode and a passport's MRZ, clean
// and photographed-looking, then compared with what staff typed.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readIdentityDocument } from '../../../electron/core/capture/identity/read-identity.js';
import { mrzReading, stopMrzReader } from '../../../electron/core/capture/identity/read-mrz.js';
import {
  compareIdentity,
  parseSmartIdBarcode,
  type IdentityReading,
} from '../../../shared/domain/identity-document.js';
import { makeSouthAfricanId } from '../../../shared/domain/sa-id.js';
import {
  passportMrz,
  passportPage,
  photographed,
  smartIdBack,
  smartIdBarcodeText,
  type CardHolder,
} from '../../support/identity-fixtures.js';
import { sharpPage } from '../../support/page-fixtures.js';
import { CPU_HEAVIEST, CPU_HEAVY } from '../../support/timeouts.js';

const thabo: CardHolder = {
  surname: 'Mokoena',
  names: 'Thabo John',
  idNumber: makeSouthAfricanId({
    birthDate: '1980-01-01',
    gender: 'Male',
    citizenship: 'citizen',
    sequence: 900,
  }),
  sex: 'M',
  born: '01 Jan 1980',
};
const priya = {
  surname: 'Naidoo',
  names: 'Priya Devi',
  number: 'A12345678',
  nationality: 'ZAF',
  birth: '900203',
  sex: 'F' as const,
  expiry: '310101',
};
const TODAY = new Date('2026-11-24T00:00:00Z');

afterAll(() => stopMrzReader());

describe('smart ID card barcode', () => {
  it('is read from a flat scan of the back of the card', { timeout: CPU_HEAVY }, async () => {
    expect(await readIdentityDocument(await smartIdBack(thabo))).toEqual({
      source: 'smart-id-barcode',
      surname: 'Mokoena',
      names: 'Thabo John',
      idNumber: thabo.idNumber,
      documentNumber: null,
      nationality: 'RSA',
      dateOfBirth: '1980-01-01',
      gender: 'Male',
      expiry: null,
    });
  });

  it(
    'is read from a 12 MP phone photo, turned, noisy and low in contrast',
    { timeout: CPU_HEAVIEST },
    async () => {
      const reading = await readIdentityDocument(await photographed(await smartIdBack(thabo)));
      expect(reading).toMatchObject({ source: 'smart-id-barcode', idNumber: thabo.idNumber });
    },
  );

  it('is not taken from a barcode whose ID number fails its check digit', () => {
    const text = smartIdBarcodeText({
      ...thabo,
      idNumber: `${thabo.idNumber.slice(0, 12)}${(Number(thabo.idNumber[12]) + 1) % 10}`,
    });
    expect(parseSmartIdBarcode(text)).toBeNull();
  });

  it('gives every generated valid ID number back with its date of birth', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1930-01-01'), max: new Date('2008-12-31'), noInvalidDate: true }),
        fc.constantFrom<'Male' | 'Female'>('Male', 'Female'),
        fc.integer({ min: 0, max: 4999 }),
        (born, gender, sequence) => {
          const birthDate = born.toISOString().slice(0, 10);
          const idNumber = makeSouthAfricanId({ birthDate, gender, citizenship: 'citizen', sequence });
          const reading = parseSmartIdBarcode(`DOE|JANE|${gender[0]}|RSA|${idNumber}|x|RSA|CITIZEN|`);
          expect(reading).toMatchObject({ idNumber, dateOfBirth: birthDate, gender });
        },
      ),
    );
  });
});

describe('passport machine-readable zone', () => {
  it('is read by OCR from a passport photo page', { timeout: CPU_HEAVIEST }, async () => {
    expect(await readIdentityDocument(await passportPage(priya))).toEqual({
      source: 'passport-mrz',
      surname: 'Naidoo',
      names: 'Priya Devi',
      idNumber: null,
      documentNumber: 'A12345678',
      nationality: 'ZAF',
      dateOfBirth: '1990-02-03',
      gender: 'Female',
      expiry: '2031-01-01',
    });
  });

  it('is read from a photographed page held slightly askew', { timeout: CPU_HEAVIEST }, async () => {
    const reading = await readIdentityDocument(await photographed(await passportPage(priya), 1.5));
    expect(reading).toMatchObject({ source: 'passport-mrz', documentNumber: 'A12345678' });
  });

  it('mends filler the OCR miscounted, and refuses lines whose check digits fail', async () => {
    const [l1, l2] = passportMrz(priya);
    const miscounted = `${l1.replace('<<<<', '<<<')}\n${l2.replace('<<<<', '<<<<<')}`;
    expect(await mrzReading(miscounted, TODAY)).toMatchObject({ documentNumber: 'A12345678' });
    expect(await mrzReading(`${l1}\n${l2.replace('A12345678', 'A12345679')}`, TODAY)).toBeNull();
  });

  it('finds nothing on a page that is neither', { timeout: CPU_HEAVIEST }, async () => {
    expect(await readIdentityDocument(await sharpPage())).toBeNull();
  });
});

describe('what the document says against what was typed', () => {
  const card = parseSmartIdBarcode(smartIdBarcodeText(thabo))!;
  const blank = { firstName: '', lastName: '', idNumber: '', passportNumber: '' };

  it('offers every empty field the document can fill, and overwrites nothing', () => {
    const result = compareIdentity(card, { ...blank, lastName: 'Mokoena' }, '2026-11-24');
    expect(result.fills).toEqual([
      { field: 'firstName', label: 'First name', value: 'Thabo John' },
      { field: 'idNumber', label: 'ID number', value: thabo.idNumber },
    ]);
    expect(result.disagreements).toEqual([]);
  });

  it('accepts a first name that is one of the given names', () => {
    const typed = { ...blank, firstName: 'thabo', lastName: 'MOKOENA', idNumber: thabo.idNumber };
    expect(compareIdentity(card, typed, '2026-11-24')).toEqual({
      fills: [],
      conflicts: [],
      disagreements: [],
    });
  });

  it('names each disagreement with both values', () => {
    const typed = { ...blank, firstName: 'Sipho', lastName: 'Mokoena', idNumber: '9002030100082' };
    expect(compareIdentity(card, typed, '2026-11-24').disagreements).toEqual([
      'First name: typed “Sipho”, the document says “Thabo John”.',
      `ID number: typed “9002030100082”, the document says “${thabo.idNumber}”.`,
    ]);
  });

  it('says when a card’s printed date of birth disagrees with its ID number', () => {
    const forged: IdentityReading = { ...card, dateOfBirth: '1981-01-01' };
    expect(compareIdentity(forged, blank, '2026-11-24').disagreements).toEqual([
      `Date of birth: the document says 1981-01-01, its ID number says 1980-01-01.`,
    ]);
  });

  it('says when a passport has expired, and when its date of birth disagrees with the typed ID number', () => {
    const passport: IdentityReading = {
      source: 'passport-mrz',
      surname: 'Naidoo',
      names: 'Priya',
      idNumber: null,
      documentNumber: 'A1',
      nationality: 'ZAF',
      dateOfBirth: '1990-02-03',
      gender: 'Female',
      expiry: '2025-01-01',
    };
    const typed = {
      ...blank,
      idNumber: makeSouthAfricanId({
        birthDate: '1991-02-03',
        gender: 'Female',
        citizenship: 'citizen',
        sequence: 1,
      }),
    };
    expect(compareIdentity(passport, typed, '2026-11-24').disagreements).toEqual([
      'Date of birth: the typed ID number says 1991-02-03, the document says 1990-02-03.',
      'The passport expired on 2025-01-01: it cannot serve as proof of identity.',
    ]);
  });
});
