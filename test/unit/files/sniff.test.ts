// The one content sniffer of sandbox and core (contract §7): accepted types by their first bytes only,
// other common types named for the refusal message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_BYTES, acceptedType, sniffType } from '../../../shared/files/sniff.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffType', () => {
  it('recognises the accepted types by their first bytes only', () => {
    expect(sniffType(text('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffType(text(' %PDF-1.7'))).toEqual({ unsupported: 'plain text' });
  });

  it('names common other types', () => {
    const cases: Array<[Uint8Array, string]> = [
      [text('Meeting notes\nline two'), 'plain text'],
      [text('GIF89a....'), 'a GIF image'],
      [text('RIFF\x10\x00\x00\x00WEBPVP8 '), 'a WEBP image'],
      [bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0), 'a TIFF image'],
      [bytes(0, 0, 0, 0x18, ...text('ftypheic')), 'an HEIC photo (the iPhone photo format)'],
      [text('PK\x03\x04\x14\x00\x06\x00[Content_Types].xml....word/document.xml'), 'a Word document (DOCX)'],
      [text('PK\x03\x04\x14\x00 data.csv'), 'a ZIP archive or an Office document'],
      [text('<!DOCTYPE html><html>'), 'a web page (HTML)'],
      [bytes(0x00, 0x01, 0xfe, 0x80, 0x00), 'a type of file this app does not recognise'],
    ];
    for (const [input, description] of cases) expect(sniffType(input)).toEqual({ unsupported: description });
  });
});

describe('acceptedType', () => {
  it('accepts PDF, PNG and JPEG from their first bytes and nothing else', () => {
    expect(acceptedType(text('%PDF-1.7'))).toBe('application/pdf');
    expect(acceptedType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(acceptedType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg');
    for (const other of ['%PD', 'PK\u0003\u0004', 'GIF89a', '<html>', ''])
      expect(acceptedType(text(other))).toBeUndefined();
  });

  it('decides from the first SIGNATURE_BYTES bytes, as the sandbox reads them while streaming', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (input) => {
        expect(acceptedType(input.subarray(0, SIGNATURE_BYTES))).toBe(acceptedType(input));
        const sniffed = sniffType(input);
        expect(typeof sniffed === 'string' ? sniffed : undefined).toBe(acceptedType(input));
      }),
    );
  });
});
