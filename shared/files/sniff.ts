// What a file is, judged by its first bytes (contract §7): the extension and the declared type are
// not trusted. Common other types are named so the refusal can tell the user what they picked.
// Runtime-neutral (plain Uint8Array): the sandbox refuses uploads with it and the desktop core
// refuses captures with it, so both accept exactly the same files.
import type { DocumentMimeType } from '../api/documents.js';

export interface UnsupportedType {
  /** Plain words for the message, e.g. "a Word document (DOCX)". */
  unsupported: string;
}

export type SniffResult = DocumentMimeType | UnsupportedType;

/** How many leading bytes sniffType needs to tell every type it knows apart. */
export const SNIFF_BYTES = 4096;

/** How many leading bytes acceptedType needs: the longest accepted signature (PNG's). */
export const SIGNATURE_BYTES = 8;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const OTHERS: ReadonlyArray<{ test: (bytes: Uint8Array) => boolean; description: string }> = [
  {
    test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
    description: 'a GIF image',
  },
  {
    test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
    description: 'a WEBP image',
  },
  {
    test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
    description: 'a TIFF image',
  },
  {
    test: (b) => isFtyp(b, ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']),
    description: 'an HEIC photo (the iPhone photo format)',
  },
  { test: (b) => isFtyp(b, ['avif', 'avis']), description: 'an AVIF image' },
  {
    test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    description: 'an older Microsoft Office document (DOC or XLS)',
  },
  {
    test: (b) => startsWith(b, ascii('PK\x03\x04')) && contains(b, 'word/'),
    description: 'a Word document (DOCX)',
  },
  {
    test: (b) => startsWith(b, ascii('PK\x03\x04')) && contains(b, 'xl/'),
    description: 'an Excel workbook (XLSX)',
  },
  { test: (b) => startsWith(b, ascii('PK\x03\x04')), description: 'a ZIP archive or an Office document' },
  { test: (b) => startsWith(b, ascii('{\\rtf')), description: 'a rich-text document (RTF)' },
  { test: (b) => /^\s*<(!doctype html|html)/i.test(asText(b) ?? ''), description: 'a web page (HTML)' },
  { test: (b) => asText(b) !== null, description: 'plain text' },
];

export function sniffType(bytes: Uint8Array): SniffResult {
  const accepted = acceptedType(bytes);
  if (accepted) return accepted;
  if (bytes.length === 0) return { unsupported: 'an empty file' };
  const known = OTHERS.find((other) => other.test(bytes));
  return { unsupported: known?.description ?? 'a type of file this app does not recognise' };
}

/** The accepted type the bytes start with, or undefined for anything else. */
export function acceptedType(bytes: Uint8Array): DocumentMimeType | undefined {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return undefined;
}

export function isSupported(result: SniffResult): result is DocumentMimeType {
  return typeof result === 'string';
}

/** ISO base-media files (HEIC, AVIF) carry "ftyp" and a brand at offset 4. */
function isFtyp(bytes: Uint8Array, brands: readonly string[]): boolean {
  return startsWith(bytes, ascii('ftyp'), 4) && brands.some((brand) => startsWith(bytes, ascii(brand), 8));
}

/** Whether the text's bytes occur within the first SNIFF_BYTES * 4 bytes (zip entry names are ASCII). */
function contains(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  const end = Math.min(bytes.byteLength, SNIFF_BYTES * 4) - needle.length;
  for (
    let at = bytes.indexOf(needle[0] ?? 0);
    at !== -1 && at <= end;
    at = bytes.indexOf(needle[0] ?? 0, at + 1)
  ) {
    if (startsWith(bytes, needle, at)) return true;
  }
  return false;
}

// TextDecoder exists in every runtime this runs in (Node 20+, browsers); shared/ compiles without
// DOM or Node types, so its shape is stated here.
interface Utf8Decoder {
  decode(input: Uint8Array, options: { stream: boolean }): string;
}
const { TextDecoder } = globalThis as unknown as {
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => Utf8Decoder;
};

/** The leading bytes as text when they are valid UTF-8 without NULs (a cut-off last character is fine). */
function asText(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
}
