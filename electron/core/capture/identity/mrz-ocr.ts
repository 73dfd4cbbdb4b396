// OCR of one MRZ line with tesseract.js's LSTM engine (or its older shape classifier) and the
// English models of @tesseract.js-data/eng, all from the installed packages (nothing is downloaded),
// limited to the MRZ alphabet; then each character read is placed in its cell of the line (the MRZ
// font has a fixed pitch), so a '<' the OCR skipped or a character it read twice cannot shift the
// rest of the line. The OCR workers are kept once started (in the capture worker, until that stops
// when idle): starting one costs about a second.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import type { ReadChar } from './mrz-correction.js';

/**
 * Two engines of the same model, which err differently: the LSTM reads lines well but now and then
 * reads a letter surely as another (an I as a T), the older shape classifier reads each character
 * for itself. A name, which no check digit covers, counts as sure only where they agree; the shape
 * classifier reads nothing else.
 */
export type Engine = 'lstm' | 'legacy';

const starting = new Map<Engine, Promise<Worker>>();

function ocrWorker(engine: Engine): Promise<Worker> {
  const running = starting.get(engine);
  if (running) return running;
  const worker = (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const require = createRequire(import.meta.url);
    const data = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
    const legacy = engine === 'legacy';
    // The zone is a code, not English: no dictionary may pull a reading towards a word.
    const started = await createWorker(
      'eng',
      legacy ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY,
      {
        langPath: join(data, legacy ? '4.0.0' : '4.0.0_best_int'),
        gzip: true,
        cacheMethod: 'none',
        legacyCore: legacy,
        legacyLang: legacy,
      },
      { load_system_dawg: '0', load_freq_dawg: '0' },
    );
    await started.setParameters({
      // The shape classifier reads only the name's line, which holds no digit in any layout.
      tessedit_char_whitelist: `ABCDEFGHIJKLMNOPQRSTUVWXYZ${legacy ? '' : '0123456789'}<`,
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      // The line images carry no resolution; capitals of 34 pixels are about 300 dpi print.
      user_defined_dpi: '300',
    });
    return started;
  })();
  worker.catch(() => {
    if (starting.get(engine) === worker) starting.delete(engine);
  });
  starting.set(engine, worker);
  return worker;
}

/** Starts both OCR engines ahead of a reading (each takes a second or more), if they are not running. */
export async function startMrzOcr(): Promise<void> {
  await Promise.all([ocrWorker('lstm'), ocrWorker('legacy')]);
}

/** Stops the OCR engines. */
export async function stopMrzOcr(): Promise<void> {
  const pending = [...starting.values()];
  starting.clear();
  await Promise.all(pending.map(async (p) => (await p).terminate().catch(() => undefined)));
}

export interface Symbol {
  char: string;
  confidence: number;
  /** Left and right edge in the line image. */
  x0: number;
  x1: number;
}

/** The characters tesseract finds in one line image (a PNG), with their places and confidence. */
export async function recogniseLine(png: Uint8Array, engine: Engine = 'lstm'): Promise<Symbol[]> {
  const worker = await ocrWorker(engine);
  const { data } = await worker.recognize(
    Buffer.from(png.buffer, png.byteOffset, png.byteLength),
    {},
    { text: false, blocks: true },
  );
  const symbols: Symbol[] = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words)
          for (const s of word.symbols)
            if (s.text.length === 1)
              symbols.push({ char: s.text, confidence: s.confidence, x0: s.bbox.x0, x1: s.bbox.x1 });
  return symbols;
}

/** Where a line's cells lie in its picture: the first cell's left edge and the pitch. */
export interface Grid {
  offset: number;
  pitch: number;
}

export interface Cells extends Grid {
  read: ReadChar[];
  /** Per cell, the centre of the symbol placed there (NaN where none was). */
  centres: number[];
}

const centreOf = (s: Symbol) => (s.x0 + s.x1) / 2;

/**
 * Where each symbol stands. Tesseract's box for the character at either end of a line now and then
 * takes in a mark beside it (a page's edge, grain) and grows two cells wide: such a box's centre is
 * off, and its edge towards the rest of the line, less half a character's width, says better where
 * it is.
 */
function placesOf(symbols: readonly Symbol[]): Map<Symbol, number> {
  const place = new Map(symbols.map((s) => [s, centreOf(s)]));
  const widths = symbols.filter((s) => s.char !== '<').map((s) => s.x1 - s.x0);
  if (symbols.length < 2 || widths.length === 0) return place;
  const width = median(widths);
  const sorted = [...symbols].sort((a, b) => centreOf(a) - centreOf(b));
  const [first, last] = [sorted[0]!, sorted.at(-1)!];
  if (first.x1 - first.x0 > 1.5 * width) place.set(first, first.x1 - width / 2);
  if (last.x1 - last.x0 > 1.5 * width) place.set(last, last.x0 + width / 2);
  return place;
}

