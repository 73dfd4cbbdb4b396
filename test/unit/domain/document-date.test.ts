import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentAge, findDocumentDate } from '../../../shared/domain/document-date.js';

const TODAY = '2026-06-20';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** Every way the fixtures and real bills write a date. */
const FORMATS: Array<(y: number, m: number, d: number) => string> = [
  (y, m, d) => `${d} ${MONTHS[m - 1]} ${y}`,
  (y, m, d) => `${pad(d)} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`,
  (y, m, d) => `${d} ${MONTHS[m - 1]!.slice(0, 3).toUpperCase()} ${y}`,
  (y, m, d) => `${pad(d)}-${MONTHS[m - 1]!.slice(0, 3)}-${y}`,
  (y, m, d) => `${MONTHS[m - 1]} ${d}, ${y}`,
  (y, m, d) => `${y}/${pad(m)}/${pad(d)}`,
  (y, m, d) => `${y}-${pad(m)}-${pad(d)}`,
  (y, m, d) => `${pad(d)}-${pad(m)}-${y}`,
  (y, m, d) => `${pad(d)}/${pad(m)}/${y}`,
  (y, m, d) => `${pad(d)}.${pad(m)}.${y}`,
];
const LABELS = [
  'Statement date',
  'Date of issue',
  'Issue date',
  'Invoice date',
  'Tax invoice date',
  'Bill date',
  'Date',
];

describe('the date of a proof of address', () => {
  it('reads the date in every usual format', () => {
    for (const text of [
      '15 March 2026',
      '15 Mar 2026',
      '15th March 2026',
      '15 MAR 2026',
      '15-Mar-2026',
      'March 15, 2026',
      '2026/03/15',
      '2026-03-15',
      '15-03-2026',
      '15/03/2026',
      '15.03.2026',
      '15 Maart 2026',
    ]) {
      expect(findDocumentDate(`Statement date: ${text}`, TODAY)?.date, text).toBe('2026-03-15');
    }
  });

  it('takes the labelled date over a due date, a birth date and transaction dates', () => {
    const statement = [
      'FIRST NATIONAL BANK',
      'Date of birth: 03/02/1990',
      'Statement date 2026/03/15',
      'Statement period 01/02/2026 to 28/02/2026',
      '02/02/2026 Card purchase 120.00',
      '27/02/2026 Salary 15 000.00',
      'Payment due date: 30 June 2026',
    ].join('\n');
    expect(findDocumentDate(statement, TODAY)).toMatchObject({
      date: '2026-03-15',
      label: 'Statement date',
    });
    expect(
      findDocumentDate('Tax invoice\nDate of issue\n15 March 2026\nDue date 05 April 2026', TODAY),
    ).toMatchObject({ date: '2026-03-15', label: 'Date of issue' });
  });

  it('reads the day a lease was signed', () => {
    const lease = 'LEASE AGREEMENT\nThus done and signed at Johannesburg on this 15th day of March 2026.';
    expect(findDocumentDate(lease, TODAY)?.date).toBe('2026-03-15');
  });

  it('without a label, takes the latest date that is not in the future', () => {
    const text = 'City of Johannesburg\n01/02/2026 reading\n28/02/2026 reading\nPay before 30/07/2026';
    expect(findDocumentDate(text, TODAY)?.date).toBe('2026-02-28');
  });

  it('finds no date where there is only a due date, a birth date or an impossible date', () => {
    expect(findDocumentDate('Due date: 30 June 2026\nDate of birth 1990-02-03', TODAY)).toBeNull();
    expect(findDocumentDate('Statement date 31/02/2026', TODAY)).toBeNull();
    expect(findDocumentDate('Account 1234 5678 9012', TODAY)).toBeNull();
  });

  it('reads digits that OCR took for letters', () => {
    expect(findDocumentDate('Statement date: 15 March 2O26', TODAY)?.date).toBe('2026-03-15');
    expect(findDocumentDate('Date of issue: l5/03/2026', TODAY)?.date).toBe('2026-03-15');
  });

  it('finds the labelled date whatever its format and the other dates around it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2001-01-01'), max: new Date('2026-06-19'), noInvalidDate: true }),
        fc.integer({ min: 0, max: FORMATS.length - 1 }),
        fc.constantFrom(...LABELS),
        fc.boolean(),
        fc.array(fc.constantFrom('Account number 62012345678', 'Meter 0043 1123', 'VAT 4123456789'), {
          maxLength: 4,
        }),
        (when, format, label, sameLine, filler) => {
          const [y, m, d] = [when.getUTCFullYear(), when.getUTCMonth() + 1, when.getUTCDate()];
          const written = FORMATS[format]!(y, m, d);
          const text = [
            ...filler,
            'Date of birth: 1985-07-14',
            sameLine ? `${label}: ${written}` : `${label}\n${written}`,
            'Payment due date: 30 July 2026',
            ...filler,
          ].join('\n');
          const found = findDocumentDate(text, TODAY);
          expect(found?.date).toBe(`${y}-${pad(m)}-${pad(d)}`);
        },
      ),
    );
  });
});

describe('the age of a proof of address', () => {
  it('says how old the document is and whether it is older than the limit', () => {
    expect(documentAge('2026-03-21', TODAY, 3)).toMatchObject({ stale: false, words: '2 months old' });
    expect(documentAge('2026-03-20', TODAY, 3)).toMatchObject({ stale: false, words: '3 months old' });
    expect(documentAge('2026-03-19', TODAY, 3)).toMatchObject({
      stale: true,
      words: '3 months old, older than 3 months',
    });
    expect(documentAge('2025-11-02', TODAY, 3)).toMatchObject({
      stale: true,
      words: '7 months old, older than 3 months',
    });
    expect(documentAge('2026-06-15', TODAY, 3)).toMatchObject({ stale: false, words: '5 days old' });
    expect(documentAge('2026-06-20', TODAY, 3)).toMatchObject({ stale: false, words: 'dated today' });
    expect(documentAge('2026-06-19', TODAY, 1)).toMatchObject({ stale: false, words: '1 day old' });
    expect(documentAge('2026-07-01', TODAY, 3)).toMatchObject({
      stale: false,
      future: true,
      words: 'dated in the future',
    });
    expect(documentAge('2026-05-20', TODAY, 1)).toMatchObject({ stale: false, words: '1 month old' });
    expect(documentAge('2026-05-19', TODAY, 1)).toMatchObject({
      stale: true,
      words: '1 month old, older than 1 month',
    });
  });

  it('never calls a document within the limit stale, nor one beyond it fresh', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2026-06-20'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        (when, limit) => {
          const date = when.toISOString().slice(0, 10);
          const cutoff = new Date(Date.UTC(2026, 5 - limit, 20));
          const age = documentAge(date, TODAY, limit);
          expect(age.stale).toBe(when.getTime() < cutoff.getTime());
        },
      ),
    );
  });
});
