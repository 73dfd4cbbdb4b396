// The capture worker thread: the same results as capture in the core, refusals with their reason
// for the person at the counter, and a worker that carries on after a refused file. A picked file
// is read from the vault by the worker itself.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturePool } from '../../../electron/core/capture/capture-pool.js';
import { CaptureError } from '../../../electron/core/capture/errors.js';
import { Vault } from '../../../electron/core/vault/vault.js';
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
  let dir: string;
  let vault: Vault;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fica-capture-pool-'));
    vault = await Vault.open({ dir, keyStore: { getOrCreate: async () => randomBytes(32) } });
  });
  afterAll(async () => {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  });
  /** A picked file as capture keeps it: sealed into the vault as it is. */
  const stored = async (bytes: Uint8Array) => vault.sealedFile((await vault.importFile(bytes)).id);

  it('normalises a photo and counts a PDF in the worker, reading them from the vault there', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#dddddd' } })
        .png()
        .toBuffer(),
    );
    const photo = await pool.process(await stored(png), 'photo.png', 'individual');
    expect(photo).toMatchObject({ mimeType: 'image/jpeg', pages: 1 });
    expect(await sharp(photo.bytes!).metadata()).toMatchObject({ format: 'jpeg', height: 2480 });

    const pdf = await pool.process(await stored(await textPdf(3)), 'statement.pdf', 'entity');
    // A PDF is kept as picked: its bytes do not come back.
    expect(pdf).toEqual({ mimeType: 'application/pdf', pages: 3, problems: [], bytes: null });
  });

  it('refuses a damaged PDF with the reason for the person, then takes the next file', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body');
    const refusal = await pool
      .process(await stored(damaged), 'broken.pdf', 'entity')
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CaptureError);
    expect(refusal).toMatchObject({
      problem: 'damaged',
      message: expect.stringMatching(/“broken\.pdf” is damaged/),
    });
    const next = await pool.process(await stored(await textPdf(1)), 'fine.pdf', 'entity');
    expect(next.pages).toBe(1);
  });

  it('refuses a stored file that is gone or does not verify, then takes the next file', async () => {
    const gone = await stored(await textPdf(1));
    await vault.remove(gone.id);
    await expect(pool.process(gone, 'gone.pdf', 'entity')).rejects.toThrow();
    const other = await stored(await textPdf(1));
    await expect(pool.process({ ...other, key: randomBytes(32) }, 'other.pdf', 'entity')).rejects.toThrow(
      /does not verify/,
    );
    expect((await pool.process(other, 'other.pdf', 'entity')).pages).toBe(1);
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
