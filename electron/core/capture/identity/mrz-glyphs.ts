// The zone is its own reference for what its font's characters look like: every character read
// surely (or confirmed by a check digit) is an example of itself. A character that looks more like
// the examples of another character than like its own was perhaps misread, whatever confidence the
// OCR gave it: the OCR reads a zero after a letter as an O, and now and then a whole letter wrongly
// (an O as a Q) with high confidence. Such a character is marked unsure: in a field a check digit
// covers, the check digits then settle it; in a name, which none covers, the person compares it
// with the strip.
import { CERTAIN, type ReadChar } from './mrz-correction.js';
import type { Layout } from './mrz-layout.js';

export interface GlyphLine {
  binary: Uint8Array;
  width: number;
  height: number;
  offset: number;
  pitch: number;
  /** Per cell, the centre of the symbol the OCR placed there (NaN where none was). */
  centres: readonly number[];
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
/** How much closer to its look-alike a character of a checked field must look before it is doubted. */
const TWIN_MARGIN = 0.1;
/** How much closer to another character a name's character must look before it is doubted. */
const NAME_MARGIN = 0.05;
/**
 * Likenesses between glyphs of one character read surely come to 0.9–0.99; between different
 * characters of the font, below 0.95. At this likeness a glyph is taken for the other character.
 */
const SAME = 0.95;
/** With no example of its own, a character this like another may be that other. */
const UNSEEN_ALIKE = 0.9;
/** A cell the OCR saw nothing in is guessed to be the character it is at least this like. */
const UNSEEN_GUESS = 0.8;

type Glyphs = Float32Array[][];
type Examples = Map<string, Array<{ at: string; glyph: Float32Array }>>;

function glyphsOf(lines: readonly GlyphLine[], length: number): Glyphs {
  return lines.map((line) => Array.from({ length }, (_, k) => glyphOf(line, k)));
}

/** The glyphs of the characters read surely, by character. */
function examplesOf(cells: readonly (readonly ReadChar[])[], glyphs: Glyphs): Examples {
  const examples: Examples = new Map();
  cells.forEach((line, l) =>
    line.forEach((c, i) => {
      if (c.confidence < CERTAIN) return;
      const list = examples.get(c.char) ?? [];
      list.push({ at: `${l}:${i}`, glyph: glyphs[l]![i]! });
      examples.set(c.char, list);
    }),
  );
  return examples;
}

/** How like the examples of `char` a glyph looks, and which other character it looks most like. */
function compared(glyph: Float32Array, at: string, char: string, examples: Examples) {
  let own: number | null = null;
  let other = { char: '', likeness: -1 };
  for (const [example, list] of examples) {
    const value = likeness(
      glyph,
      list.filter((e) => e.at !== at).map((e) => e.glyph),
    );
    if (value === null) continue;
    if (example === char) own = value;
    else if (value > other.likeness) other = { char: example, likeness: value };
  }
  return { own, other };
}

/**
 * Filler the OCR read as a letter (in long runs of '<' it now and then reads an L): a cell whose
 * print is as like the zone's sure filler as filler is to itself, which no letter or digit is, is
 * filler. Check digits
 * cannot be trusted with this: two L in place of '<<' can leave a check digit unchanged.
 */
export function fillerByShape(cells: ReadChar[][], lines: readonly GlyphLine[], layout: Layout): void {
  const glyphs = glyphsOf(lines, layout.length);
  const examples = examplesOf(cells, glyphs);
  const filler = examples.get('<');
  if (!filler) return;
  cells.forEach((line, l) =>
    line.forEach((c, i) => {
      if (c.char === '<' || c.confidence === 0) return;
      const at = `${l}:${i}`;
      const asFiller = likeness(
        glyphs[l]![i]!,
        filler.filter((e) => e.at !== at).map((e) => e.glyph),
      );
      // Its own examples may be filler misread the same way: no margin over them is asked.
      const own = compared(glyphs[l]![i]!, at, c.char, examples).own ?? -1;
      if (asFiller !== null && asFiller >= SAME && asFiller >= own)
        line[i] = { char: '<', confidence: CERTAIN };
    }),
  );
}

/**
 * Characters of fields of letters and digits (document number, optional data) that look more like
 * their look-alike (0/O, 1/I, 2/Z, 5/S, 8/B) than like the zone's sure examples of themselves.
 */
export function doubtLookAlikes(cells: ReadChar[][], lines: readonly GlyphLine[], layout: Layout): void {
  const glyphs = glyphsOf(lines, layout.length);
  const shapes = new Map<string, Float32Array[]>();
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
      // Without examples of both, the check digits alone decide (and refuse what they cannot).
      if (own === null || theirs === null || theirs < own + TWIN_MARGIN) continue;
      cells[l]![i] = {
        char: c.char,
        confidence: Math.min(c.confidence, CERTAIN - 1),
        alternatives: [...(c.alternatives ?? []), other],
      };
    }
}

/** Where a name may hold only letters and filler, a digit's shape stands for its look-alike letter. */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B' };

