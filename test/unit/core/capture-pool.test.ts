// The capture worker thread: the same results as capture in the core, refusals with their reason
// for the person at the counter, and a worker that carries on after a refused file.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CapturePool } from '../../../electron/core/capture/capture-pool.js';
import { CaptureError } from '../../../electron/core/capture/errors.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([300, 400]).drawText(`page ${i + 1}`, { x: 20, y: 200, size: 40, font });
  return doc.save();
}

describe('capture worker pool', { timeout: CPU_HEAVY }, () => {
  const pool = new CapturePool();
  afterAll(() => pool.close());

  it('normalises a photo and counts a PDF in the worker, taking over their bytes without a copy', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#dddddd' } })
        .png()
        .toBuffer(),
    );
    const photo = await pool.process({ name: 'photo.png', bytes: png }, 'individual');
    expect(photo).toMatchObject({ mimeType: 'image/jpeg', pages: 1 });
    expect(await sharp(photo.bytes!).metadata()).toMatchObject({ format: 'jpeg', height: 2480 });
    // Handed over, not copied: the caller's buffer is detached.
    expect(png.byteLength).toBe(0);

    const pdf = await pool.process({ name: 'statement.pdf', bytes: await textPdf(3) }, 'entity');
    // A PDF is kept as picked: its bytes do not come back.
    expect(pdf).toEqual({ mimeType: 'application/pdf', pages: 3, problems: [], bytes: null });
  });

  it('refuses a damaged PDF with the reason for the person, then takes the next file', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body');
    const refusal = await pool
      .process({ name: 'broken.pdf', bytes: damaged }, 'entity')
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CaptureError);
    expect(refusal).toMatchObject({
      problem: 'damaged',
      message: expect.stringMatching(/“broken\.pdf” is damaged/),
    });
    const next = await pool.process({ name: 'fine.pdf', bytes: await textPdf(1) }, 'entity');
    expect(next.pages).toBe(1);
  });

  it('renders the asked pages of a PDF in one task and assembles a document', async () => {
    const pdf = await textPdf(3);
    const thumbs = await pool.thumbnails(pdf.slice(), 'application/pdf', [2, 0], { maxSide: 200 });
    expect(thumbs.map((t) => Math.max(t.width, t.height))).toEqual([200, 200]);
    expect(Buffer.from(thumbs[0]!.bytes).equals(Buffer.from(thumbs[1]!.bytes))).toBe(false);

    const assembled = await pool.assemble(
      [{ bytes: pdf, mimeType: 'application/pdf' }],
      [{ source: 0, page: 1 }],
    );
    expect((await PDFDocument.load(assembled)).getPageCount()).toBe(1);
  });
});
