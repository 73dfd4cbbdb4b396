// Identity documents read at the desk: a smart ID card's PDF417 barcode and machine-readable zones
// (passports TD3, ID cards TD1 and TD2), clean and photographed-looking, then compared with what
// staff typed. OCR is CPU-heavy: its tests get timeouts sized for a loaded two-core machine.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readIdentityDocument,
  readIdentityForScreen,
} from '../../../electron/core/capture/identity/read-identity.js';
import { readingOf, stopMrzReader } from '../../../electron/core/capture/identity/read-mrz.js';
import {
  compareIdentity,
  invalidSmartIdNumber,
  parseSmartIdBarcode,
  type IdentityReading,
  type TypedIdentity,
} from '../../../shared/domain/identity-document.js';
import { makeSouthAfricanId } from '../../../shared/domain/sa-id.js';
import {
  mrzDocumentPage,
  mrzLines,
  passportMrz,
  passportPage,
  photographed,
  smartIdBack,
  smartIdBackWithZone,
  smartIdBarcodeText,
  type CardHolder,
  type MrzDocument,
  vanDerMerwePassport,
} from '../../support/identity-fixtures.js';
import { sharpPage } from '../../support/page-fixtures.js';
import { CPU_HEAVIEST } from '../../support/timeouts.js';

