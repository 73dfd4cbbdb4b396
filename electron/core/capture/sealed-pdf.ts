// A picked PDF's pages counted where it lies sealed in the vault: only the byte ranges that say how
// many pages it has (trailer, cross-references, page tree) are read, and only the vault chunks
// holding them are opened, so checking a 40 MB statement costs a few megabytes whatever its size.
// pdf-page-count.ts reads them without a PDF library, in a few milliseconds, so the core does it on
// its own thread; pdf.js (some 50 MB once loaded) is asked, in the capture worker, only about the
// files that reader cannot follow, and tells broken files from files it can repair. Protected and
// unreadable files are refused with what to do, as when the whole file is read (pdf-input.ts).
import {
  SealedRangeReader,
  type SealedFileRef,
} from '../../../node-shared/sealed-file/sealed-range-reader.js';
import { displayName } from './errors.js';
import { readPageCount } from './pdf-page-count.js';
import { damagedPdf, pagelessPdf, protectedPdf } from './pdf-input.js';

/** pdf.js asks for ranges of this size: one vault chunk each. */
const RANGE_BYTES = 1024 * 1024;

/**
 * The page count read without a PDF library, or null when only pdf.js can tell
 * (countSealedPdfPages). Bounded reads and parsing: fit for the core's event loop.
 */
export async function readSealedPdfPages(file: SealedFileRef, fileName: string): Promise<number | null> {
  const reader = await SealedRangeReader.open(file);
  try {
    return await pagesOf(reader, displayName(fileName));
  } finally {
    await reader.close();
  }
}

/**
 * The page count from pdf.js, for a file readSealedPdfPages could not follow (it answered null):
 * pdf.js tells a file it can repair from a broken one.
 */
export async function countSealedPdfPages(file: SealedFileRef, fileName: string): Promise<number> {
  const reader = await SealedRangeReader.open(file);
  try {
    return await countWithPdfjs(reader, displayName(fileName));
  } finally {
    await reader.close();
  }
}

async function pagesOf(reader: SealedRangeReader, name: string): Promise<number | null> {
  const counted = await readPageCount(reader).catch((error: unknown) => {
    throw damagedPdf(name, error);
  });
  if (counted === 'protected') throw protectedPdf(name);
  return counted?.pages ?? null;
}

async function countWithPdfjs(reader: SealedRangeReader, name: string): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let failed: (error: unknown) => void = () => undefined;
  const readFailure = new Promise<never>((_, reject) => (failed = reject));
  class VaultRanges extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      reader.read(begin, end).then(
        (bytes) => this.onDataRange(begin, new Uint8Array(bytes)),
        (error: unknown) => failed(error),
      );
    }
  }
  const task = pdfjs.getDocument({
    range: new VaultRanges(reader.size, null),
    length: reader.size,
    rangeChunkSize: RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
  });
  let pdf;
  try {
    pdf = await Promise.race([task.promise, readFailure]);
  } catch (error) {
    await task.destroy();
    if ((error as { name?: string } | null)?.name === 'PasswordException') throw protectedPdf(name);
    throw damagedPdf(name, error);
  }
  try {
    // Also files that open without a password but restrict copying (common for bank statements):
    // their pages cannot be copied into the upload.
    if ((await pdf.getPermissions()) !== null) throw protectedPdf(name);
    if (pdf.numPages === 0) throw pagelessPdf(name);
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}
