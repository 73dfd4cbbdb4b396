// A name carries no check digit: the zone's own print is what a name's letters are checked against.
// These lines are drawn in a monospace font and the OCR's answer is made up, so each rule is seen
// on its own: a letter read surely that looks like another letter of the zone, a letter the zone
// has no other example of, a worn letter, and filler the OCR read as a letter.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CERTAIN, type ReadChar } from '../../../electron/core/capture/identity/mrz-correction.js';
import {
  doubtNameShapes,
  fillerByShape,
  type GlyphLine,
} from '../../../electron/core/capture/identity/mrz-glyphs.js';
import { LAYOUTS } from '../../../electron/core/capture/identity/mrz-layout.js';
import { mrzLines, type MrzDocument } from '../../support/identity-fixtures.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

const CAP = 34;
// DejaVu Sans Mono: capitals 0.73 em tall, 0.602 em a character.
const SIZE = CAP / 0.73;
const PITCH = SIZE * 0.602;
const MARGIN = 20;

/** A line drawn black on white and binarised, as read-mrz.ts gives the OCR; `worn`: a cell whose lower half is rubbed out. */
async function drawn(text: string, worn?: number): Promise<GlyphLine> {
  const height = Math.round(1.8 * CAP);
  const width = Math.round(2 * MARGIN + text.length * PITCH);
  const baseline = Math.round(height / 2 + CAP / 2);
  const rub =
    worn === undefined
      ? ''
      : `<rect x="${MARGIN + worn * PITCH}" y="${baseline - CAP * 0.5}" width="${PITCH}" height="${CAP}" fill="#fff"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="${MARGIN}" y="${baseline}" font-family="DejaVu Sans Mono" font-size="${SIZE}" fill="#000">${text.replace(/</g, '&lt;')}</text>${rub}
  </svg>`;
  const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    binary: Uint8Array.from(data, (v) => (v < 128 ? 0 : 255)),
    width,
    height,
    offset: MARGIN,
    pitch: PITCH,
    centres: [...text].map(() => Number.NaN),
  };
}

const nkosi: MrzDocument = {
  format: 'TD3',
  code: 'P<',
  issuer: 'ZAF',
  surname: 'Nkosi',
  names: 'Sipho Jabu',
  number: 'A12345678',
  nationality: 'ZAF',
  birth: '900203',
  sex: 'M',
  expiry: '310101',
};
const lines = mrzLines(nkosi);
const sure = (line: string): ReadChar[] => [...line].map((char) => ({ char, confidence: 99 }));

/** The name checked as doubtNameShapes checks it, with the OCR's answer for the name line given. */
async function checked(name: string, worn?: number) {
  const glyphs = [await drawn(lines[0]!, worn), await drawn(lines[1]!)];
  const cells = [sure(name), sure(lines[1]!)];
  const unconfirmed = doubtNameShapes(
    cells,
    cells.map((l) => l.map((c) => ({ ...c }))),
    cells,
    glyphs,
    LAYOUTS.TD3,
  );
  return { cells: cells[0]!, unconfirmed };
}

describe('a name checked against the zone’s own print', () => {
  it('takes a name read surely whose every letter looks like itself', { timeout: CPU_HEAVY }, async () => {
    const { cells, unconfirmed } = await checked(lines[0]!);
    expect(cells.every((c) => c.confidence >= CERTAIN)).toBe(true);
    // Letters the zone holds once have no other example: the OCR's word alone is not enough.
    expect(unconfirmed.map((i) => lines[0]![i]).sort()).toEqual(['B', 'H', 'J', 'K', 'N', 'U']);
  });

  it(
    'doubts a letter read surely as another (an O as Q) and shows the likelier',
    { timeout: CPU_HEAVY },
    async () => {
      const at = lines[0]!.indexOf('KOSI') + 1;
      const { cells } = await checked(`${lines[0]!.slice(0, at)}Q${lines[0]!.slice(at + 1)}`);
      expect(cells[at]).toMatchObject({ char: 'O', alternatives: ['Q'] });
      expect(cells[at]!.confidence).toBeLessThan(CERTAIN);
    },
  );

  it('doubts a worn letter whatever the OCR made of it', { timeout: CPU_HEAVY }, async () => {
    const at = lines[0]!.indexOf('SIPHO') + 1;
    const { cells } = await checked(`${lines[0]!.slice(0, at)}T${lines[0]!.slice(at + 1)}`, at);
    expect(cells[at]!.confidence).toBeLessThan(CERTAIN);
  });

  it('puts back filler the OCR read as a letter', { timeout: CPU_HEAVY }, async () => {
    const glyphs = [await drawn(lines[0]!), await drawn(lines[1]!)];
    const misread = lines[1]!.replace('<<<<', '<LL<');
    const cells = [sure(lines[0]!), sure(misread)];
    fillerByShape(cells, glyphs, LAYOUTS.TD3);
    expect(cells[1]!.map((c) => c.char).join('')).toBe(lines[1]);
    // A letter that is a letter stays one.
    expect(cells[0]!.map((c) => c.char).join('')).toBe(lines[0]);
  });
});