/**
 * The grid of `cells` cells of equal pitch that the symbols sit on. It is fitted to the letters and
 * digits read with some confidence (runs of filler are where the OCR merges, splits and misreads),
 * the pitch first from the spacing of neighbours, each one's cell from its neighbour's, then both
 * fitted to their centres, those far off the grid (grain read as a letter) left out. A line's first
 * cell is never filler (a document code, a number, a surname): the first character seen is put in
 * it. Where fewer cells are seen than the line has and the line ends in a check digit
 * (`endsInDigit`), a grid that puts the digit seen last in the last cell is the other possibility
 * (the OCR missed the first character), returned second for the check digits to choose. When more
 * cells are seen than the line has, those read most surely are kept.
 */
export function gridOf(
  symbols: readonly Symbol[],
  cells: number,
  ink: { start: number; end: number; endsInDigit: boolean },
): Grid[] {
  const { start: inkStart, end: inkEnd } = ink;
  const rough = (inkEnd - inkStart) / (cells - 0.15);
  const fallback = [{ offset: inkStart - 0.075 * rough, pitch: rough }];
  const place = placesOf(symbols);
  const at = (s: Symbol) => place.get(s)!;
  const sorted = symbols
    .filter((s) => s.char !== '<' && s.confidence >= ANCHOR_CONFIDENCE && at(s) === centreOf(s))
    .sort((a, b) => centreOf(a) - centreOf(b));
  if (sorted.length < cells / 4) return fallback;
  const steps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const d = centreOf(sorted[i]!) - centreOf(sorted[i - 1]!);
    const n = Math.round(d / rough);
    if (n >= 1 && n <= 3 && Math.abs(d / n - rough) < 0.15 * rough) steps.push(d / n);
  }
  let pitch = steps.length >= cells / 6 ? median(steps) : rough;
  const { anchors, cell } = longestChain(sorted, pitch);
  let inliers = anchors.map((_, i) => i);
  let start = 0;
  for (let round = 0; round < 3; round++) {
    const fit = lineFit(inliers.map((i) => [cell[i]! + 0.5, centreOf(anchors[i]!)] as const));
    if (!fit) return fallback;
    ({ slope: pitch, intercept: start } = fit);
    const kept = inliers.filter(
      (i) => Math.abs(centreOf(anchors[i]!) - (start + (cell[i]! + 0.5) * pitch)) < 0.35 * pitch,
    );
    if (kept.length === inliers.length || kept.length < cells / 4) break;
    inliers = kept;
  }
  // The chain may hold only part of the line (a symbol off by a third of a cell breaks it), and a
  // pitch fitted to part of the line drifts by a cell over the rest: the grid is fitted again to
  // every symbol read with confidence, each in the cell nearest it, those far off the grid left out.
  for (let round = 0; round < 3; round++) {
    const near = sorted
      .map((s) => ({ s, cell: Math.round((centreOf(s) - start) / pitch - 0.5) }))
      .filter(({ s, cell }) => Math.abs(centreOf(s) - (start + (cell + 0.5) * pitch)) < 0.35 * pitch);
    if (near.length < cells / 4) break;
    const fit = lineFit(near.map(({ s, cell }) => [cell + 0.5, centreOf(s)] as const));
    if (!fit || (fit.slope === pitch && fit.intercept === start)) break;
    ({ slope: pitch, intercept: start } = fit);
  }
  // Every symbol's cell on the fitted grid, counted from the grid's origin.
  const seen = symbols
    .filter((s) => s.confidence >= ANCHOR_CONFIDENCE)
    .map((s) => ({ cell: Math.floor((at(s) - start) / pitch), symbol: s }));
  const lowest = Math.min(...seen.map((s) => s.cell));
  const highest = Math.max(...seen.map((s) => s.cell));
  const last = seen.find((s) => s.cell === highest)!.symbol;
  const grid = (first: number) => ({ offset: start + first * pitch, pitch });
  if (highest - lowest + 1 < cells)
    return ink.endsInDigit && /[0-9]/.test(last.char) && last.confidence >= 90
      ? [grid(lowest), grid(highest - cells + 1)]
      : [grid(lowest)];
  let first = lowest;
  if (highest - lowest + 1 > cells) {
    let best = -1;
    for (let from = lowest; from + cells <= highest + 1; from++) {
      const sure = seen.reduce(
        (sum, s) => sum + (s.cell >= from && s.cell < from + cells ? s.symbol.confidence : 0),
        0,
      );
      if (sure > best) {
        best = sure;
        first = from;
      }
    }
  }
  return [grid(first)];
}

/**
 * Symbols whose cells can be counted one from the next: each a whole number of pitches from the
 * last one kept. One whose box lies between two cells (tesseract's box for a letter is now and then
 * half a cell wide of it) is left out; of the chains begun at each symbol, the longest is kept, so
 * grain read as a letter at one end cannot set the count.
 */
