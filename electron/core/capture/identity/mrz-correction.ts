// Settles what OCR could not tell apart in a machine-readable zone, with the zone's own rules: a
// position that holds only digits (a date, a check digit) turns a look-alike letter into its digit,
// one that holds only letters (a name, a country) the other way round; where both are allowed (a
// document number, optional data) every look-alike read with low confidence is tried both ways, and
// the reading is kept only when exactly one combination satisfies every check digit. Two that do are
// refused, never guessed between.
import { checkHolds, type Layout } from './mrz-layout.js';

export interface ReadChar {
  char: string;
  /** 0–100, as the OCR gives it. */
  confidence: number;
}

/** A character read at or above this confidence is taken as read. */
export const CERTAIN = 90;

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Look-alike pairs where a position may hold either. */
const TWIN: Record<string, string> = { ...TO_LETTER, O: '0', I: '1', Z: '2', S: '5', G: '6', B: '8' };

/** At most 2^12 combinations are tried; more unsure characters than that is not a reading. */
const MAX_UNSURE = 12;

export type Correction =
  | { ok: true; lines: string[]; confidence: number[][] }
  | { ok: false; reason: 'check-digits' | 'ambiguous' | 'too-unsure' };

export function correctMrz(read: readonly (readonly ReadChar[])[], layout: Layout): Correction {
  const lines = read.map((line) => line.map((c) => c.char));
  const confidence = read.map((line) => line.map((c) => c.confidence));
  const unsure: Array<{ line: number; index: number; options: [string, string] }> = [];
  const checked = coveredByChecks(layout);
  for (let l = 0; l < layout.lines; l++) {
    for (let i = 0; i < layout.length; i++) {
      const c = lines[l]![i]!;
      const kind = layout.classes[l]![i]!;
      if (kind === 'digit' && TO_DIGIT[c]) lines[l]![i] = TO_DIGIT[c];
      else if ((kind === 'alpha' || kind === 'sex') && TO_LETTER[c]) {
        lines[l]![i] = TO_LETTER[c];
        // A digit where only a letter may stand: the shape was misjudged, so the letter is not sure.
        confidence[l]![i] = Math.min(confidence[l]![i]!, CERTAIN - 1);
      } else if (kind === 'alnum' && TWIN[c] && confidence[l]![i]! < CERTAIN && checked[l]![i])
        unsure.push({ line: l, index: i, options: [c, TWIN[c]] });
    }
  }
  if (unsure.length > MAX_UNSURE) return { ok: false, reason: 'too-unsure' };
  const passing: string[][] = [];
  for (let combination = 0; combination < 2 ** unsure.length; combination++) {
    const candidate = lines.map((line) => [...line]);
    unsure.forEach((u, bit) => (candidate[u.line]![u.index] = u.options[(combination >> bit) & 1]!));
    const text = candidate.map((line) => line.join(''));
    if (layout.checks.every((check) => checkHolds(text, check))) passing.push(text);
    if (passing.length > 1) return { ok: false, reason: 'ambiguous' };
  }
  if (passing.length === 0) return { ok: false, reason: 'check-digits' };
  // What the check digits confirmed is as sure as the check digits.
  for (let l = 0; l < layout.lines; l++)
    for (let i = 0; i < layout.length; i++) if (checked[l]![i]) confidence[l]![i] = 100;
  return { ok: true, lines: passing[0]!, confidence };
}

/** Positions some check digit covers, the check digits included. */
function coveredByChecks(layout: Layout): boolean[][] {
  const covered = Array.from({ length: layout.lines }, () => Array<boolean>(layout.length).fill(false));
  for (const check of layout.checks) {
    covered[check.digit.line]![check.digit.index] = true;
    for (const s of check.covers) for (let i = s.start; i < s.end; i++) covered[s.line]![i] = true;
  }
  return covered;
}
