// Counting a PDF's pages from a few byte ranges: the same count a viewer (pdf.js) finds, for the
// layouts writers produce, a few kilobytes read whatever the file's size, and null (leave it to
// pdf.js) for a file whose structure it cannot follow or whose page tree disagrees with /Count.
import type { PDFRef } from '@cantoo/pdf-lib';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { readPageCount, type ByteRanges } from '../../../electron/core/capture/pdf-page-count.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

/** The file's bytes as ranges, counting how many were read; out of range fails as the vault's reader does. */
function ranges(bytes: Uint8Array): ByteRanges & { bytesRead: number } {
  return {
    size: bytes.length,
    bytesRead: 0,
    async read(begin, end) {
      if (begin < 0 || begin > Math.min(end, bytes.length)) throw new RangeError(`No bytes ${begin}–${end}`);
      const part = bytes.subarray(begin, Math.min(end, bytes.length));
      this.bytesRead += part.length;
      return part;
    },
  };
}

async function textPdf(pages: number, useObjectStreams: boolean, filler = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 400]);
    page.drawText(`page ${i + 1}`, { x: 20, y: 200, size: 40, font });
    // An incompressible stream per page, standing in for a scanned image.
    if (filler > 0)
      page.node.set(PDFName.of('Filler'), doc.context.register(doc.context.stream(noise(filler))));
  }
  return doc.save({ useObjectStreams });
}

function noise(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0, x = 12345; i < size; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return bytes;
}

async function viewerCount(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * The file with an incremental update appended, as an editor saves one: `objects` replace or add
 * objects, listed in a new cross-reference table whose trailer points back to the previous one.
 */
function withRevision(
  bytes: Uint8Array,
  objects: Map<number, string>,
  root: PDFRef,
  size: number,
): Uint8Array {
  const text = latin1(bytes);
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  let appended = '\n';
  const offsets = new Map<number, number>();
  for (const [num, body] of objects) {
    offsets.set(num, text.length + appended.length);
    appended += `${num} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = text.length + appended.length;
  appended += 'xref\n';
  for (const [num, offset] of offsets) appended += `${num} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
  appended += `trailer\n<< /Size ${size} /Root ${root.toString()} /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(bytes), Buffer.from(appended, 'latin1')]);
}

describe('reading a PDF page count from byte ranges', { timeout: CPU_HEAVY }, () => {
  it('finds the pages a viewer finds, in files with cross-reference tables and with object streams', async () => {
    for (const useObjectStreams of [false, true]) {
      for (const pages of [1, 3, 250]) {
        const pdf = await textPdf(pages, useObjectStreams);
        expect(await readPageCount(ranges(pdf))).toEqual({ pages });
        expect(await viewerCount(pdf)).toBe(pages);
      }
    }
  });

  it('reads a few kilobytes of a large file, not the file', async () => {
    for (const useObjectStreams of [false, true]) {
      const pdf = await textPdf(10, useObjectStreams, 1024 * 1024);
      const file = ranges(pdf);
      expect(await readPageCount(file)).toEqual({ pages: 10 });
      expect(pdf.length).toBeGreaterThan(10 * 1024 * 1024);
      expect(file.bytesRead).toBeLessThan(64 * 1024);
    }
  });

  it('follows an incremental update: the newest page tree counts', async () => {
    const original = await textPdf(3, false);
    const doc = await PDFDocument.load(original);
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    const kept = doc
      .getPages()
      .slice(0, 2)
      .map((page) => page.ref.toString());
    const edited = withRevision(
      original,
      new Map([[pagesRef.objectNumber, `<< /Type /Pages /Kids [${kept.join(' ')}] /Count 2 >>`]]),
      doc.context.trailerInfo.Root as PDFRef,
      doc.context.largestObjectNumber + 1,
    );
    expect(await viewerCount(edited)).toBe(2);
    expect(await readPageCount(ranges(edited))).toEqual({ pages: 2 });
  });

  it('says an encrypted file is protected', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.encrypt({ userPassword: '', ownerPassword: 'bank', permissions: { copying: false } });
    expect(await readPageCount(ranges(await doc.save()))).toBe('protected');
  });

  it('leaves to pdf.js what it cannot follow: a broken file, a wrong startxref, a /Count the tree disagrees with', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body');
    expect(await readPageCount(ranges(broken))).toBeNull();

    const pdf = await textPdf(3, false);
    const text = latin1(pdf);
    const at = text.lastIndexOf('startxref') + 'startxref\n'.length;
    const wrongOffset = Buffer.from(pdf);
    wrongOffset.write('1'.padEnd(text.indexOf('\n', at) - at, ' '), at, 'latin1');
    expect(await readPageCount(ranges(wrongOffset))).toBeNull();
    // pdf.js rebuilds the cross-references by scanning the file.
    expect(await viewerCount(wrongOffset)).toBe(3);
    const pastTheEnd = Buffer.from(pdf);
    pastTheEnd.write('9'.repeat(text.indexOf('\n', at) - at), at, 'latin1');
    expect(await readPageCount(ranges(pastTheEnd))).toBeNull();

    const doc = await PDFDocument.load(pdf);
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    const kids = doc.getPages().map((page) => page.ref.toString());
    const overstated = withRevision(
      pdf,
      new Map([[pagesRef.objectNumber, `<< /Type /Pages /Kids [${kids.join(' ')}] /Count 5 >>`]]),
      doc.context.trailerInfo.Root as PDFRef,
      doc.context.largestObjectNumber + 1,
    );
    expect(await readPageCount(ranges(overstated))).toBeNull();
  });
});
