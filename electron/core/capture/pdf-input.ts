// Reading PDFs the user brings: a protected or broken file gets a message the user can act on
// instead of a parser error.
import type { PDFDocument } from '@cantoo/pdf-lib';
import { CaptureError, displayName } from './errors.js';
import { loadPdfLib } from './load-pdf-lib.js';

export async function loadPdf(bytes: Uint8Array, fileName = ''): Promise<PDFDocument> {
  const name = displayName(fileName);
  const { PDFDocument } = await loadPdfLib();
  let doc: PDFDocument;
  let pages: number;
  try {
    // ignoreEncryption, then isEncrypted: one check covers files that need a password to open and
    // files that open but restrict copying, and keeps parser errors apart from protection.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    // Inside the try: a file with a broken catalogue parses, then fails on the first look at its pages.
    pages = doc.getPageCount();
  } catch (error) {
    throw damagedPdf(name, error);
  }
  // Also files that open without a password but forbid copying (common for bank statements): their
  // pages are encrypted and cannot be copied into the upload.
  if (doc.isEncrypted) throw protectedPdf(name);
  // The parser is lenient; a "PDF" without pages is as useless as a broken one.
  if (pages === 0) throw pagelessPdf(name);
  return doc;
}

/** `name` as displayName gives it. */
export function damagedPdf(name: string, cause: unknown): CaptureError {
  return new CaptureError(
    'damaged',
    `${name} is damaged and could not be opened as a PDF. Scan or export it again.`,
    {
      cause,
    },
  );
}

export function protectedPdf(name: string): CaptureError {
  return new CaptureError(
    'protected',
    `${name} is protected with a password or copy restrictions. Open it, print it to a new PDF (or save a copy without protection), and add that file.`,
  );
}

export function pagelessPdf(name: string): CaptureError {
  return new CaptureError('damaged', `${name} has no pages. Scan or export it again.`);
}

export async function countPdfPages(bytes: Uint8Array, fileName = ''): Promise<number> {
  return (await loadPdf(bytes, fileName)).getPageCount();
}
