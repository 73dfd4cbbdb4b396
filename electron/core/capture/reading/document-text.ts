// The text of a captured document, for reading its date, address or registration number: a PDF's
// text layer when it has one (a bill or statement saved from the utility's or bank's system), else
// OCR of its pages (a scan, a photo of the paper) with tesseract.js and the English model of
// @tesseract.js-data/eng, both from the installed packages. Runs in the capture worker: rendering a
// page and OCR take seconds, which the core's event loop must not wait for.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Worker as OcrWorker } from 'tesseract.js';
import { loadSharp } from '../load-sharp.js';

export interface DocumentText {
  text: string;
  source: 'text-layer' | 'ocr';
  /** Pages whose text was read. */
  pages: number;
}

/** A text layer with fewer letters and digits than this is a scan's empty or stray layer. */
const MIN_TEXT_LAYER = 40;
/** Pages of a text layer read: the date and address of a bill or statement are on its first pages. */
const MAX_TEXT_PAGES = 10;
/** A PDF page is drawn for OCR at this resolution, where tesseract reads body text well. */
const OCR_DPI = 250;
/** A larger photo is shrunk to this long side first: about 250 dpi for A4, and OCR time grows with it. */
const OCR_LONG_SIDE = 3000;
const MAX_INPUT_PIXELS = 100_000_000;

export async function readDocumentText(bytes: Uint8Array, mimeType: string): Promise<DocumentText> {
  if (mimeType !== 'application/pdf')
    return { text: await ocr(await imageForOcr(bytes)), source: 'ocr', pages: 1 };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own copy.
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: standardFontsDir(),
  }).promise;
  try {
    const count = Math.min(pdf.numPages, MAX_TEXT_PAGES);
    const layer: string[] = [];
    for (let n = 1; n <= count; n++) layer.push(await pageText(await pdf.getPage(n)));
    const text = layer.join('\n\n');
    if (text.replace(/[^A-Za-z0-9]/g, '').length >= MIN_TEXT_LAYER)
      return { text, source: 'text-layer', pages: count };
    // OCR the first two pages and the last: a lease is signed, and dated, at its end.
    const wanted = [...new Set([1, 2, pdf.numPages].filter((n) => n <= pdf.numPages))];
    const read: string[] = [];
    for (const n of wanted) {
      const page = await pdf.getPage(n);
      read.push(await ocr(await imageForOcr(await renderPage(page, pdf.canvasFactory))));
    }
    return { text: read.join('\n\n'), source: 'ocr', pages: wanted.length };
  } finally {
    await pdf.destroy();
  }
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/**
 * The page's text in reading order, a line per line of the page: items on one baseline are joined,
 * with a wide gap (a column) kept as three spaces.
 */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const items = content.items.filter((i): i is TextItem & typeof i => 'str' in i && i.str.trim() !== '');
  const lines: TextItem[][] = [];
  for (const item of [...items].sort(
    (a, b) => b.transform[5]! - a.transform[5]! || a.transform[4]! - b.transform[4]!,
  )) {
    const last = lines.at(-1);
    if (last && Math.abs(last[0]!.transform[5]! - item.transform[5]!) <= Math.max(2, item.height * 0.4))
      last.push(item);
    else lines.push([item]);
  }
  page.cleanup();
  return lines
    .map((line) => {
      const sorted = line.sort((a, b) => a.transform[4]! - b.transform[4]!);
      let out = '';
      let end = -Infinity;
      for (const item of sorted) {
        const gap = item.transform[4]! - end;
        const size = item.height || 10;
        if (out) out += gap > size * 2 ? '   ' : gap > size * 0.15 && !out.endsWith(' ') ? ' ' : '';
        out += item.str;
        end = item.transform[4]! + item.width;
      }
      return out;
    })
    .join('\n');
}

/** What pdf.js's Node canvas factory hands out (an @napi-rs/canvas canvas). */
interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: { toBuffer(mime: 'image/png'): Buffer }; context: unknown };
}

async function renderPage(page: PDFPageProxy, canvasFactory: unknown): Promise<Buffer> {
  // PDF units are 1/72 inch.
  const viewport = page.getViewport({ scale: OCR_DPI / 72 });
  const { canvas, context } = (canvasFactory as NodeCanvasFactory).create(
    Math.ceil(viewport.width),
    Math.ceil(viewport.height),
  );
  try {
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    page.cleanup();
  }
}

/**
 * Upright and grey, never enlarged. Not stretched in contrast: tesseract binarises the page itself,
 * and a stretch thickens the strokes of a mostly white page until letters run together.
 */
async function imageForOcr(image: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: OCR_LONG_SIDE, height: OCR_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

let starting: Promise<OcrWorker> | null = null;

/**
 * One OCR engine per capture worker, started on first use (about a second) and kept while it lives;
 * it stops with the worker thread that started it.
 */
function ocrWorker(): Promise<OcrWorker> {
  starting ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const require = createRequire(import.meta.url);
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
    // Columns (a label and its value, a statement's table) stay apart as runs of spaces.
    await worker.setParameters({ preserve_interword_spaces: '1' });
    return worker;
  })().catch((error: unknown) => {
    starting = null;
    throw error;
  });
  return starting;
}

async function ocr(png: Buffer): Promise<string> {
  const worker = await ocrWorker();
  const { data } = await worker.recognize(png);
  return data.text;
}

let fontsDir: string | undefined;
function standardFontsDir(): string {
  fontsDir ??=
    join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  return fontsDir;
}
