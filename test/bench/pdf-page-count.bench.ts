// A picked PDF's page count three ways, on the files the capture benches use: the core's own reader
// of the cross-references and page tree (capture/pdf-page-count.ts, a few byte ranges), pdf.js over
// byte ranges as capture/sealed-pdf.ts asks it, and @cantoo/pdf-lib, which parses the whole file.
// Each figure is the median of several runs after a first (which loads the library and is printed
// apart); RSS growth is the resident memory the run added over the process before it.
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { readPageCount, type ByteRanges } from '../../electron/core/capture/pdf-page-count.js';
import { median } from './support/median.js';
import { watchPeakRss } from './support/peak-rss.js';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

/** The capture benches' statement: 10 pages of incompressible JPEG, about 40 MB. */
async function scannedStatement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 10; i++) {
    const jpeg = await sharp(randomBytes(1900 * 2600 * 3), {
      raw: { width: 1900, height: 2600, channels: 3 },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await doc.embedJpg(jpeg);
    doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}

/** A long text document: many small pages, objects packed in object streams. */
async function longText(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`Statement line ${i + 1}`, { x: 40, y: 800, size: 12, font });
  return doc.save({ useObjectStreams: true });
}

function ranges(bytes: Uint8Array): ByteRanges & { bytesRead: number } {
  return {
    size: bytes.length,
    bytesRead: 0,
    async read(begin, end) {
      const part = bytes.subarray(begin, Math.min(end, bytes.length));
      this.bytesRead += part.length;
      return part;
    },
  };
}

async function ownReader(bytes: Uint8Array): Promise<number> {
  const counted = await readPageCount(ranges(bytes));
  if (!counted || counted === 'protected') throw new Error('the reader could not count');
  return counted.pages;
}

/** As capture/sealed-pdf.ts asks pdf.js: ranges of 1 MiB on request, no auto-fetch, no stream. */
async function pdfjsRanges(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  class Ranges extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      queueMicrotask(() => this.onDataRange(begin, bytes.slice(begin, end)));
    }
  }
  const pdf = await pdfjs.getDocument({
    range: new Ranges(bytes.length, null),
    length: bytes.length,
    rangeChunkSize: MB,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

async function pdfLib(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  return doc.getPageCount();
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function measure(
  name: string,
  file: string,
  bytes: Uint8Array,
  count: (b: Uint8Array) => Promise<number>,
) {
  gc();
  const before = process.memoryUsage.rss();
  const watch = watchPeakRss(5);
  const t0 = performance.now();
  const pages = await count(bytes);
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await count(bytes);
    times.push(performance.now() - t);
  }
  const peak = watch.stop();
  console.log(
    `page count, ${name}, ${file}: ${pages} pages, median ${median(times).toFixed(1)} ms (first ${first.toFixed(0)} ms), RSS growth ${((peak - before) / MB).toFixed(0)} MB (${watch.method})`,
  );
}

const statement = await scannedStatement();
const text = await longText(2000);
const files: Array<[string, Uint8Array]> = [
  [`${(statement.length / MB).toFixed(1)} MB scanned statement`, statement],
  [`${(text.length / MB).toFixed(1)} MB 2 000-page text`, text],
];
for (const [file, bytes] of files) {
  const probe = ranges(bytes);
  await readPageCount(probe);
  console.log(`page count, own reader, ${file}: ${(probe.bytesRead / 1024).toFixed(0)} KB read`);
}
for (const [file, bytes] of files) await measure('own reader', file, bytes, ownReader);
for (const [file, bytes] of files) await measure('pdf.js over ranges', file, bytes, pdfjsRanges);
for (const [file, bytes] of files) await measure('pdf-lib (whole file)', file, bytes, pdfLib);
