// A machine-readable zone (ICAO 9303 TD1, TD2 or TD3) read from a photo or scan: the zone is found
// first (mrz-zone.ts), each of its lines is cut out straightened and scaled to one character
// height, binarised and read by OCR with the MRZ alphabet only, the characters placed on the line's
// fixed-pitch grid (mrz-ocr.ts); the check digits then settle look-alike characters
// (mrz-correction.ts) and `mrz` parses the fields. Names carry no check digit: a name is offered as
// sure only where the OCR was sure of every character, each looks like the zone's other examples of
// itself (mrz-glyphs.ts), and the shape classifier, which errs differently, read it the same; the
// zone itself, cropped and straightened, goes to the screen beside the reading.
import type * as Mrz from 'mrz';
import type { Sharp } from 'sharp';
import type { IdentityReading } from '../../../../shared/domain/identity-document.js';
import { parseSouthAfricanId } from '../../../../shared/domain/sa-id.js';
import { loadSharp } from '../load-sharp.js';
import { CERTAIN, correctMrz, type ReadChar } from './mrz-correction.js';
import { doubtLookAlikes, doubtNameShapes, fillerByShape, type GlyphLine } from './mrz-glyphs.js';
import { LAYOUTS, layoutOf, type Layout } from './mrz-layout.js';
import {
  gridOf,
  intoCells,
  recogniseLine,
  startMrzOcr,
  stopMrzOcr,
  type Engine,
  type Symbol,
} from './mrz-ocr.js';
import { findZone, type Grey, type Zone } from './mrz-zone.js';

export { stopMrzOcr as stopMrzReader };

export interface MrzResult {
  reading: IdentityReading;
  /** The zone cropped from the image and straightened, a small grey PNG. */
  strip: Uint8Array;
  /** Degrees the picture is turned by (clockwise), as the zone's lines slope. */
  skew: number;
}

const MAX_INPUT_PIXELS = 100_000_000;
/** The zone is looked for on the picture shrunk to this long side (1 000 px lost a page turned 10°). */
const FIND_LONG_SIDE = 1200;
/** Capital height the OCR reads at, in pixels: tesseract's best range. */
const CAP = 34;
/** Capital height of the strip shown to the person. */
const SHOWN_CAP = 18;

/** The MRZ of a document, or null when none is found or its check digits do not all hold. */
export async function readMrz(image: Uint8Array, today: Date = new Date()): Promise<MrzResult | null> {
  const sharp = await loadSharp();
  const meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const fullWidth = meta.autoOrient?.width ?? meta.width ?? 0;
  const fullHeight = meta.autoOrient?.height ?? meta.height ?? 0;
  if (fullWidth === 0 || fullHeight === 0) return null;
  const small = await greyOf(
    sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: FIND_LONG_SIDE, height: FIND_LONG_SIDE, fit: 'inside', withoutEnlargement: true }),
  );
  const zone = findZone(small);
  if (!zone) return null;
  // Decode again only around the zone (cut out first: resizing the whole photo would cost more than
  // all the rest), and only as finely as the OCR needs.
  const found = small.width / fullWidth;
  const cap = Math.max(...zone.lines.map((l) => l.height));
  const box = boundsOf(zone, cap);
  const left = clamp(Math.floor(box.left / found), 0, fullWidth - 2);
  const top = clamp(Math.floor(box.top / found), 0, fullHeight - 2);
  const region = {
    left,
    top,
    width: clamp(Math.ceil(box.right / found) - left, 1, fullWidth - left),
    height: clamp(Math.ceil(box.bottom / found) - top, 1, fullHeight - top),
  };
  const scale = Math.min(1, (CAP * 1.5) / (cap / found));
  const source = await greyOf(
    sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .extract(region)
      .resize({
        width: Math.max(1, Math.round(region.width * scale)),
        height: Math.max(1, Math.round(region.height * scale)),
        fit: 'fill',
      }),
  );
  const place = { scale: scale / found, left: left * scale, top: top * scale };
  const skew = (zone.angle * 180) / Math.PI;
  // Upright first; turned round only when the first reading upright does not look like a zone. Of
  // two that do not, both are tried to the end.
  const tried: Array<{ lines: LineImage[]; binary: Symbol[][] }> = [];
  for (const upsideDown of [false, true]) {
    const lines = straightLines(source, zone, cap, place, upsideDown);
    const binary: Symbol[][] = [];
    for (const line of lines) binary.push(await ocrLine(line, line.binary));
    if (looksLikeZone(binary)) {
      const reading = await readZone(lines, binary, today);
      return reading ? { reading, strip: await stripOf(lines), skew } : null;
    }
    tried.push({ lines, binary });
  }
  for (const { lines, binary } of tried) {
    const reading = await readZone(lines, binary, today);
    if (reading) return { reading, strip: await stripOf(lines), skew };
  }
  return null;
}

