// Placing what the OCR read of an MRZ line in the line's cells: the font has a fixed pitch, so each
// character has one cell, whatever filler the OCR skipped, a box tesseract drew half a cell wide,
// grain it read as a letter beside the line, or a character it read twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridOf, intoCells, type Symbol } from '../../../electron/core/capture/identity/mrz-ocr.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** Symbols as tesseract gives them for `text` printed at `pitch` from `start`. */
function printed(
  text: string,
  start: number,
  pitch: number,
  jitter: (i: number) => number = () => 0,
): Symbol[] {
  return [...text].map((char, i) => {
    const centre = start + (i + 0.5) * pitch + jitter(i) * pitch;
    return { char, confidence: 97, x0: centre - 0.35 * pitch, x1: centre + 0.35 * pitch };
  });
}

/** The line as placed on the grid gridOf prefers (or the one it offers `alternative`-th). */
function placed(
  symbols: Symbol[],
  cells: number,
  ink: { start: number; end: number },
  options: { endsInDigit?: boolean; alternative?: number; pinLast?: boolean } = {},
) {
  const grids = gridOf(symbols, cells, { ...ink, endsInDigit: options.endsInDigit ?? false });
  return intoCells(symbols, cells, grids[options.alternative ?? 0]!, options.pinLast).read;
}

const text = (read: { char: string }[]) => read.map((c) => c.char).join('');

describe('MRZ cells', () => {
  const line = 'C439523365ZWE5003176M2805232<<<<<<<<<<<<<<00';

  it('puts a letter whose box is half a cell wide of it in its own cell', () => {
    const symbols = printed(line, 40, 24.6, (i) => (i === 10 ? 0.53 : 0));
    expect(text(placed(symbols, 44, { start: 40, end: 40 + 44 * 24.6 }))).toBe(line);
  });

  it('ignores grain read as a letter beside the line, wherever the ink seems to begin', () => {
    const symbols = [
      { char: 'I', confidence: 70, x0: 2, x1: 9 },
      ...printed(line, 40, 24.6),
      { char: 'L', confidence: 60, x0: 40 + 44.6 * 24.6, x1: 40 + 45.1 * 24.6 },
    ];
    expect(text(placed(symbols, 44, { start: 0, end: 40 + 45.2 * 24.6 }))).toBe(line);
  });

  it('offers to place the rest of a line whose first character was not seen by its final check digit', () => {
    const symbols = printed(line, 40, 24.6).slice(1);
    const ink = { start: 40, end: 40 + 44 * 24.6 };
    expect(gridOf(symbols, 44, { ...ink, endsInDigit: false })).toHaveLength(1);
    const read = placed(symbols, 44, ink, { endsInDigit: true, alternative: 1 });
    expect(text(read)).toBe(`<${line.slice(1)}`);
    expect(read[0]!.confidence).toBe(0);
  });

  it('can put the last character in the last cell when the OCR read the last two as one', () => {
    const symbols = printed(line, 40, 24.6).slice(0, -2);
    const centre = 40 + 43 * 24.6;
    symbols.push({ char: '0', confidence: 90, x0: centre - 0.8 * 24.6, x1: centre + 0.8 * 24.6 });
    const read = placed(
      symbols,
      44,
      { start: 40, end: 40 + 44 * 24.6 },
      { endsInDigit: true, pinLast: true },
    );
    expect(text(read)).toBe(`${line.slice(0, -2)}<0`);
    expect(read[42]!.confidence).toBe(0);
  });

  it('doubts a cell the OCR read twice as two different characters', () => {
    const symbols = printed(line, 40, 24.6);
    symbols.splice(3, 0, { char: '8', confidence: 60, x0: 40 + 3.2 * 24.6, x1: 40 + 3.8 * 24.6 });
    const read = placed(symbols, 44, { start: 40, end: 40 + 44 * 24.6 });
    expect(text(read)).toBe(line);
    expect(read[3]!.confidence).toBeLessThan(50);
  });

  it('keeps the pitch of a whole line when neighbours a third of a cell apart break the chain of cells in its middle', () => {
    // fast-check's counterexample: the first letter and the 10th and 12th boxes drawn a third of a
    // cell off, so the count of cells from neighbour to neighbour holds only the line's second half.
    const off: Record<number, number> = {
      0: -0.2934758771930613,
      9: 0.29999999999999777,
      10: -0.29999999999999777,
      11: 0.2999999999999441,
      19: 0.03333333333307721,
      28: 0.2999999999999954,
    };
    const pitch = 18.00000000000001;
    const truth = `P${'A'.repeat(28)}4`;
    const symbols = printed(truth, 0, pitch, (i) => off[i] ?? 0);
    expect(text(placed(symbols, 30, { start: 0, end: 30 * pitch }, { endsInDigit: true }))).toBe(truth);
  });

  it('gives every character its cell, whatever filler the OCR skipped and however its boxes wander', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(30, 36, 44),
        fc.double({ min: 18, max: 34, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.array(fc.constantFrom(...ALPHABET), { minLength: 44, maxLength: 44 }),
        fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 44, maxLength: 44 }),
        fc.array(fc.boolean(), { minLength: 44, maxLength: 44 }),
        (cells, pitch, start, chars, jitter, skip) => {
          // A line begins and ends with print (a document code or number; a check digit); filler
          // inside it is what the OCR may skip.
          const truth = ['P', ...chars.slice(1, cells - 1), '4'].join('');
          const symbols = printed(truth, start, pitch, (i) => jitter[i]!).filter(
            (s, i) => !(s.char === '<' && skip[i]),
          );
          const read = placed(symbols, cells, { start, end: start + cells * pitch }, { endsInDigit: true });
          read.forEach((c, i) => {
            if (c.confidence > 0) expect(c.char).toBe(truth[i]);
            else expect(truth[i]).toBe('<');
          });
        },
      ),
    );
  });
});
