// OCR reads a zero after a letter as an O (and the like) with high confidence: its model expects
// words. The zone itself shows what its font's zero and O look like, at positions that can hold only
// one of them (a date holds digits, a name letters), so a character of a document number that looks
// more like its look-alike than like itself is marked unsure, for the check digits to settle.
import { CERTAIN, type ReadChar } from './mrz-correction.js';
import type { Layout } from './mrz-layout.js';

export interface GlyphLine {
  binary: Uint8Array;
  width: number;
  height: number;
  offset: number;
  pitch: number;
}

const TWINS: Array<[string, string]> = [
  ['0', 'O'],
  ['1', 'I'],
  ['2', 'Z'],
  ['5', 'S'],
  ['8', 'B'],
];
const GW = 12;
const GH = 20;
/** How much closer to its look-alike a character must look before it is doubted. */
const MARGIN = 0.1;
/** A likeness at which a character may well be its look-alike. */
const ALIKE = 0.8;

export function doubtLookAlikes(cells: ReadChar[][], lines: readonly GlyphLine[], layout: Layout): void {
  const shapes = new Map<string, Float32Array[]>();
  const glyphs = lines.map((line) => Array.from({ length: layout.length }, (_, k) => glyphOf(line, k)));
  for (let l = 0; l < layout.lines; l++)
    for (let i = 0; i < layout.length; i++) {
      const c = cells[l]![i]!;
      const kind = layout.classes[l]![i]!;
      const fits = kind === 'digit' ? /[0-9]/.test(c.char) : kind === 'alpha' && /[A-Z]/.test(c.char);
      if (fits && c.confidence >= CERTAIN)
        shapes.set(c.char, [...(shapes.get(c.char) ?? []), glyphs[l]![i]!]);
    }
  for (let l = 0; l < layout.lines; l++)
    for (let i = 0; i < layout.length; i++) {
      if (layout.classes[l]![i] !== 'alnum') continue;
      const c = cells[l]![i]!;
      const twin = TWINS.find((pair) => pair.includes(c.char));
      if (!twin) continue;
      const other = twin[0] === c.char ? twin[1] : twin[0];
      const own = likeness(glyphs[l]![i]!, shapes.get(c.char));
      const theirs = likeness(glyphs[l]![i]!, shapes.get(other));
      if (theirs === null) continue;
      // With no sure example of the character itself, a close likeness to the other is doubt enough.
      if (own === null ? theirs < ALIKE : theirs < own + MARGIN) continue;
      cells[l]![i] = {
        char: c.char,
        confidence: Math.min(c.confidence, CERTAIN - 1),
        alternatives: [...(c.alternatives ?? []), other],
      };
    }
}

/** The cell's print, scaled to GW × GH, as the share of dark pixels in each. */
function glyphOf(line: GlyphLine, cell: number): Float32Array {
  const glyph = new Float32Array(GW * GH);
  const x0 = line.offset + cell * line.pitch;
  for (let gy = 0; gy < GH; gy++)
    for (let gx = 0; gx < GW; gx++) {
      const ya = Math.floor((gy * line.height) / GH);
      const yb = Math.max(ya + 1, Math.floor(((gy + 1) * line.height) / GH));
      const xa = Math.floor(x0 + (gx * line.pitch) / GW);
      const xb = Math.max(xa + 1, Math.floor(x0 + ((gx + 1) * line.pitch) / GW));
      let dark = 0;
      let n = 0;
      for (let y = ya; y < yb; y++)
        for (let x = xa; x < xb; x++) {
          if (x < 0 || x >= line.width) continue;
          n++;
          if (line.binary[y * line.width + x] === 0) dark++;
        }
      glyph[gy * GW + gx] = n ? dark / n : 0;
    }
  return glyph;
}

/** The best correlation of a glyph with the zone's sure examples of a character, or null with none. */
function likeness(glyph: Float32Array, examples: Float32Array[] | undefined): number | null {
  if (!examples?.length) return null;
  return Math.max(...examples.map((e) => correlation(glyph, e)));
}

function correlation(a: Float32Array, b: Float32Array): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= a.length;
  mb /= b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}
