// Small, distinct, valid documents for capture tests.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { randomBytes } from 'node:crypto';

/** A one-page PDF whose text (and so bytes and hash) differs per label. */
export async function makePdf(label: string, pages = 1): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 200]);
    page.drawText(`${label} p${i + 1}`, { x: 20, y: 100, size: 14, font });
  }
  // Fixed dates keep the bytes a function of the label only.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return new Uint8Array(await doc.save());
}

/** A "PDF" of `size` bytes: the magic and random filler, for upload volume (sniffed, never parsed). */
export function bulkPdf(size: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.4\n% bulk test document\n');
  return new Uint8Array(Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]));
}

export const NOT_A_DOCUMENT = new TextEncoder().encode('PK\u0003\u0004 this is a zip archive, not a scan');
