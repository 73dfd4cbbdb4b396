// Small previews for the capture screen (page strip, reorder and rotate). PDF pages are rendered
// with pdf.js, which is loaded only when a PDF thumbnail is first asked for: it is large.
import { createRequire } from 'node:module';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dirname, join } from 'node:path';
import { loadSharp } from './load-sharp.js';
import type { DocumentMimeType } from '../../../shared/api/documents.js';
import type { Rotation } from './assemble-pdf.js';
import { CaptureError, displayName } from './errors.js';

export interface ThumbnailOptions {
  /** Longest side in pixels. */
  maxSide?: number;
  /** 0-based page of a PDF. */
  page?: number;
  /** Extra rotation the clerk chose, so the preview shows the page as it will be sent. */
  rotation?: Rotation;
  fileName?: string;
  /**
   * PDF pages are rendered this many times larger, then scaled down by sharp: 2 keeps small text
   * legible in a small thumbnail; a screen-size preview needs no more than 1.
   */
  oversample?: number;
}

export interface Thumbnail {
  bytes: Uint8Array;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

/** What pdf.js's Node canvas factory hands out (an @napi-rs/canvas canvas). */
interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: { toBuffer(mime: 'image/png'): Buffer }; context: unknown };
}

export async function renderThumbnail(
  bytes: Uint8Array,
  mimeType: DocumentMimeType,
  options: ThumbnailOptions = {},
): Promise<Thumbnail> {
  if (mimeType === 'application/pdf') {
    const [thumb] = await renderPdfThumbnails(bytes, [options.page ?? 0], options);
    return thumb!;
  }
  return readable(options.fileName, () => toThumbnail(bytes, true, options));
}

/**
 * Several pages of one PDF from a single parse, in the order asked: a 40 MB file is read once for
 * all its pages, not once per page.
 */
export async function renderPdfThumbnails(
  bytes: Uint8Array,
  pages: readonly number[],
  options: Omit<ThumbnailOptions, 'page'> = {},
): Promise<Thumbnail[]> {
  return readable(options.fileName, async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own copy.
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      standardFontDataUrl: standardFontsDir(),
    }).promise;
    try {
      const out: Thumbnail[] = [];
      for (const pageIndex of pages) {
        if (pageIndex < 0 || pageIndex >= pdf.numPages)
          throw new RangeError(`The PDF has no page ${pageIndex}`);
        const raster = await renderPdfPage(await pdf.getPage(pageIndex + 1), pdf.canvasFactory, options);
        out.push(await toThumbnail(raster, false, options));
      }
      return out;
    } finally {
      await pdf.destroy();
    }
  });
}

async function toThumbnail(
  raster: Uint8Array,
  isPhoto: boolean,
  options: ThumbnailOptions,
): Promise<Thumbnail> {
  const maxSide = options.maxSide ?? 320;
  const sharp = await loadSharp();
  let image = sharp(raster).flatten({ background: '#ffffff' });
  // Images: EXIF orientation first, then the clerk's turn. PDF pages are rendered already turned.
  if (isPhoto) image = image.autoOrient().rotate(options.rotation ?? 0);
  const { data, info } = await image
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), mimeType: 'image/jpeg', width: info.width, height: info.height };
}

async function readable<T>(fileName: string | undefined, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof CaptureError || error instanceof RangeError) throw error;
    throw new CaptureError(
      'damaged',
      `${displayName(fileName ?? '')} could not be shown. Scan or export it again.`,
      {
        cause: error,
      },
    );
  }
}

async function renderPdfPage(
  page: PDFPageProxy,
  canvasFactory: unknown,
  options: ThumbnailOptions,
): Promise<Buffer> {
  const maxSide = options.maxSide ?? 320;
  const turn = (page.rotate + (options.rotation ?? 0)) % 360;
  const base = page.getViewport({ scale: 1, rotation: turn });
  const viewport = page.getViewport({
    scale: ((options.oversample ?? 2) * maxSide) / Math.max(base.width, base.height),
    rotation: turn,
  });
  const factory = canvasFactory as NodeCanvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    page.cleanup();
  }
}

let fontsDir: string | undefined;
function standardFontsDir(): string {
  fontsDir ??=
    join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  return fontsDir;
}
