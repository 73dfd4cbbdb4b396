// The service's filename rule (contract §7), shared by the sandbox that applies it and the core that
// predicts it to find its own upload when it reconciles.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILENAME, storedFilename, stripBidiAndZeroWidth } from '../../../shared/files/filename.js';

describe('storedFilename', () => {
  it('keeps only the last path segment, so a path names the file and not its folders', () => {
    expect(storedFilename('scan/01.pdf')).toBe('01.pdf');
    expect(storedFilename('../../etc/passwd')).toBe('passwd');
    expect(storedFilename('C:\\Users\\x\\scan.pdf')).toBe('scan.pdf');
  });

  it('drops control characters and the spaces around the name', () => {
    expect(storedFilename(' id card.pdf ')).toBe('id card.pdf');
    expect(storedFilename('a\u0000b\nc.pdf')).toBe('abc.pdf');
  });

  it('names an empty or dots-only upload "document"', () => {
    expect(storedFilename(undefined)).toBe('document');
    expect(storedFilename('  ')).toBe('document');
    expect(storedFilename('..')).toBe('document');
  });

  // The first run of the cleaning regex over lone surrogates is slow in V8 on a loaded machine.
  it('always gives a short, clean, non-empty name', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 240, unit: 'binary' }), (name) => {
        const cleaned = storedFilename(name);
        expect(cleaned).not.toMatch(/[/\\]/);
        // eslint-disable-next-line no-control-regex -- the property under test
        expect(cleaned).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(Array.from(cleaned).length).toBeLessThanOrEqual(MAX_FILENAME);
        expect(cleaned.length).toBeGreaterThan(0);
      }),
    );
  });

  it('keeps a clean name as it is', () => {
    const clean = fc.string({ minLength: 1, maxLength: MAX_FILENAME, unit: 'grapheme' }).filter(
      (s) =>
        Array.from(s).length <= MAX_FILENAME &&
        s === s.trim() &&
        // eslint-disable-next-line no-control-regex -- describing a clean name
        !/[/\\\u0000-\u001f\u007f-\u009f]/.test(s) &&
        !/^\.+$/.test(s),
    );
    fc.assert(
      fc.property(clean, (name) => {
        expect(storedFilename(name)).toBe(name);
      }),
    );
  });
});

describe('stripBidiAndZeroWidth', () => {
  const invisible = [
    '\u061c',
    '\u200b',
    '\u200c',
    '\u200d',
    '\u200e',
    '\u200f',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2060',
    '\u2061',
    '\u2062',
    '\u2063',
    '\u2064',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\ufeff',
  ];

  it('shows a right-to-left override disguise for what it is', () => {
    expect(stripBidiAndZeroWidth('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(stripBidiAndZeroWidth('\u2067scan\u2069\u200b.pdf')).toBe('scan.pdf');
  });

  it('drops every bidirectional and zero-width control and keeps every other character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 6, unit: 'grapheme' }), fc.constantFrom(...invisible)), {
          maxLength: 20,
        }),
        (parts) => {
          const name = parts.join('');
          const expected = Array.from(name)
            .filter((char) => !invisible.includes(char))
            .join('');
          expect(stripBidiAndZeroWidth(name)).toBe(expected);
        },
      ),
    );
  });

  it('is applied to stored upload names', () => {
    expect(storedFilename('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(storedFilename('\u200b\u202e')).toBe('document');
  });
});