/**
 * Checks each character of the name (filler included) against the zone's examples. One that looks
 * more like another character than like its own is marked unsure (below CERTAIN), and where the
 * other is clearly the likelier it is put in its place (still unsure), so the name shown beside the
 * strip is the best guess. One that has no example of its own to be compared with (a letter the
 * zone holds once) and looks like no other is returned as unconfirmed: the OCR's word alone is not
 * enough for it. `cells` are the zone as settled; `evidence` says how each character was read (the
 * OCR's confidence, full where a check digit confirmed it), whatever was later concluded about the
 * name as a whole; `ocr` is what the OCR read, before any of it was settled.
 */
export function doubtNameShapes(
  cells: ReadChar[][],
  evidence: readonly (readonly ReadChar[])[],
  ocr: readonly (readonly ReadChar[])[],
  lines: readonly GlyphLine[],
  layout: Layout,
): number[] {
  const glyphs = glyphsOf(lines, layout.length);
  // A character read surely but then settled otherwise (filler the OCR read as a letter) is no example.
  const examples = examplesOf(
    evidence.map((row, l) =>
      row.map((c, i) => (c.char === cells[l]![i]!.char ? c : { ...c, confidence: 0 })),
    ),
    glyphs,
  );
  const unconfirmed: number[] = [];
  const height = printHeight(examples);
  const { line, start, end } = layout.name;
  for (let i = start; i < end; i++) {
    const c = cells[line]![i]!;
    // Filler after the name is filler by the zone's rule, not by its look.
    if (c.char === '<' && c.confidence === 100) continue;
    // Every letter of the font is as tall as every other: one whose print stops short is worn or
    // smudged (an I worn at the foot reads as a T), whatever the OCR made of it.
    const ink = inkRows(glyphs[line]![i]!);
    if (c.char !== '<' && height && (!ink || ink.top > height.top + 2 || ink.bottom < height.bottom - 2)) {
      cells[line]![i] = { ...c, confidence: Math.min(c.confidence, CERTAIN - 1) };
      continue;
    }
    const { own, other } = compared(glyphs[line]![i]!, `${line}:${i}`, c.char, examples);
    // A letter the OCR read surely as its look-alike digit (an O after a Z as a zero) is the letter
    // when it looks like the zone's sure examples of that letter and clearly unlike anything else.
    const digit = ocr[line]![i]!;
    if (
      c.confidence < CERTAIN &&
      digit.confidence >= CERTAIN &&
      AS_LETTER[digit.char] === c.char &&
      own !== null &&
      own >= SAME &&
      own > other.likeness + NAME_MARGIN
    ) {
      cells[line]![i] = { char: c.char, confidence: CERTAIN };
      continue;
    }
    const doubted = own === null ? other.likeness >= UNSEEN_ALIKE : other.likeness > own + NAME_MARGIN;
    if (!doubted) {
      if (own === null && c.confidence >= CERTAIN) unconfirmed.push(i);
      continue;
    }
    const instead = AS_LETTER[other.char] ?? other.char;
    // Where the OCR saw nothing, its word does not stand against the shape's.
    const clear =
      other.likeness >= SAME ||
      (c.confidence === 0 && other.likeness >= UNSEEN_GUESS && other.likeness > (own ?? 0) + 0.2);
    const likelier = clear && /^[A-Z<]$/.test(instead) && instead !== c.char;
    if (likelier) cells[line]![i] = { char: instead, confidence: CERTAIN - 1, alternatives: [c.char] };
    else if (c.confidence >= CERTAIN) cells[line]![i] = { ...c, confidence: CERTAIN - 1 };
  }
  return unconfirmed;
}

/** The first and last rows of a glyph that hold print, or null when none does. */
function inkRows(glyph: Float32Array): { top: number; bottom: number } | null {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < GH; y++) {
    let dark = 0;
    for (let x = 0; x < GW; x++) dark = Math.max(dark, glyph[y * GW + x]!);
    if (dark < 0.3) continue;
    if (top < 0) top = y;
    bottom = y;
  }
  return top < 0 ? null : { top, bottom };
}

/** How high the zone's letters and digits read surely stand in their glyphs: the median first and last rows. */
function printHeight(examples: Examples): { top: number; bottom: number } | null {
  const rows = [...examples]
    .filter(([char]) => char !== '<')
    .flatMap(([, list]) => list.map((e) => inkRows(e.glyph)))
    .filter((r) => r !== null);
  if (rows.length < 5) return null;
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { top: middle(rows.map((r) => r.top)), bottom: middle(rows.map((r) => r.bottom)) };
}

/** The print of a cell (centred on the symbol the OCR saw there), scaled to GW × GH: the share of dark pixels in each. */
function glyphOf(line: GlyphLine, cell: number): Float32Array {
  const glyph = new Float32Array(GW * GH);
  const centre = line.centres[cell];
  const x0 =
    centre !== undefined && Number.isFinite(centre)
      ? centre - line.pitch / 2
      : line.offset + cell * line.pitch;
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

/** The best correlation of a glyph with examples of a character, or null with none. */
function likeness(glyph: Float32Array, examples: readonly Float32Array[] | undefined): number | null {
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
