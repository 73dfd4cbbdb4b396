import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UboBodySchema } from '../../../shared/api/index.js';
import { DeskError } from '../../../shared/ipc/index.js';
import {
  compact,
  errorsFromDeskError,
  fieldErrorsFrom,
  lookupValue,
  options,
  validate,
} from '../../../renderer/lib/forms.js';
import {
  documentCountsText,
  formatBytes,
  formatDate,
  formatDateTime,
  formatPercent,
  personName,
  profileLabel,
  progressPercent,
  unsentLabel,
  waitingText,
} from '../../../renderer/lib/format.js';

describe('format', () => {
  it('writes every date and time as the en-ZA medium style does, in local time', () => {
    const locale = (options: Intl.DateTimeFormatOptions, d: Date) =>
      new Intl.DateTimeFormat('en-ZA', options).format(d).replace('Sept', 'Sep');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString();
          expect(formatDateTime(iso)).toBe(locale({ dateStyle: 'medium', timeStyle: 'short' }, d));
          expect(formatDateTime(iso, true)).toBe(locale({ dateStyle: 'medium', timeStyle: 'medium' }, d));
          expect(formatDate(iso)).toBe(locale({ dateStyle: 'medium' }, d));
        },
      ),
    );
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate(null)).toBe('');
  });

  it('writes sizes, percentages and counts as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(41 * 1024 * 1024)).toBe('41.0 MB');
    expect(formatPercent(33.33333)).toBe('33.33 %');
    expect(unsentLabel(1)).toBe('1 unsent item');
    expect(unsentLabel(3)).toBe('3 unsent items');
    expect(personName({ firstName: 'Jane', lastName: ' ' })).toBe('Jane');
    expect(personName({})).toBe('Unnamed person');
    expect(waitingText('waiting for connection')).toBe('Waiting for connection');
    expect(waitingText('the KYB details')).toBe('Waiting for the KYB details');
  });

  it("tells an owner's documents by state, what still needs sending first", () => {
    const text = documentCountsText({
      total: 10_204,
      byState: { 'on-file': 10_000, queued: 200, failed: 4 },
    });
    expect(text.replace(/\s/g, ' ')).toBe('10 204 documents: 4 failed, 200 queued, 10 000 on file');
    expect(documentCountsText({ total: 1, byState: { captured: 1 } })).toBe('1 document: 1 captured');
    expect(documentCountsText({ total: 0, byState: {} })).toBe('0 documents');
  });

  it('bounds progress between 0 and 100', () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ sent: 5, total: 0 })).toBe(0);
    expect(progressPercent({ sent: 50, total: 200 })).toBe(25);
    expect(progressPercent({ sent: 300, total: 200 })).toBe(100);
  });

  it('names a profile with its kind, once', () => {
    expect(profileLabel({ name: 'Sandbox', kind: 'sandbox' })).toBe('Sandbox');
    expect(profileLabel({ name: 'Bank live', kind: 'live' })).toBe('Bank live (Live)');
    expect(profileLabel({ name: 'test', kind: 'test' })).toBe('test');
    expect(profileLabel({ name: 'Sandbox', kind: 'live' })).toBe('Sandbox (Live)');
  });
});

describe('forms', () => {
  it('gives one friendly message per field from the shared schema', () => {
    const result = validate(UboBodySchema, { firstName: '', lastName: 'Doe', clientSACitizen: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.firstName).toBeDefined();
    expect(result.errors.passportNumber).toBe('Required');
    expect(result.errors.passportCountry).toBe('Required');
  });

  it('passes valid data through', () => {
    const result = validate(z.object({ a: z.number() }), { a: 1 });
    expect(result).toEqual({ ok: true, data: { a: 1 } });
  });

  it('maps a DeskError’s issues under a prefix', () => {
    const error = new DeskError('invalid-input', 'bad', [{ path: 'body.idNumber', message: 'Bad ID' }]);
    expect(errorsFromDeskError(error, 'body')).toEqual({ idNumber: 'Bad ID' });
    expect(errorsFromDeskError(new Error('x'))).toEqual({});
    expect(fieldErrorsFrom([{ path: '', message: 'whole form' }])).toEqual({ _form: 'whole form' });
  });

  it('leaves out blank optional values', () => {
    expect(compact({ a: '', b: 'x', c: undefined, d: Number.NaN, e: 0, f: false })).toEqual({
      b: 'x',
      e: 0,
      f: false,
    });
    expect(lookupValue('')).toBeUndefined();
    expect(lookupValue('7')).toBe(7);
    expect(lookupValue('0')).toBeUndefined();
    expect(
      options([
        { id: 1, name: 'A', active: true },
        { id: 2, name: 'B', active: false },
      ]),
    ).toEqual([{ value: 1, label: 'A' }]);
  });
});
