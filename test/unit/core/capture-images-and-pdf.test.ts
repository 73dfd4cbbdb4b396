// Real images made with sharp and real PDFs made with @cantoo/pdf-lib, read back to check the result.
import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assemblePdf } from '../../../electron/core/capture/assemble-pdf.js';
import { captureDocument } from '../../../electron/core/capture/capture-document.js';
import { CaptureError } from '../../../electron/core/capture/errors.js';
import { normaliseImage } from '../../../electron/core/capture/normalise-image.js';
import { countPdfPages } from '../../../electron/core/capture/pdf-input.js';
import { renderThumbnail } from '../../../electron/core/capture/thumbnail.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

async function solidImage(width: number, height: number, format: 'png' | 'jpeg'): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function pdfWithPages(sizes: Array<[number, number]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return doc.save();
}

describe('normaliseImage', { timeout: CPU_HEAVY }, () => {
  it('applies EXIF orientation and strips metadata', async () => {
    // Stored 400×200 with orientation 6: the camera was turned, the picture is 200 wide, 400 high.
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-device-serial' } } })
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);

    const result = await normaliseImage(rotated);
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 400 });
    const meta = await sharp(result.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(result.bytes).includes('secret-device-serial')).toBe(false);
  });

  it('scales large scans down to A4 at 300 dpi and turns PNG into JPEG', async () => {
    const result = await normaliseImage(await solidImage(3000, 4000, 'png'));
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 1860, height: 2480 });
    const small = await normaliseImage(await solidImage(300, 200, 'png'));
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('refuses bytes that are not an image with a CaptureError', async () => {
    await expect(
      normaliseImage(Uint8Array.from([0xff, 0xd8, 0xff, 0, 1, 2]), 'photo.jpg'),
    ).rejects.toBeInstanceOf(CaptureError);
  });
});

describe('assemblePdf', { timeout: CPU_HEAVY }, () => {
  it('assembles 2 images and a 2-page PDF into 4 pages in the chosen order with rotations', async () => {
    const portrait = await normaliseImage(await solidImage(600, 900, 'jpeg'));
    const landscape = await solidImage(900, 600, 'png');
    const pdf = await pdfWithPages([
      [300, 400],
      [500, 250],
    ]);
    const sources = [
      { bytes: portrait.bytes, mimeType: 'image/jpeg' as const },
      { bytes: landscape, mimeType: 'image/png' as const },
      { bytes: pdf, mimeType: 'application/pdf' as const },
    ];
    const out = await assemblePdf(sources, [
      { source: 2, page: 1, rotation: 90 },
      { source: 0 },
      { source: 2, page: 0 },
      { source: 1, rotation: 270 },
    ]);
    const doc = await PDFDocument.load(out);
    const pages = doc.getPages().map((page) => ({
      size: [Math.round(page.getWidth()), Math.round(page.getHeight())],
      rotation: page.getRotation().angle,
    }));
    expect(pages).toEqual([
      { size: [500, 250], rotation: 90 },
      { size: [595, 842], rotation: 0 },
      { size: [300, 400], rotation: 0 },
      { size: [842, 595], rotation: 270 },
    ]);
    expect(await countPdfPages(out)).toBe(4);
  });

  it('defaults to every page in order, adding to a rotation the PDF already had', async () => {
    const source = await PDFDocument.create();
    source.addPage([200, 300]).setRotation(degrees(270));
    source.addPage([200, 300]);
    const out = await assemblePdf([
      { bytes: await source.save(), mimeType: 'application/pdf', rotation: 180 },
    ]);
    const doc = await PDFDocument.load(out);
    expect(doc.getPages().map((page) => page.getRotation().angle)).toEqual([90, 180]);
  });

  it('refuses a layout that places a page twice or points nowhere', async () => {
    const pdf = { bytes: await pdfWithPages([[100, 100]]), mimeType: 'application/pdf' as const };
    await expect(assemblePdf([pdf], [{ source: 0 }, { source: 0 }])).rejects.toThrow(RangeError);
    await expect(assemblePdf([pdf], [{ source: 1 }])).rejects.toThrow(RangeError);
    await expect(assemblePdf([pdf], [{ source: 0, page: 3 }])).rejects.toThrow(RangeError);
  });
});

describe('captureDocument', { timeout: CPU_HEAVY }, () => {
  it('checks, normalises and assembles picked files into one PDF', async () => {
    const result = await captureDocument(
      [
        { name: 'front.jpg', bytes: await solidImage(800, 600, 'jpeg') },
        { name: 'pages.pdf', bytes: await pdfWithPages([[595, 842]]) },
      ],
      'individual',
    );
    expect(result.pages).toBe(2);
    expect(await countPdfPages(result.bytes)).toBe(2);
  });

  it('refuses a password-protected PDF with what to do about it', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    doc.encrypt({ userPassword: 'statement-2024', ownerPassword: 'bank' });
    const bytes = await doc.save();
    await expect(captureDocument([{ name: 'statement.pdf', bytes }], 'individual')).rejects.toMatchObject({
      problem: 'protected',
      message: expect.stringContaining('“statement.pdf” is protected with a password'),
    });
  });

  it('refuses a PDF that opens without a password but forbids copying', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    doc.encrypt({ userPassword: '', ownerPassword: 'bank', permissions: { copying: false } });
    const bytes = await doc.save();
    await expect(captureDocument([{ name: 'statement.pdf', bytes }], 'individual')).rejects.toMatchObject({
      problem: 'protected',
    });
  });

  it('refuses a damaged PDF and a text file by name', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf');
    await expect(captureDocument([{ name: 'deed.pdf', bytes: damaged }], 'entity')).rejects.toMatchObject({
      problem: 'damaged',
    });
    await expect(
      captureDocument([{ name: 'notes.pdf', bytes: new TextEncoder().encode('hello') }], 'entity'),
    ).rejects.toThrow('“notes.pdf” is not a PDF, PNG or JPEG file (it looks like plain text).');
  });
});

describe('renderThumbnail', { timeout: CPU_HEAVY }, () => {
  it('renders a PDF page (with its text) and an image, turned as chosen', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.drawText('Certificate of incorporation', {
      x: 50,
      y: 780,
      size: 24,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const pdf = await doc.save();
    const thumb = await renderThumbnail(pdf, 'application/pdf', { maxSide: 200 });
    // A4 is 1 : 1.414; the canvas rounds up, hence the pixel of slack.
    expect(thumb.height).toBe(200);
    expect(Math.abs(thumb.width - 141)).toBeLessThanOrEqual(1);
    const turned = await renderThumbnail(pdf, 'application/pdf', { maxSide: 200, rotation: 90 });
    expect(turned.width).toBe(200);
    expect(Math.abs(turned.height - 141)).toBeLessThanOrEqual(1);
    // Not blank: the text left dark pixels on the white page.
    const stats = await sharp(thumb.bytes).stats();
    expect(stats.channels[0]?.min).toBeLessThan(128);

    const image = await renderThumbnail(await solidImage(400, 300, 'jpeg'), 'image/jpeg', {
      maxSide: 100,
      rotation: 270,
    });
    expect([image.width, image.height]).toEqual([75, 100]);
  });
});
