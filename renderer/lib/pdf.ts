// Loads pdf.js on demand and renders pages onto canvases.
import type { PDFDocumentProxy } from 'pdfjs-dist';

import type * as Runtime from './pdfjs-runtime.js';

let runtime: Promise<typeof Runtime> | null = null;

function loadRuntime(): Promise<typeof Runtime> {
  runtime ??= import('./pdfjs-runtime.js');
  return runtime;
}

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const { getDocument } = await loadRuntime();
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, disableAutoFetch: true });
  return task.promise;
}

/** Renders one page to fit `width` CSS pixels times `zoom`; returns the drawn size. */
export async function renderPage(
  doc: PdfDocument,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  options: { width?: number; zoom?: number; rotation?: number } = {},
): Promise<{ width: number; height: number }> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1, rotation: (page.rotate + (options.rotation ?? 0)) % 360 });
  const fit = options.width ? options.width / base.width : 1;
  const scale = fit * (options.zoom ?? 1);
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({
    scale: scale * ratio,
    rotation: (page.rotate + (options.rotation ?? 0)) % 360,
  });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  await page.render({ canvas, viewport }).promise;
  return { width: viewport.width / ratio, height: viewport.height / ratio };
}
