// A passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters) read by OCR with
// tesseract.js and its English model from @tesseract.js-data/eng, both from the installed packages
// (nothing is downloaded), then checked with `mrz` (check digits, with its OCR autocorrection of
// O/0 and similar). One OCR worker is kept once started: starting one costs about half a second.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import type { IdentityReading } from '../../../../shared/domain/identity-document.js';
import { loadSharp } from '../load-sharp.js';

let starting: Promise<Worker> | null = null;

function ocrWorker(): Promise<Worker> {
  starting ??= (async () => {
    const { createWorker, PSM } = await import('tesseract.js');
    const require = createRequire(import.meta.url);
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    const worker = await createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none' });
    await worker.setParameters({
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    });
    return worker;
  })().catch((error: unknown) => {
    starting = null;
    throw error;
  });
  return starting;
}

/** Stops the OCR worker (at core shutdown). */
export async function stopMrzReader(): Promise<void> {
  const pending = starting;
  starting = null;
  if (pending) await (await pending).terminate().catch(() => undefined);
}

const MAX_INPUT_PIXELS = 100_000_000;

/** The MRZ of a passport page, or null when none is found or its check digits fail. */
export async function readMrz(image: Uint8Array, today: Date = new Date()): Promise<IdentityReading | null> {
  const sharp = await loadSharp();
  const page = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const meta = await page.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width === 0 || height === 0) return null;
  // The zone is the bottom of the data page: read that first, the whole image if it is not there.
  const bottomTop = Math.floor(height * 0.6);
  const regions = [
    { left: 0, top: bottomTop, width, height: height - bottomTop },
    { left: 0, top: 0, width, height },
  ];
  const worker = await ocrWorker();
  for (const region of regions) {
    const png = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .extract(region)
      .resize({ width: 1600, withoutEnlargement: false })
      .greyscale()
      .normalise()
      .png()
      .toBuffer();
    const { data } = await worker.recognize(png);
    const reading = await mrzReading(data.text, today);
    if (reading) return reading;
  }
  return null;
}

/** Two 44-character lines out of OCR text, checked and turned into a reading. */
export async function mrzReading(text: string, today: Date): Promise<IdentityReading | null> {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, '').toUpperCase())
    .filter((l) => l.length >= 40);
  const { parse } = await import('mrz');
  for (let i = 0; i + 1 < lines.length; i++) {
    const pair = [withCleanFiller(fitFiller(lines[i]!)), fitFiller(lines[i + 1]!)];
    if (!pair[0]!.startsWith('P')) continue;
    let result;
    try {
      result = parse(pair, { autocorrect: true });
    } catch {
      continue;
    }
    if (!result.valid) continue;
    const f = result.fields;
    return {
      source: 'passport-mrz',
      surname: title((f.lastName ?? '').replace(/\s+/g, ' ').trim()),
      names: title((f.firstName ?? '').replace(/\s+/g, ' ').trim()),
      idNumber: null,
      documentNumber: f.documentNumber ?? null,
      nationality: f.nationality ?? '',
      dateOfBirth: f.birthDate ? fullDate(f.birthDate, today, 'past') : null,
      gender: f.sex === 'male' ? 'Male' : f.sex === 'female' ? 'Female' : null,
      expiry: f.expirationDate ? fullDate(f.expirationDate, today, 'future') : null,
    };
  }
  return null;
}

/**
 * OCR miscounts long runs of '<' by one or two. Every field of a TD3 line has a fixed width, so a
 * line of the wrong length is mended in its longest run of filler, where the miscount happens.
 */
function fitFiller(line: string): string {
  const runs = [...line.matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length);
  const longest = runs[0];
  if (line.length === 44 || !longest || longest[0].length < 3) return line.slice(0, 44).padEnd(44, '<');
  const length = Math.max(1, longest[0].length + 44 - line.length);
  return line.slice(0, longest.index) + '<'.repeat(length) + line.slice(longest.index + longest[0].length);
}

/**
 * The name field is SURNAME<<GIVEN<NAMES then filler '<'. OCR reads stray filler as L or K; after
 * the second '<<' everything is filler, so it is written back as such.
 */
function withCleanFiller(line: string): string {
  const first = line.slice(0, 44).padEnd(44, '<');
  const separator = first.indexOf('<<', 5);
  const filler = separator < 0 ? -1 : first.indexOf('<<', separator + 2);
  return filler < 0 ? first : first.slice(0, filler).padEnd(44, '<');
}

const title = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase());

/** YYMMDD to YYYY-MM-DD: a birth date never lies ahead; an expiry is within the next 50 years. */
function fullDate(yymmdd: string, today: Date, when: 'past' | 'future'): string {
  const yy = Number(yymmdd.slice(0, 2));
  const current = today.getUTCFullYear() % 100;
  const century = when === 'past' ? (yy > current ? 1900 : 2000) : yy < current - 50 ? 2100 : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}
