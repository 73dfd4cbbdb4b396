// Pure parts of the upload path: type sniffing, filename cleaning, size wording, body depth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sniffMime } from '../../../server/http/sniff.js';
import { MAX_FILENAME, cleanFilename, stripBidiAndZeroWidth } from '../../../server/http/filename.js';
import { formatBytes } from '../../../server/http/upload.js';
import { MAX_BODY_DEPTH, nestingDepth } from '../../../server/http/validate.js';

describe('sniffMime', () => {
  it('recognises PDF, PNG and JPEG by their first bytes only', () => {
    expect(sniffMime(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffMime(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffMime(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    for (const other of ['%PD', 'PK\u0003\u0004', 'GIF89a', '<html>', '']) expect(sniffMime(Buffer.from(other, 'latin1'))).toBeUndefined();
  });
});

describe('cleanFilename', () => {
  it('drops path parts and control characters and keeps at most 180 characters', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\x\\scan.pdf')).toBe('scan.pdf');
    expect(cleanFilename('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFilename(undefined)).toBe('document');
    expect(cleanFilename('..')).toBe('document');
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'binary' }), (name) => {
        const cleaned = cleanFilename(name);
        expect(cleaned).not.toMatch(/[/\\]/);
        // eslint-disable-next-line no-control-regex -- the property under test
        expect(cleaned).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(Array.from(cleaned).length).toBeLessThanOrEqual(MAX_FILENAME);
        expect(cleaned.length).toBeGreaterThan(0);
      }),
    );
    // Generating full-Unicode strings of 400 characters takes seconds on a loaded machine.
  }, 60_000);
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
        fc.array(fc.oneof(fc.string({ maxLength: 6, unit: 'grapheme' }), fc.constantFrom(...invisible)), { maxLength: 20 }),
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
    expect(cleanFilename('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFilename('\u200b\u202e')).toBe('document');
  });
});

describe('formatBytes and nestingDepth', () => {
  it('words sizes the way the upload errors name them', () => {
    expect(formatBytes(40 * 1024 * 1024)).toBe('40 MB');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 bytes');
  });

  it('measures nesting without recursion', () => {
    expect(nestingDepth(1)).toBe(0);
    expect(nestingDepth({ a: [1] })).toBe(2);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestingDepth(deep)).toBeGreaterThan(MAX_BODY_DEPTH);
  });
});
