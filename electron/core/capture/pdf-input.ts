// Reading PDFs the user brings: a password-protected or broken file gets a message the user can act
// on instead of a parser error.
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { CaptureError, displayName } from './errors.js';

export async function loadPdf(bytes: Uint8Array, fileName = ''): Promise<PDFDocument> {
  let doc: PDFDocument;
  let pages: number;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // Inside the try: a file with a broken catalogue parses, then fails on the first look at its pages.
    pages = doc.getPageCount();
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw new CaptureError(
        'protected',
        `${displayName(fileName)} is protected with a password. Open it, print or save it as a new PDF without a password, and add that file.`,
        { cause: error },
      );
    }
    throw new CaptureError('damaged', `${displayName(fileName)} is damaged and could not be opened as a PDF. Scan or export it again.`, {
      cause: error,
    });
  }
  // pdf-lib parses leniently; a "PDF" without pages is as useless as a broken one.
  if (pages === 0) {
    throw new CaptureError('damaged', `${displayName(fileName)} has no pages. Scan or export it again.`);
  }
  return doc;
}

export async function countPdfPages(bytes: Uint8Array, fileName = ''): Promise<number> {
  return (await loadPdf(bytes, fileName)).getPageCount();
}