const sure = (lines: string[]) => lines.map((l) => [...l].map(() => 100));

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
/** Thabo's smart ID card as its machine-readable zone (TD1) says it, his ID number in the optional field. */
const thabosCard: MrzDocument = {
  format: 'TD1',
  code: 'ID',
  issuer: 'ZAF',
  surname: 'Mokoena',
  names: 'Thabo John',
  number: '123456789',
  nationality: 'ZAF',
  birth: '800101',
  sex: 'M',
  expiry: '300505',
  optional: thabo.idNumber,
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
  it(
    'is read from a flat scan of the back of the card',
    async () => {
      expect(await readIdentityDocument(await smartIdBack(thabo))).toEqual({
        reading: {
          source: 'smart-id-barcode',
          surname: 'Mokoena',
          names: 'Thabo John',
          idNumber: thabo.idNumber,
          documentNumber: null,
          nationality: 'RSA',
          dateOfBirth: '1980-01-01',
          gender: 'Male',
          expiry: null,
          issuer: null,
          mrz: null,
        },
        strip: null,
        invalidIdNumber: null,
      });
    },
    CPU_HEAVIEST,
  );

  it(
    'is read from a 12 MP phone photo, turned, noisy and low in contrast',
    async () => {
      const { reading } = await readIdentityDocument(await photographed(await smartIdBack(thabo)));
      expect(reading).toMatchObject({ source: 'smart-id-barcode', idNumber: thabo.idNumber });
    },
    CPU_HEAVIEST,
  );

  it(
    'is preferred to the machine-readable zone on the same card, whose names it gives whole and exactly',
    async () => {
      const zone = mrzLines(thabosCard);
      // Turned further than the barcode reader tolerates: the zone says by how much.
      const photo = await photographed(await smartIdBackWithZone(thabo, zone), 5);
      expect((await readIdentityDocument(photo)).reading).toMatchObject({
        source: 'smart-id-barcode',
        names: 'Thabo John',
        idNumber: thabo.idNumber,
      });
    },
    CPU_HEAVIEST,
  );

  it('is not taken from a barcode whose ID number fails its check digit', () => {
    const idNumber = `${thabo.idNumber.slice(0, 12)}${(Number(thabo.idNumber[12]) + 1) % 10}`;
    const text = smartIdBarcodeText({ ...thabo, idNumber });
    expect(parseSmartIdBarcode(text)).toBeNull();
    expect(invalidSmartIdNumber(text)).toMatchObject({ idNumber });
    expect(invalidSmartIdNumber('a parcel label|with|fields')).toBeNull();
  });

  it(
    'says the ID number on the card is not valid when its check digit fails, not that nothing was read',
    async () => {
      const idNumber = `${thabo.idNumber.slice(0, 12)}${(Number(thabo.idNumber[12]) + 1) % 10}`;
      const image = await smartIdBack({ ...thabo, idNumber });
      const answer = await readIdentityForScreen(image, readIdentityDocument);
      expect(answer.reading).toBeNull();
      expect(answer.message).toBe(
        `The smart ID card’s barcode was read, but the ID number on the card, ${idNumber}, is not a valid South African ID number. Its check digit (the last digit) does not match. Check the card itself: a genuine card’s number is always valid.`,
      );
    },
    CPU_HEAVIEST,
  );

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

describe('machine-readable zones', () => {
  it(
    'is read by OCR from a passport photo page, with the zone as a small picture',
    async () => {
      const { reading, strip } = await readIdentityDocument(await passportPage(priya));
      expect(reading).toMatchObject({
        source: 'passport-mrz',
        surname: 'Naidoo',
        names: 'Priya Devi',
        idNumber: null,
        documentNumber: 'A12345678',
        nationality: 'ZAF',
        dateOfBirth: '1990-02-03',
        gender: 'Female',
        expiry: '2031-01-01',
        issuer: 'ZAF',
        mrz: { format: 'TD3', lines: passportMrz(priya), nameCertain: true },
      });
      // A PNG, small enough to send to the screen with the reading.
      expect([...strip!.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      expect(strip!.byteLength).toBeLessThan(64 * 1024);
    },
    CPU_HEAVIEST,
  );

  it(
    'is read from a photographed page turned by 10°',
    async () => {
      const { reading } = await readIdentityDocument(await photographed(await passportPage(priya), -10));
      expect(reading).toMatchObject({
        source: 'passport-mrz',
        documentNumber: 'A12345678',
        surname: 'Naidoo',
      });
    },
    CPU_HEAVIEST,
  );

  it(
    'reads an identity card’s three lines (TD1), with a South African card’s ID number',
    async () => {
      const { reading } = await readIdentityDocument(await mrzDocumentPage(thabosCard));
      expect(reading).toMatchObject({
        source: 'id-card-mrz',
        surname: 'Mokoena',
        names: 'Thabo John',
        idNumber: thabo.idNumber,
        documentNumber: '123456789',
        mrz: { format: 'TD1', lines: mrzLines(thabosCard) },
      });
    },
    CPU_HEAVIEST,
  );

  it('parses the fields of TD1, TD2 and TD3 lines', async () => {
    for (const format of ['TD1', 'TD2', 'TD3'] as const) {
      const lines = mrzLines({ ...vanDerMerwePassport, format, code: format === 'TD3' ? 'P<' : 'I<' });
      expect(await readingOf(lines, sure(lines), TODAY)).toMatchObject({
        source: format === 'TD3' ? 'passport-mrz' : 'id-card-mrz',
        surname: 'Van Der Merwe',
        names: 'Anna Maria',
        documentNumber: 'X1234567',
        nationality: 'NAM',
        issuer: 'NAM',
        dateOfBirth: '1975-06-15',
        gender: 'Female',
        expiry: '2029-01-01',
        mrz: { format, nameCertain: true },
      });
    }
  });

  it('refuses lines whose check digits fail', async () => {
    const [l1, l2] = passportMrz(priya);
    const lines = [l1, l2.replace('A12345678', 'A12345679')];
    expect(await readingOf(lines, sure(lines), TODAY)).toBeNull();
  });

  it(
    'does not offer a name in one click when a character of it is worn, and marks that character',
    async () => {
      // Worn at its foot, the I of NAIDOO looks like a T: the OCR reads a T, surely.
      for (const at of [2, 5, 8]) {
        const worn = await mrzDocumentPage({ ...priya, format: 'TD3', code: 'P<', issuer: 'ZAF' }, at);
        const { reading, strip } = await readIdentityDocument(worn);
        expect(reading).toMatchObject({ documentNumber: 'A12345678', mrz: { nameCertain: false } });
        expect(reading!.mrz!.certain[0]![5 + at]).toBe(false);
        expect(strip).not.toBeNull();
      }
    },
    CPU_HEAVIEST,
  );

  it(
    'does not offer a name in one click when the LSTM reads a clean letter surely as another',
    async () => {
      // On this clean page the LSTM reads the I of MARIA as a T, surely, from the binarised and the
      // grey picture alike; the shape classifier reads an I. The I is marked and the name is asked.
      const page = await mrzDocumentPage(vanDerMerwePassport);
      const { reading } = await readIdentityDocument(page);
      expect(reading).toMatchObject({ documentNumber: 'X1234567', mrz: { nameCertain: false } });
      const at = reading!.mrz!.lines[0]!.indexOf('MAR') + 3;
      expect(reading!.mrz!.certain[0]![at]).toBe(false);
      expect(reading!.names).not.toBe('Anna Marta');
    },
    CPU_HEAVIEST,
  );

  it(
    'finds nothing on a page that is neither',
    async () => {
      expect(await readIdentityDocument(await sharpPage())).toEqual({
        reading: null,
        strip: null,
        invalidIdNumber: null,
      });
    },
    CPU_HEAVIEST,
  );
});

describe('what the document says against what was typed', () => {
  const card = parseSmartIdBarcode(smartIdBarcodeText(thabo))!;
  const blank: TypedIdentity = {
    firstName: '',
    lastName: '',
    citizen: true,
    idNumber: '',
    passportNumber: '',
    passportCountry: '',
  };
  const zafLines = passportMrz(priya);
  let zafPassport: IdentityReading;
  beforeAll(async () => {
    zafPassport = (await readingOf(zafLines, sure(zafLines), TODAY))!;
  });

  it('offers every empty field the document can fill, and overwrites nothing', () => {
    const result = compareIdentity(card, { ...blank, lastName: 'Mokoena' }, '2026-11-24');
    expect(result.fills).toEqual([
      { field: 'firstName', label: 'First name', value: 'Thabo John', shown: 'Thabo John' },
      { field: 'idNumber', label: 'ID number', value: thabo.idNumber, shown: thabo.idNumber },
    ]);
    expect(result.disagreements).toEqual([]);
    expect(result.citizenship).toBeNull();
  });

  it('accepts a first name that is one of the given names', () => {
    const typed = { ...blank, firstName: 'thabo', lastName: 'MOKOENA', idNumber: thabo.idNumber };
    expect(compareIdentity(card, typed, '2026-11-24')).toEqual({
      fills: [],
      conflicts: [],
      disagreements: [],
      citizenship: null,
      nameUnsure: false,
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

  it('fills a citizen’s passport fields from a South African passport, and keeps the typed ID number and the answer', () => {
    const idNumber = makeSouthAfricanId({
      birthDate: '1990-02-03',
      gender: 'Female',
      citizenship: 'citizen',
      sequence: 7,
    });
    const typed = { ...blank, firstName: 'Priya', lastName: 'Naidoo', idNumber };
    const result = compareIdentity(zafPassport, typed, '2026-11-24');
    expect(result.fills).toEqual([
      { field: 'passportNumber', label: 'Passport number', value: 'A12345678', shown: 'A12345678' },
      { field: 'passportCountry', label: 'Passport country', value: 'ZA', shown: 'ZAF' },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.citizenship).toBeNull();
  });

  it('never fills an ID number into a form that says the person is not a citizen: it asks', () => {
    const result = compareIdentity(card, { ...blank, citizen: false }, '2026-11-24');
    expect(result.fills.map((f) => f.field)).toEqual(['firstName', 'lastName']);
    expect(result.citizenship).toEqual({
      citizen: true,
      reason: `The document carries the South African ID number ${thabo.idNumber}, and the form says the person is not a South African citizen.`,
    });
    const passport = compareIdentity(zafPassport, { ...blank, citizen: false }, '2026-11-24');
    expect(passport.citizenship?.citizen).toBe(true);
    expect(passport.fills.map((f) => f.field)).toContain('passportNumber');
  });

  it('asks, and changes nothing, when a citizen shows a foreign passport', async () => {
    const lines = passportMrz({ ...priya, nationality: 'GBR' });
    const foreign = (await readingOf(lines, sure(lines), TODAY))!;
    const result = compareIdentity(foreign, blank, '2026-11-24');
    expect(result.citizenship?.citizen).toBe(false);
    expect(result.fills.find((f) => f.field === 'passportCountry')).toMatchObject({ value: 'GB' });
  });

  it('offers no passport country the country list does not have', () => {
    const result = compareIdentity(zafPassport, blank, '2026-11-24', (code) => code !== 'ZA');
    expect(result.fills.map((f) => f.field)).not.toContain('passportCountry');
  });

  it('says a name read with low confidence must be compared with the strip', () => {
    const unsure: IdentityReading = { ...zafPassport, mrz: { ...zafPassport.mrz!, nameCertain: false } };
    expect(compareIdentity(unsure, blank, '2026-11-24').nameUnsure).toBe(true);
    expect(compareIdentity(zafPassport, blank, '2026-11-24').nameUnsure).toBe(false);
  });

  it('says when a passport has expired, and when its date of birth disagrees with the typed ID number', () => {
    const passport: IdentityReading = { ...zafPassport, expiry: '2025-01-01' };
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
