// Small previews for the capture screen (page strip, reorder and rotate). PDF pages are rendered
// with pdf.js, which is loaded only when a PDF thumbnail is first asked for: it is large.
import { createRequire } from 'node:module';
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
  const maxSide = options.maxSide ?? 320;
  const rotation = options.rotation ?? 0;
  try {
    const raster =
      mimeType === 'application/pdf'
        ? await renderPdfPage(bytes, options.page ?? 0, maxSide, rotation)
        : bytes;
    const sharp = await loadSharp();
    let image = sharp(raster).flatten({ background: '#ffffff' });
    // Images: EXIF orientation first, then the clerk's turn. PDF pages are rendered already turned.
    if (mimeType !== 'application/pdf') image = image.autoOrient().rotate(rotation);
    const { data, info } = await image
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), mimeType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof CaptureError || error instanceof RangeError) throw error;
    throw new CaptureError(
      'damaged',
      `${displayName(options.fileName ?? '')} could not be shown. Scan or export it again.`,
      {
        cause: error,
      },
    );
  }
}

async function renderPdfPage(
  bytes: Uint8Array,
  pageIndex: number,
  maxSide: number,
  rotation: Rotation,
): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own copy.
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: standardFontsDir(),
  }).promise;
  try {
    if (pageIndex < 0 || pageIndex >= pdf.numPages) throw new RangeError(`The PDF has no page ${pageIndex}`);
    const page = await pdf.getPage(pageIndex + 1);
    const turn = (page.rotate + rotation) % 360;
    const base = page.getViewport({ scale: 1, rotation: turn });
    // Rendered at twice the size, then scaled down by sharp, for legible small text.
    const viewport = page.getViewport({
      scale: (2 * maxSide) / Math.max(base.width, base.height),
      rotation: turn,
    });
    const factory = pdf.canvasFactory as NodeCanvasFactory;
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await pdf.destroy();
  }
}

let fontsDir: string | undefined;
function standardFontsDir(): string {
  fontsDir ??=
    join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  return fontsDir;
}
