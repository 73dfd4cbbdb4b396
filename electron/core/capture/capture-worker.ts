// The capture work that would hold up the core's event loop for hundreds of milliseconds (decoding
// and measuring photos, parsing and assembling PDFs with pdf-lib, rendering pages with pdf.js,
// reading an identity document's barcode or MRZ) runs here, in a worker thread, started by
// capture-pool.ts. One message in, one message out.
import { parentPort } from 'node:worker_threads';
import { assemblePdf, type PagePlacement, type PdfSource } from './assemble-pdf.js';
import { processPicked } from './capture-document.js';
import { CaptureError } from './errors.js';
import { readIdentityDocument } from './identity/read-identity.js';
import { startMrzReader } from './identity/read-mrz.js';
import { movable } from './movable.js';
import { readDocumentText } from './reading/document-text.js';
import { countSealedPdfPages } from './sealed-pdf.js';
import { readSealedFile, type SealedFileRef } from '../../../node-shared/sealed-file/sealed-range-reader.js';
import type { DocumentTarget } from './limits.js';
import { renderPdfThumbnails, renderThumbnail, type ThumbnailOptions } from './thumbnail.js';
import type { DocumentMimeType } from '../../../shared/api/documents.js';

export type CaptureTask =
  | { kind: 'process'; file: SealedFileRef; name: string; target: DocumentTarget }
  | { kind: 'countSealedPdf'; file: SealedFileRef; name: string }
  | { kind: 'readText'; bytes: Uint8Array; mimeType: string }
  | { kind: 'assemble'; sources: PdfSource[]; layout?: PagePlacement[] }
  | {
      kind: 'thumbnails';
      bytes: Uint8Array;
      mimeType: DocumentMimeType;
      /** 0-based pages of a PDF; [0] for an image. */
      pages: number[];
      options: Omit<ThumbnailOptions, 'page'>;
    }
  | { kind: 'prepareIdentity' }
  | { kind: 'readIdentity'; image: Uint8Array };

export type TaskFailure =
  | { kind: 'capture'; problem: CaptureError['problem']; message: string }
  | { kind: 'range'; message: string }
  | { kind: 'other'; message: string };

export type TaskAnswer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; failure: TaskFailure };

async function run(task: CaptureTask): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
  switch (task.kind) {
    case 'process': {
      // Read and decrypted here too: the core's thread does nothing with a photo's megabytes.
      const bytes = await readSealedFile(task.file);
      const processed = await processPicked({ name: task.name, bytes }, task.target);
      return { value: processed, transfer: processed.bytes ? movable(processed.bytes) : [] };
    }
    case 'countSealedPdf':
      return { value: await countSealedPdfPages(task.file, task.name), transfer: [] };
    case 'readText':
      return { value: await readDocumentText(task.bytes, task.mimeType), transfer: [] };
    case 'assemble': {
      const bytes = await assemblePdf(task.sources, task.layout);
      return { value: bytes, transfer: movable(bytes) };
    }
    case 'thumbnails': {
      const thumbs =
        task.mimeType === 'application/pdf'
          ? await renderPdfThumbnails(task.bytes, task.pages, task.options)
          : [await renderThumbnail(task.bytes, task.mimeType, task.options)];
      return { value: thumbs, transfer: thumbs.flatMap((t) => movable(t.bytes)) };
    }
    case 'prepareIdentity':
      await startMrzReader();
      return { value: null, transfer: [] };
    case 'readIdentity': {
      const outcome = await readIdentityDocument(task.image);
      return { value: outcome, transfer: outcome.strip ? movable(outcome.strip) : [] };
    }
  }
}

function failureOf(error: unknown): TaskFailure {
  if (error instanceof CaptureError)
    return { kind: 'capture', problem: error.problem, message: error.message };
  if (error instanceof RangeError) return { kind: 'range', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

parentPort?.on('message', (message: { id: number; task: CaptureTask }) => {
  run(message.task).then(
    ({ value, transfer }) =>
      parentPort!.postMessage({ id: message.id, ok: true, value } satisfies TaskAnswer, transfer),
    (error: unknown) =>
      parentPort!.postMessage({ id: message.id, ok: false, failure: failureOf(error) } satisfies TaskAnswer),
  );
});
