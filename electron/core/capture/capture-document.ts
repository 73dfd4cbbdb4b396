// The whole capture of one document: check each picked file, normalise images, read PDFs, and
// assemble one PDF that is checked against the target's limit before it is stored.
import { CaptureError } from './errors.js';
import { assemblePdf, type PagePlacement, type PdfSource } from './assemble-pdf.js';
import { checkCapture, checkDocumentSize, type DocumentTarget } from './limits.js';
import { normaliseImage } from './normalise-image.js';
import { countPdfPages } from './pdf-input.js';
import { measurePage } from './page-measures.js';
import { judgePage, type QualityProblem } from '../../../shared/domain/page-quality.js';

export interface PickedFile {
  name: string;
  bytes: Uint8Array;
}

export interface PreparedSource extends PdfSource {
  name: string;
  pages: number;
  /** What a reviewer would find wrong with a scanned or photographed page; PDFs are not judged. */
  problems: QualityProblem[];
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
      problems: [],
    };
  }
  const image = await normaliseImage(file.bytes, file.name);
  // Measured on the file as captured: normalising scales it and drops the recorded resolution.
  const problems = judgePage(await measurePage(file.bytes));
  return { name: file.name, bytes: image.bytes, mimeType: image.mimeType, pages: 1, problems };
}

/** A picked file after processing: what its pages are, and its normalised bytes when they differ. */
export interface ProcessedFile {
  mimeType: PreparedSource['mimeType'];
  pages: number;
  problems: QualityProblem[];
  /** The normalised image to store instead of the picked one; null when the file is kept as picked (PDFs). */
  bytes: Uint8Array | null;
}

/** prepareSource for a file already stored as picked: a PDF's bytes are not sent back. */
export async function processPicked(file: PickedFile, target: DocumentTarget): Promise<ProcessedFile> {
  const source = await prepareSource(file, target);
  const kept = source.bytes === file.bytes;
  return {
    mimeType: source.mimeType,
    pages: source.pages,
    problems: source.problems,
    bytes: kept ? null : source.bytes,
  };
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
