// The whole capture of one document: check each picked file, normalise images, read PDFs, and
// assemble one PDF that is checked against the target's limit before it is stored.
import { CaptureError } from './errors.js';
import { assemblePdf, type PagePlacement, type PdfSource } from './assemble-pdf.js';
import { checkCapture, checkDocumentSize, type DocumentTarget } from './limits.js';
import { normaliseImage } from './normalise-image.js';
import { countPdfPages } from './pdf-input.js';

export interface PickedFile {
  name: string;
  bytes: Uint8Array;
}

export interface PreparedSource extends PdfSource {
  name: string;
  pages: number;
}

export interface CapturedDocument {
  bytes: Uint8Array;
  mimeType: 'application/pdf';
  pages: number;
}

/** Checks a picked file and makes it ready to place: images normalised, PDFs counted. */
export async function prepareSource(file: PickedFile, target: DocumentTarget): Promise<PreparedSource> {
  const { mimeType } = checkCapture({ name: file.name, bytes: file.bytes, target });
  if (mimeType === 'application/pdf') {
    return {
      name: file.name,
      bytes: file.bytes,
      mimeType,
      pages: await countPdfPages(file.bytes, file.name),
    };
  }
  const image = await normaliseImage(file.bytes, file.name);
  return { name: file.name, bytes: image.bytes, mimeType: image.mimeType, pages: 1 };
}

export async function captureDocument(
  files: readonly PickedFile[],
  target: DocumentTarget,
  layout?: readonly PagePlacement[],
  documentName = 'The document',
): Promise<CapturedDocument> {
  if (files.length === 0) throw new CaptureError('empty', 'Add at least one scanned page.');
  const sources: PreparedSource[] = [];
  for (const file of files) sources.push(await prepareSource(file, target));
  const bytes = await assemblePdf(sources, layout);
  checkDocumentSize(documentName, bytes.length, target);
  const pages = layout?.length ?? sources.reduce((sum, source) => sum + source.pages, 0);
  return { bytes, mimeType: 'application/pdf', pages };
}
