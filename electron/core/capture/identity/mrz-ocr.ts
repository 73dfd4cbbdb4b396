// OCR of one MRZ line with tesseract.js and the English models of @tesseract.js-data/eng, both from
// the installed packages (nothing is downloaded), limited to the MRZ alphabet; then each character
// read is placed in its cell of the line (the MRZ font has a fixed pitch), so a '<' the OCR skipped
// or a character it read twice cannot shift the rest of the line. The OCR workers are kept once
// started (in the capture worker, until it stops when idle): starting one costs about a second.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import type { ReadChar } from './mrz-correction.js';

/**
 * Two OCR engines of the same model, which err differently: the LSTM reads lines well but guesses
 * from context (a zero after a letter becomes an O), the older shape classifier reads each
 * character for itself. A name counts as sure only where they agree.
 */
export type Engine = 'lstm' | 'legacy';

const starting = new Map<Engine, Promise<Worker>>();

function ocrWorker(engine: Engine): Promise<Worker> {
  let worker = starting.get(engine);
  if (worker) return worker;
  worker = (async () => {
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
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      // The line images carry no resolution; capitals of 34 pixels are about 300 dpi print.
      user_defined_dpi: '300',
    });
    return started;
  })();
  worker.catch(() => starting.delete(engine));
  starting.set(engine, worker);
  return worker;
}

/** Stops the OCR workers. */
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
    {
      text: false,
      blocks: true,
    },
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

/**
 * The symbols placed in `cells` cells of equal pitch between the ink's first and last column. A
 * cell with two symbols keeps the surer one at a confidence no higher than the other's doubt; an
 * empty cell is read as filler, with no confidence.
 */
export interface Cells {
  read: ReadChar[];
  /** Where the first cell begins and how wide each is, in the line image. */
  offset: number;
  pitch: number;
}

export function intoCells(
  symbols: readonly Symbol[],
  cells: number,
  inkStart: number,
  inkEnd: number,
): Cells {
  // The last character's glyph is narrower than its cell: the ink spans about cells − 0.15 pitches.
  let pitch = (inkEnd - inkStart) / (cells - 0.15);
  let offset = inkStart - 0.075 * pitch;
  for (let round = 0; round < 2; round++) {
    // Refit the grid to the centres of the symbols it places alone in a cell.
    const placed = symbols.map((s) => ({ s, cell: Math.floor(((s.x0 + s.x1) / 2 - offset) / pitch) }));
    const count = new Map<number, number>();
    for (const p of placed) count.set(p.cell, (count.get(p.cell) ?? 0) + 1);
    const alone = placed.filter((p) => p.cell >= 0 && p.cell < cells && count.get(p.cell) === 1);
    if (alone.length < cells / 2) break;
    const n = alone.length;
    const sk = alone.reduce((a, p) => a + p.cell + 0.5, 0);
    const sc = alone.reduce((a, p) => a + (p.s.x0 + p.s.x1) / 2, 0);
    const skk = alone.reduce((a, p) => a + (p.cell + 0.5) ** 2, 0);
    const skc = alone.reduce((a, p) => a + (p.cell + 0.5) * ((p.s.x0 + p.s.x1) / 2), 0);
    const denominator = n * skk - sk * sk;
    if (denominator === 0) break;
    pitch = (n * skc - sk * sc) / denominator;
    offset = (sc - pitch * sk) / n;
  }
  const read: ReadChar[] = Array.from({ length: cells }, () => ({ char: '<', confidence: 0 }));
  const filled = new Array<number>(cells).fill(0);
  for (const s of symbols) {
    const cell = Math.floor(((s.x0 + s.x1) / 2 - offset) / pitch);
    if (cell < 0 || cell >= cells) continue;
    const current = read[cell]!;
    if (filled[cell] === 0) read[cell] = { char: s.char, confidence: s.confidence };
    else if (s.char !== current.char) {
      const [sure, other] = s.confidence > current.confidence ? [s, current] : [current, s];
      read[cell] = { char: sure.char, confidence: Math.min(sure.confidence, 100 - other.confidence) };
    }
    filled[cell]!++;
  }
  return { read, offset, pitch };
}
