// One uploadable PDF from several captures: each image on its own A4 page, PDF pages copied as they
// are, in the order the clerk arranged them and turned the way they chose.
import type { PDFDocument, PDFImage, PDFPage } from '@cantoo/pdf-lib';
import type { DocumentMimeType } from '../../../shared/api/documents.js';
import { loadPdfLib } from './load-pdf-lib.js';
import { loadPdf } from './pdf-input.js';

export type Rotation = 0 | 90 | 180 | 270;

export interface PdfSource {
  bytes: Uint8Array;
  mimeType: DocumentMimeType;
  /** For messages about this source. */
  name?: string;
  /** Applied to every page of this source unless a placement says otherwise. */
  rotation?: Rotation;
}

/** One page of the result: page `page` (0-based; 0 for an image) of `sources[source]`. */
export interface PagePlacement {
  source: number;
  page?: number;
  rotation?: Rotation;
}

/** A4 in PDF points; an image page takes A4's orientation from the image. */
const A4 = { short: 595.28, long: 841.89 } as const;

/**
 * Without a layout, every page of every source in order. Rotation is stored as the page's /Rotate
 * (added to any rotation a PDF page already has), so no image is re-encoded for it.
 */
export async function assemblePdf(
  sources: readonly PdfSource[],
  layout?: readonly PagePlacement[],
): Promise<Uint8Array> {
  const { degrees, PDFDocument } = await loadPdfLib();
  const pdfs = new Map<number, PDFDocument>();
  const pdfOf = async (index: number, source: PdfSource) => {
    let doc = pdfs.get(index);
    if (!doc) {
      doc = await loadPdf(source.bytes, source.name);
      pdfs.set(index, doc);
    }
    return doc;
  };
  const placements = layout ?? (await defaultLayout(sources, pdfOf));
  checkPlacements(sources, placements);

  const out = await PDFDocument.create();
  out.setProducer('FICA Desk');
  out.setCreator('FICA Desk');
  const images = new Map<number, PDFImage>();

  for (const placement of placements) {
    const source = sources[placement.source] as PdfSource;
    const rotation = placement.rotation ?? source.rotation ?? 0;
    let page: PDFPage;
    if (source.mimeType === 'application/pdf') {
      const doc = await pdfOf(placement.source, source);
      const index = placement.page ?? 0;
      if (index >= doc.getPageCount())
        throw new RangeError(`Source ${placement.source} has no page ${index}`);
      const [copied] = await out.copyPages(doc, [index]);
      page = out.addPage(copied);
      page.setRotation(degrees(normaliseAngle(page.getRotation().angle + rotation)));
    } else {
      let image = images.get(placement.source);
      if (!image) {
        image =
          source.mimeType === 'image/png'
            ? await out.embedPng(source.bytes)
            : await out.embedJpg(source.bytes);
        images.set(placement.source, image);
      }
      page = addImagePage(out, image);
      page.setRotation(degrees(rotation));
    }
  }
  return out.save({ useObjectStreams: true });
}

function addImagePage(out: PDFDocument, image: PDFImage): PDFPage {
  const landscape = image.width > image.height;
  const width = landscape ? A4.long : A4.short;
  const height = landscape ? A4.short : A4.long;
  const page = out.addPage([width, height]);
  const scale = Math.min(width / image.width, height / image.height);
  const drawn = { width: image.width * scale, height: image.height * scale };
  page.drawImage(image, { x: (width - drawn.width) / 2, y: (height - drawn.height) / 2, ...drawn });
  return page;
}

async function defaultLayout(
  sources: readonly PdfSource[],
  pdfOf: (index: number, source: PdfSource) => Promise<PDFDocument>,
): Promise<PagePlacement[]> {
  const layout: PagePlacement[] = [];
  for (const [index, source] of sources.entries()) {
    const pages = source.mimeType === 'application/pdf' ? (await pdfOf(index, source)).getPageCount() : 1;
    for (let page = 0; page < pages; page++) layout.push({ source: index, page });
  }
  return layout;
}

function checkPlacements(sources: readonly PdfSource[], placements: readonly PagePlacement[]): void {
  if (placements.length === 0) throw new RangeError('A document needs at least one page');
  const seen = new Set<string>();
  for (const { source, page = 0 } of placements) {
    const src = sources[source];
    if (!src) throw new RangeError(`No source ${source}`);
    if (src.mimeType !== 'application/pdf' && page !== 0)
      throw new RangeError(`Source ${source} is an image: page 0 only`);
    // pdf-lib copies a page once per document; placing it twice would share one page object.
    const key = `${source}:${page}`;
    if (seen.has(key)) throw new RangeError(`Page ${page} of source ${source} is placed twice`);
    seen.add(key);
  }
}

function normaliseAngle(angle: number): Rotation {
  const quarter = Math.round(angle / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as Rotation;
}