/** The least mean confidence of each line of a first reading that looks like a zone. */
const MRZ_LIKE_CONFIDENCE = 85;

/**
 * A first reading that looks like a machine-readable zone: its first line begins as a document's
 * code does (P, I, A, C or V), and the OCR was sure of most of what it read.
 */
function looksLikeZone(binary: readonly Symbol[][]): boolean {
  return (
    /^[PIACV]$/.test(binary[0]![0]?.char ?? '') &&
    binary.every((symbols) => meanConfidence(symbols) >= MRZ_LIKE_CONFIDENCE)
  );
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

async function greyOf(pipeline: Sharp): Promise<Grey> {
  const { data, info } = await pipeline.greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    data:
      info.channels === 1
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : firstChannel(data, info.channels),
    width: info.width,
    height: info.height,
  };
}

function firstChannel(data: Buffer, channels: number): Uint8Array {
  const out = new Uint8Array(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!;
  return out;
}

function boundsOf(zone: Zone, cap: number) {
  const ux = Math.cos(zone.angle);
  const uy = Math.sin(zone.angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const l of zone.lines)
    for (const a of [-1, 1])
      for (const b of [-1, 1]) {
        const along = a * (l.length / 2 + 2 * cap);
        const across = b * 1.5 * cap;
        xs.push(l.x + along * ux - across * uy);
        ys.push(l.y + along * uy + across * ux);
      }
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

interface LineImage extends Grey {
  /** Columns where the line's print begins and ends. */
  inkStart: number;
  inkEnd: number;
  /** The line binarised, black print on white, as tesseract reads it. */
  binary: Uint8Array;
}

/**
 * Each line of the zone cut out along its slope and scaled so its capitals are CAP pixels tall:
 * the page's skew is undone here, by sampling, rather than by turning the whole image.
 */
function straightLines(
  source: Grey,
  zone: Zone,
  cap: number,
  place: { scale: number; left: number; top: number },
  upsideDown: boolean,
): LineImage[] {
  const k = CAP / cap;
  const sign = upsideDown ? -1 : 1;
  const ux = sign * Math.cos(zone.angle);
  const uy = sign * Math.sin(zone.angle);
  const ordered = upsideDown ? [...zone.lines].reverse() : zone.lines;
  return ordered.map((line) => {
    const width = Math.round((line.length + 2 * cap) * k);
    const height = Math.round(1.8 * CAP);
    const data = new Uint8Array(width * height);
    for (let oy = 0; oy < height; oy++) {
      for (let ox = 0; ox < width; ox++) {
        const along = (ox - width / 2) / k;
        const across = (oy - height / 2) / k;
        const x = (line.x + along * ux - across * uy) * place.scale - place.left;
        const y = (line.y + along * uy + across * ux) * place.scale - place.top;
        data[oy * width + ox] = sample(source, x, y);
      }
    }
    return { ...binarised({ data, width, height }), data: stretched(data) };
  });
}

function sample({ data, width, height }: Grey, x: number, y: number): number {
  if (x < 0 || y < 0 || x >= width - 1 || y >= height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = data[i]! * (1 - fx) + data[i + 1]! * fx;
  const bottom = data[i + width]! * (1 - fx) + data[i + width + 1]! * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}

/** Contrast stretched between the 1st and 99th percentile, for the strip the person sees. */
function stretched(data: Uint8Array): Uint8Array {
  const sorted = Uint8Array.from(data).sort();
  const low = sorted[Math.floor(sorted.length * 0.01)]!;
  const high = sorted[Math.floor(sorted.length * 0.99)]!;
  const range = Math.max(1, high - low);
  return data.map((v) => clamp(Math.round(((v - low) * 255) / range), 0, 255));
}

/** Otsu's threshold after a 3 × 3 mean (camera grain is finer than a stroke). */
function binarised(line: Grey): Omit<LineImage, 'data'> {
  const { data, width, height } = line;
  const smooth = new Uint8Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += data[yy * width + xx]!;
          n++;
        }
      smooth[y * width + x] = sum / n;
    }
  const histogram = new Array<number>(256).fill(0);
  for (const v of smooth) histogram[v]!++;
  const threshold = otsu(histogram, smooth.length);
  const binary = smooth.map((v) => (v <= threshold ? 0 : 255));
  // A column dark at both the top and the bottom of the line's picture is no print (print keeps to
  // the middle): the page's edge and the desk beyond it are cleared.
  const margin = Math.max(1, Math.floor(height * 0.12));
  for (let x = 0; x < width; x++) {
    let top = 0;
    let bottom = 0;
    for (let y = 0; y < margin; y++) {
      if (binary[y * width + x] === 0) top++;
      if (binary[(height - 1 - y) * width + x] === 0) bottom++;
    }
    if (top > margin / 2 && bottom > margin / 2) for (let y = 0; y < height; y++) binary[y * width + x] = 255;
  }
  // Print begins and ends where a few neighbouring columns near the middle of the line hold a
  // stroke's worth of dark pixels: a speck of grain beside the line is not its first character.
  const columns = new Array<number>(width).fill(0);
  for (let y = Math.floor(height * 0.2); y < Math.ceil(height * 0.8); y++)
    for (let x = 0; x < width; x++) if (binary[y * width + x] === 0) columns[x]!++;
  const span = 4;
  const inked = (x: number) => {
    let dark = 0;
    for (let k = 0; k < span; k++) dark += columns[x + k] ?? 0;
    return columns[x]! >= 2 && dark >= CAP / 4;
  };
  let inkStart = 0;
  while (inkStart < width - 1 && !inked(inkStart)) inkStart++;
  let inkEnd = width - 1;
  while (inkEnd > inkStart && !inked(Math.max(0, inkEnd - span + 1))) inkEnd--;
  return { width, height, binary, inkStart, inkEnd: inkEnd + 1 };
}

function otsu(histogram: number[], total: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * histogram[v]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 127;
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += v * histogram[v]!;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/**
 * The first reading of each line (binarised), placed in the cells of the layout the zone's shape and
 * the reading agree on; the check digits settle the checked fields, and the name's characters are
 * checked against the zone's own examples of them and against the shape classifier's reading of the
 * name line, made beside the first. When that settles everything, nothing is read again. Otherwise
 * the grey pictures are read once by the LSTM: the name line's, when the name is not sure, and every
 * line's when the check digits failed. The two readings err differently.
 */
async function readZone(
  lines: LineImage[],
  binary: readonly Symbol[][],
  today: Date,
): Promise<IdentityReading | null> {
  const grey = new Map<number, Promise<Symbol[]>>();
  const greyOf = (i: number) => {
    let symbols = grey.get(i);
    if (!symbols) grey.set(i, (symbols = ocrLine(lines[i]!, lines[i]!.data)));
    return symbols;
  };
  // Every layout of so many lines has its name on the same line.
  const nameLine = layoutOf(lines.length, lines.length === 3 ? 30 : 44)!.name.line;
  const shapeReading = ocrLine(lines[nameLine]!, lines[nameLine]!.data, 'legacy');
  // Awaited below on every path that reads the name; a zone refused before then leaves it unread.
  shapeReading.catch(() => undefined);
  // OCR drops some filler but seldom adds characters: the fullest line says 36 or 44 best, and the
  // other is tried when its check digits fail.
  const fullest = Math.max(...binary.map((s) => s.length));
  const lengths = lines.length === 3 ? [30] : fullest > 40 ? [44, 36] : [36, 44];
  for (const length of lengths) {
    const layout = layoutOf(lines.length, length)!;
    // The ways of placing each line's characters in its cells: one, except for the second line,
    // which ends in the composite check digit (see gridOf and intoCells): the check digits choose.
    const placings = binary.map((symbols, i) => {
      const ink = { start: lines[i]!.inkStart, end: lines[i]!.inkEnd, endsInDigit: i === 1 };
      return gridOf(symbols, length, ink).flatMap((grid) =>
        (i === 1 ? [false, true] : [false]).map((pinLast) => ({
          grid,
          pinLast,
          cells: intoCells(symbols, length, grid, pinLast),
        })),
      );
    });
    const ways = placings[1]!
      .filter((p, k, all) => all.findIndex((q) => sameCells(q.cells.read, p.cells.read)) === k)
      .map((second) => placings.map((options, i) => (i === 1 ? second : options[0]!)));
    const glyphsOf = (way: (typeof ways)[number]) =>
      lines.map((line, i) => ({ ...line, ...way[i]!.grid, centres: way[i]!.cells.centres }));
    const shapesOn = async (way: (typeof ways)[number]) =>
      intoCells(await shapeReading, length, way[nameLine]!.grid, way[nameLine]!.pinLast).read;
    let chosen = ways[0]!;
    let verdict: IdentityReading | null = null;
    for (const way of ways) {
      const cells = way.map((p) => p.cells.read);
      verdict = await settled(cells, glyphsOf(way), layout, today, {
        first: cells[nameLine]!,
        shapes: await shapesOn(way),
      });
      if (verdict) {
        chosen = way;
        break;
      }
    }
    if (verdict?.mrz?.nameCertain) return verdict;
    // The second reading, of the grey pictures placed as the first: of the name line alone when the
    // checked lines were settled, of every line when they were not.
    const candidates = verdict ? [chosen] : ways;
    for (const way of candidates) {
      const firstRead = way.map((p) => p.cells.read);
      const second = new Map<number, ReadChar[]>();
      for (const i of verdict ? [nameLine] : lines.map((_, i) => i))
        second.set(i, intoCells(await greyOf(i), length, way[i]!.grid, way[i]!.pinLast).read);
      const again = { first: firstRead[nameLine]!, shapes: await shapesOn(way) };
      const both = (i: number) => firstRead[i]!.map((c, k) => agreed(c, second.get(i)![k]!));
      const variants: ReadChar[][][] = verdict
        ? [firstRead.map((l, i) => (i === nameLine ? both(i) : l)), firstRead]
        : [lines.map((_, i) => (i === nameLine ? both(i) : second.get(i)!)), lines.map((_, i) => both(i))];
      for (const cells of variants) {
        const settledAgain = await settled(cells, glyphsOf(way), layout, today, again);
        if (settledAgain) return settledAgain;
      }
    }
  }
  return null;
}

const sameCells = (a: readonly ReadChar[], b: readonly ReadChar[]) =>
  a.every((c, i) => c.char === b[i]!.char && c.confidence === b[i]!.confidence);

const meanConfidence = (symbols: readonly Symbol[]) =>
  symbols.length ? symbols.reduce((sum, s) => sum + s.confidence, 0) / symbols.length : 0;

/**
 * The shape classifier's confidences run lower than the LSTM's: on the MRZ bench's 72 generated
 * documents, every one of the 1 766 characters of names it read was right, 33 of them (W, C, S, J,
 * I, O) read at 85–89, none below 80.
 */
const SHAPE_SURE = 80;

/**
 * The reading of the zone's cells: filler the OCR read as a letter put back, look-alikes settled by
 * the check digits, the name's characters checked against the zone's examples of them. Each of the
 * name's characters is sure only when the shape classifier (`again.shapes`, its reading of the name
 * line) read it the same with at least SHAPE_SURE, and one the zone has no other example of only
 * when the LSTM's first reading (`again.first`) was sure of it as well. Where the shape classifier
 * disagrees and was surer than the LSTM, its letter is the guess shown beside the strip.
 */
async function settled(
  read: readonly (readonly ReadChar[])[],
  glyphLines: readonly GlyphLine[],
  layout: Layout,
  today: Date,
  again: { first: readonly ReadChar[]; shapes: readonly ReadChar[] },
): Promise<IdentityReading | null> {
  const cells = read.map((line) => line.map((c) => ({ ...c })));
  fillerByShape(cells, glyphLines, layout);
  doubtLookAlikes(cells, glyphLines, layout);
  const corrected = correctMrz(cells, layout);
  if (!corrected.ok) return null;
  const named = withNameFiller(corrected.lines, corrected.confidence, layout);
  const shapes = named.lines.map((line, l) =>
    [...line].map((char, i) => ({ char, confidence: named.confidence[l]![i]! })),
  );
  const evidence = corrected.lines.map((line, l) =>
    [...line].map((char, i) => ({ char, confidence: corrected.confidence[l]![i]! })),
  );
  const unconfirmed = doubtNameShapes(shapes, evidence, read, glyphLines, layout);
  const nameLine = shapes[layout.name.line]!;
  const { start, end } = layout.name;
  for (let i = start; i < end; i++) {
    const c = nameLine[i]!;
    // Filler after the name is filler by the zone's rule, whatever either engine made of it.
    if (c.char === '<' && c.confidence === 100) continue;
    const shape = again.shapes[i]!;
    const first = again.first[i]!;
    const shapeSure = shape.char === c.char && shape.confidence >= SHAPE_SURE;
    const firstSure = first.char === c.char && first.confidence >= CERTAIN;
    if (shapeSure && (firstSure || !unconfirmed.includes(i))) continue;
    nameLine[i] =
      shape.char !== c.char && /^[A-Z<]$/.test(shape.char) && shape.confidence > c.confidence
        ? { char: shape.char, confidence: CERTAIN - 1 }
        : { ...c, confidence: Math.min(c.confidence, CERTAIN - 1) };
  }
  return readingOf(
    shapes.map((line) => line.map((c) => c.char).join('')),
    shapes.map((line) => line.map((c) => c.confidence)),
    today,
  );
}

/**
 * A name field is SURNAME<<GIVEN<NAMES then filler: after the second '<<' nothing but filler may
 * stand, so what OCR made of the filler there is written back as such. Anything there read as a
 * letter leaves the name unsure: it may be a name the OCR broke with a '<<' of its own.
 */
function withNameFiller(lines: string[], confidence: number[][], layout: Layout) {
  const { line, start, end } = layout.name;
  const field = lines[line]!.slice(start, end);
  const separator = field.indexOf('<<');
  const filler = separator < 0 ? -1 : field.indexOf('<<', separator + 2);
  if (filler < 0) return { lines, confidence };
  const tail = field.slice(filler);
  const rewritten = [...lines];
  rewritten[line] = lines[line]!.slice(0, start + filler) + '<'.repeat(tail.length) + lines[line]!.slice(end);
  const sure = confidence.map((row) => [...row]);
  // The '<<' that opens the filler must itself have been read surely: an unseen letter reads as '<'.
  const opening = confidence[line]!.slice(start + filler, start + filler + 2);
  const doubt = /[A-Z0-9]/.test(tail) || opening.some((c) => c < CERTAIN);
  for (let i = start; i < end; i++) {
    if (i >= start + filler) sure[line]![i] = 100;
    if (doubt) sure[line]![i] = Math.min(sure[line]![i]!, CERTAIN - 1);
  }
  return { lines: rewritten, confidence: sure };
}

async function ocrLine(line: LineImage, pixels: Uint8Array, engine: Engine = 'lstm'): Promise<Symbol[]> {
  const sharp = await loadSharp();
  const pad = Math.round(line.height / 3.6);
  const png = await sharp(pixels, { raw: { width: line.width, height: line.height, channels: 1 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const symbols = await recogniseLine(png, engine);
  return symbols.map((s) => ({ ...s, x0: s.x0 - pad, x1: s.x1 - pad }));
}

/** A cell the OCR placed nothing in. */
const unseen = (r: ReadChar) => r.char === '<' && r.confidence === 0;

/** Two readings of one character: sure when they agree, unsure (with both) when they differ. */
function agreed(a: ReadChar, b: ReadChar): ReadChar {
  if (unseen(a) !== unseen(b)) {
    const seen = unseen(a) ? b : a;
    return { ...seen, confidence: Math.min(seen.confidence, CERTAIN - 1) };
  }
  if (a.char === b.char) return { char: a.char, confidence: Math.max(a.confidence, b.confidence) };
  const [sure, other] = a.confidence >= b.confidence ? [a, b] : [b, a];
  return {
    char: sure.char,
    confidence: Math.min(sure.confidence, 100 - other.confidence, CERTAIN - 1),
    alternatives: [other.char, ...(sure.alternatives ?? []), ...(other.alternatives ?? [])],
  };
}

let mrzParser: Promise<typeof Mrz> | null = null;

/**
 * Loads what a reading needs before the image comes: the OCR engines (a second or more), libvips and
 * the MRZ parser (a few hundred milliseconds each, cold).
 */
export async function startMrzReader(): Promise<void> {
  await Promise.all([startMrzOcr(), loadSharp(), (mrzParser ??= import('mrz'))]);
}

/** The reading of MRZ lines that passed their check digits, with how sure each character is. */
export async function readingOf(
  lines: string[],
  confidence: number[][],
  today: Date,
): Promise<IdentityReading | null> {
  const layout = layoutOf(lines.length, lines[0]!.length);
  if (!layout) return null;
  const { parse } = await (mrzParser ??= import('mrz'));
  let result;
  try {
    result = parse(lines);
  } catch {
    return null;
  }
  if (!result.valid) return null;
  const f = result.fields;
  const certain = confidence.map((line) => line.map((c) => c >= CERTAIN));
  const { name } = layout;
  const passport = lines[0]!.startsWith('P');
  const optional = layout === LAYOUTS.TD1 ? lines[0]!.slice(15, 28) : '';
  const idNumber = f.issuingState === 'ZAF' && parseSouthAfricanId(optional).ok ? optional : null;
  return {
    source: passport ? 'passport-mrz' : 'id-card-mrz',
    surname: title((f.lastName ?? '').replace(/\s+/g, ' ').trim()),
    names: title((f.firstName ?? '').replace(/\s+/g, ' ').trim()),
    idNumber,
    documentNumber: result.documentNumber ?? f.documentNumber ?? null,
    nationality: f.nationality ?? '',
    dateOfBirth: f.birthDate ? fullDate(f.birthDate, today, 'past') : null,
    gender: f.sex === 'male' ? 'Male' : f.sex === 'female' ? 'Female' : null,
    expiry: f.expirationDate ? fullDate(f.expirationDate, today, 'future') : null,
    issuer: f.issuingState ?? null,
    mrz: {
      format: layout.format,
      lines,
      certain,
      name,
      nameCertain: certain[name.line]!.slice(name.start, name.end).every(Boolean),
    },
  };
}

/** The straightened lines stacked, small, for the person to compare the name with. */
async function stripOf(lines: LineImage[]): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const width = Math.max(...lines.map((l) => l.width));
  const height = lines.reduce((sum, l) => sum + l.height, 0);
  const data = new Uint8Array(width * height).fill(255);
  let y = 0;
  for (const line of lines) {
    for (let row = 0; row < line.height; row++)
      data.set(line.data.subarray(row * line.width, (row + 1) * line.width), (y + row) * width);
    y += line.height;
  }
  const png = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize({ height: Math.round((height * SHOWN_CAP) / CAP) })
    .png({ palette: true, colours: 16 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

const title = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase());

/** YYMMDD to YYYY-MM-DD: a birth date never lies ahead; an expiry is within the next 50 years. */
function fullDate(yymmdd: string, today: Date, when: 'past' | 'future'): string {
  const yy = Number(yymmdd.slice(0, 2));
  const current = today.getUTCFullYear() % 100;
  const century = when === 'past' ? (yy > current ? 1900 : 2000) : yy < current - 50 ? 2100 : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}
