import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareRegistration,
  readRegistrationCertificate,
} from '../../../shared/domain/registration-certificate.js';

const cor143 = (number: string, name: string) =>
  [
    'COMPANIES AND INTELLECTUAL PROPERTY COMMISSION',
    'Republic of South Africa',
    'Form CoR 14.3',
    'Registration Certificate',
    `Registration number: ${number}`,
    `Enterprise name: ${name}`,
    'Enterprise type: Private Company',
    'Date of incorporation: 02/03/2015',
  ].join('\n');

const ck1 = (number: string, name: string) =>
  [
    'Form CK1',
    'FOUNDING STATEMENT AND CERTIFICATE OF INCORPORATION OF CLOSE CORPORATION',
    'Registration number of corporation',
    `CK ${number}`,
    `1. Full name of corporation: ${name}`,
    '2. Postal address: PO Box 12, Rosebank, 2196',
  ].join('\n');

describe('a CIPC registration certificate read from its text', () => {
  it('reads the number and name of a CoR 14.3 and of a CK1', () => {
    expect(readRegistrationCertificate(cor143('2015/123456/07', 'ACME TRADING (PTY) LTD'))).toEqual({
      form: 'CoR 14.3',
      registrationNumber: '2015/123456/07',
      name: 'ACME TRADING (PTY) LTD',
    });
    expect(readRegistrationCertificate(ck1('1998/012345/23', 'UMOYA TRADING CC'))).toEqual({
      form: 'CK1',
      registrationNumber: '1998/012345/23',
      name: 'UMOYA TRADING CC',
    });
  });

  it('reads a number OCR spaced out or took a digit of for a letter', () => {
    expect(readRegistrationCertificate(cor143('2015 / l23456 / O7', 'Acme')).registrationNumber).toBe(
      '2015/123456/07',
    );
  });

  it('agrees with the entity whatever the spelling of the company form', () => {
    const read = readRegistrationCertificate(cor143('2015/123456/07', 'ACME TRADING PROPRIETARY LIMITED'));
    expect(compareRegistration({ name: 'Acme Trading (Pty) Ltd', number: '2015/123456/07' }, read)).toEqual({
      agrees: true,
      disagreements: [],
      unread: [],
    });
    const cc = readRegistrationCertificate(ck1('1998/012345/23', 'UMOYA TRADING CLOSE CORPORATION'));
    expect(compareRegistration({ name: 'Umoya Trading CC', number: 'CK1998/012345/23' }, cc).agrees).toBe(
      true,
    );
  });

  it('names each disagreement as the identity check does', () => {
    const read = readRegistrationCertificate(cor143('2015/123457/07', 'ACME TRADERS (PTY) LTD'));
    expect(compareRegistration({ name: 'Acme Trading (Pty) Ltd', number: '2015/123456/07' }, read)).toEqual({
      agrees: false,
      disagreements: [
        'Registration number: typed “2015/123456/07”, the certificate says “2015/123457/07”.',
        'Name: typed “Acme Trading (Pty) Ltd”, the certificate says “ACME TRADERS (PTY) LTD”.',
      ],
      unread: [],
    });
  });

  it('says what it could not read rather than guessing', () => {
    const read = readRegistrationCertificate('Registration Certificate\nsmudged');
    expect(read).toEqual({ form: 'CoR 14.3', registrationNumber: null, name: null });
    expect(compareRegistration({ name: 'Acme', number: '2015/123456/07' }, read)).toEqual({
      agrees: false,
      disagreements: [],
      unread: [
        'The registration number could not be read from the certificate.',
        'The name could not be read from the certificate.',
      ],
    });
  });

  it('finds the typed number whatever other numbers the certificate carries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2026 }),
        fc.integer({ min: 0, max: 999999 }),
        fc.integer({ min: 6, max: 30 }),
        fc.boolean(),
        (year, n, suffix, closeCorporation) => {
          const number = `${year}/${String(n).padStart(6, '0')}/${String(suffix).padStart(2, '0')}`;
          const text = closeCorporation ? ck1(number, 'Umoya CC') : cor143(number, 'Acme (Pty) Ltd');
          const read = readRegistrationCertificate(`Tax number 9123456789\n${text}\nPrinted 2026/03/15`);
          expect(read.registrationNumber).toBe(number);
        },
      ),
    );
  });
});