function longestChain(sorted: readonly Symbol[], pitch: number): { anchors: Symbol[]; cell: number[] } {
  let best = { anchors: [] as Symbol[], cell: [] as number[] };
  for (let from = 0; from < sorted.length; from++) {
    const chain = [{ s: sorted[from]!, cell: 0 }];
    for (const direction of [1, -1])
      for (let i = from + direction; i >= 0 && i < sorted.length; i += direction) {
        const last = direction === 1 ? chain.at(-1)! : chain[0]!;
        const apart = (centreOf(sorted[i]!) - centreOf(last.s)) / pitch;
        const whole = Math.round(apart);
        if (Math.abs(apart - whole) > 0.3 || whole === 0) continue;
        const link = { s: sorted[i]!, cell: last.cell + whole };
        if (direction === 1) chain.push(link);
        else chain.unshift(link);
      }
    if (chain.length > best.anchors.length)
      best = { anchors: chain.map((c) => c.s), cell: chain.map((c) => c.cell) };
    if (best.anchors.length === sorted.length) break;
  }
  return best;
}

/** Symbols read with less confidence than this are left out of the grid's fit (grain, a smudge). */
const ANCHOR_CONFIDENCE = 50;

/** What leaving a symbol out of the line costs, in cells of misplacement: a character read twice, or grain. */
const SKIP_COST = 0.75;

/**
 * The symbols placed in the grid's cells, in their order, each in one cell near its centre: a
 * symbol whose box is off by half a cell still takes the free cell beside the one its neighbour
 * holds. `pinLast` puts the last symbol in the last cell when it lies in either of the last two (the
 * OCR now and then reads a line's last two characters as one, its box across both cells, the
 * character the last one's). A symbol left out (read twice, or grain) lowers the confidence of the cell it lies in when
 * it says otherwise; an empty cell is read as filler, with no confidence.
 */
export function intoCells(symbols: readonly Symbol[], cells: number, grid: Grid, pinLast = false): Cells {
  const { offset, pitch } = grid;
  const place = placesOf(symbols);
  const sorted = [...symbols].sort((a, b) => place.get(a)! - place.get(b)!);
  const at = sorted.map((s) => (place.get(s)! - offset) / pitch - 0.5);
  if (pinLast && at.length > 0 && at.at(-1)! >= cells - 2) at[at.length - 1] = cells - 1;
  const n = sorted.length;
  // cost[i][c]: the least cost of the first i symbols in cells before c.
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(cells + 1).fill(Infinity));
  const step = Array.from({ length: n + 1 }, () => new Uint8Array(cells + 1));
  const EMPTY = 1;
  const PLACED = 2;
  const SKIPPED = 3;
  for (let i = 0; i <= n; i++)
    for (let c = 0; c <= cells; c++) {
      if (i === 0 && c === 0) {
        cost[0]![0] = 0;
        continue;
      }
      let best = Infinity;
      let how = 0;
      if (c > 0 && cost[i]![c - 1]! < best) {
        best = cost[i]![c - 1]!;
        how = EMPTY;
      }
      if (i > 0 && c > 0) {
        const off = Math.abs(at[i - 1]! - (c - 1));
        if (off <= 1 && cost[i - 1]![c - 1]! + off < best) {
          best = cost[i - 1]![c - 1]! + off;
          how = PLACED;
        }
      }
      if (i > 0 && cost[i - 1]![c]! + SKIP_COST < best) {
        best = cost[i - 1]![c]! + SKIP_COST;
        how = SKIPPED;
      }
      cost[i]![c] = best;
      step[i]![c] = how;
    }
  const read: ReadChar[] = Array.from({ length: cells }, () => ({ char: '<', confidence: 0 }));
  const centres = new Array<number>(cells).fill(Number.NaN);
  const skipped: Symbol[] = [];
  for (let i = n, c = cells; i > 0 || c > 0;) {
    const how = step[i]![c];
    if (how === PLACED) {
      const s = sorted[i - 1]!;
      read[c - 1] = { char: s.char, confidence: s.confidence };
      centres[c - 1] = place.get(s)!;
      i--;
      c--;
    } else if (how === SKIPPED) skipped.push(sorted[--i]!);
    else c--;
  }
  for (const s of skipped) {
    const cell = Math.floor((place.get(s)! - offset) / pitch);
    const current = read[cell];
    if (!current || current.char === s.char) continue;
    const [sure, other] = s.confidence > current.confidence ? [s, current] : [current, s];
    read[cell] = { char: sure.char, confidence: Math.min(sure.confidence, 100 - other.confidence) };
  }
  return { read, centres, offset, pitch };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function lineFit(
  points: ReadonlyArray<readonly [number, number]>,
): { slope: number; intercept: number } | null {
  const n = points.length;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const denominator = n * sxx - sx * sx;
  if (n < 2 || denominator === 0) return null;
  const slope = (n * sxy - sx * sy) / denominator;
  return { slope, intercept: (sy - slope * sx) / n };
}
