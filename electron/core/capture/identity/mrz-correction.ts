// Settles what OCR could not tell apart in a machine-readable zone, with the zone's own rules: a
// position that holds only digits (a date, a check digit) turns a look-alike letter into its digit,
// one that holds only letters (a name, a country) the other way round; where both are allowed (a
// document number, optional data) every look-alike read with low confidence is tried both ways, and
// the reading is kept only when exactly one combination satisfies every check digit. Two that do are
// refused, never guessed between.
import { checkHolds, type CharClass, type Layout } from './mrz-layout.js';

export interface ReadChar {
  char: string;
  /** 0–100, as the OCR gives it. */
  confidence: number;
  /** What another reading of the same character gave instead. */
  alternatives?: string[];
}

/** A character read at or above this confidence is taken as read. */
export const CERTAIN = 90;

const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};
const TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '6': 'G',
  '7': 'Z',
  '8': 'B',
};
/**
 * Look-alike pairs where a position may hold either. G and 6 are not among them: their values (16
 * and 6) differ by ten, so no check digit can tell them apart.
 */
const TWIN: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '8': 'B',
  O: '0',
  I: '1',
  Z: '2',
  S: '5',
  B: '8',
};

/** At most 2^12 combinations are tried; more unsure characters than that is not a reading. */
const MAX_UNSURE = 12;

export type Correction =
  | { ok: true; lines: string[]; confidence: number[][] }
  | { ok: false; reason: 'check-digits' | 'ambiguous' | 'too-unsure' };

export function correctMrz(read: readonly (readonly ReadChar[])[], layout: Layout): Correction {
  const corrected = corrections(read, layout, false);
  // A letter where a digit stands is most likely its look-alike (O for 0); only when that reading
  // fails its check digits is it taken for a digit not seen at all (a 9 read as an I after a
  // country code).
  return !corrected.ok && corrected.reason === 'check-digits' ? corrections(read, layout, true) : corrected;
}

function corrections(
  read: readonly (readonly ReadChar[])[],
  layout: Layout,
  lettersUnseen: boolean,
): Correction {
  const lines = read.map((line) => line.map((c) => c.char));
  const confidence = read.map((line) => line.map((c) => c.confidence));
  const unsure: Array<{ line: number; index: number; options: string[] }> = [];
  const checked = coveredByChecks(layout);
  // A digit the OCR did not see (an empty cell, a letter like no digit, or with `lettersUnseen` any
  // letter) may be any digit, and the check digit of its field says which: one such digit per
  // field, since each uses up its field's check.
  const fieldOf = fieldsOf(layout);
  const mayBeFiller = new Set(
    layout.checks.filter((c) => c.fillerWhenEmpty).map((c) => `${c.digit.line}:${c.digit.index}`),
  );
  const unknownIn = new Set<number>();
  for (let l = 0; l < layout.lines; l++) {
    for (let i = 0; i < layout.length; i++) {
      const c = lines[l]![i]!;
      const kind = layout.classes[l]![i]!;
      if (kind === 'digit' && TO_DIGIT[c]) lines[l]![i] = TO_DIGIT[c];
      else if ((kind === 'alpha' || kind === 'sex') && TO_LETTER[c]) {
        lines[l]![i] = TO_LETTER[c];
        // A digit where only a letter may stand: the shape was misjudged, so the letter is not sure.
        confidence[l]![i] = Math.min(confidence[l]![i]!, CERTAIN - 1);
      }
      if (!checked[l]![i] || (kind !== 'digit' && kind !== 'alnum')) continue;
      const field = fieldOf[l]![i]!;
      const blank =
        kind === 'digit' &&
        ((c === '<' && confidence[l]![i] === 0) ||
          !/[0-9<]/.test(lines[l]![i]!) ||
          (lettersUnseen && /[A-Z]/.test(c))) &&
        !unknownIn.has(field);
      if (blank) {
        unknownIn.add(field);
        // The look-alike digit first: what the OCR most likely misread.
        const likely = /[0-9]/.test(lines[l]![i]!) ? [lines[l]![i]!] : [];
        // '<' weighs as 0: it may stand only as the check digit of an empty field.
        const filler = mayBeFiller.has(`${l}:${i}`) ? ['<'] : [];
        unsure.push({ line: l, index: i, options: [...new Set([...likely, ...'0123456789', ...filler])] });
        confidence[l]![i] = 0;
      } else if (confidence[l]![i]! < CERTAIN) {
        const options = optionsFor(kind, [lines[l]![i]!, ...(read[l]![i]!.alternatives ?? [])]);
        if (options.length > 1) unsure.push({ line: l, index: i, options });
      }
    }
  }
  const combinations = unsure.reduce((n, u) => n * u.options.length, 1);
  if (combinations > 2 ** MAX_UNSURE) return { ok: false, reason: 'too-unsure' };
  const passing: string[][] = [];
  const seen = new Set<string>();
  for (let combination = 0; combination < combinations; combination++) {
    const candidate = lines.map((line) => [...line]);
    let rest = combination;
    for (const u of unsure) {
      candidate[u.line]![u.index] = u.options[rest % u.options.length]!;
      rest = Math.floor(rest / u.options.length);
    }
    const text = candidate.map((line) => line.join(''));
    if (!layout.checks.every((check) => checkHolds(text, check))) continue;
    // An empty field's check digit may be printed '0' or '<', which say the same: one reading.
    const meaning = sameMeaning(text, layout);
    if (seen.has(meaning)) continue;
    seen.add(meaning);
    passing.push(text);
    if (passing.length > 1) return { ok: false, reason: 'ambiguous' };
  }
  if (passing.length === 0) return { ok: false, reason: 'check-digits' };
  // What the check digits confirmed is as sure as the check digits.
  for (let l = 0; l < layout.lines; l++)
    for (let i = 0; i < layout.length; i++) if (checked[l]![i]) confidence[l]![i] = 100;
  return { ok: true, lines: passing[0]!, confidence };
}

/**
 * What an unsure character may have been: what was read, what another reading gave, and their
 * look-alikes, as far as the position allows (a digit where only digits stand).
 */
function optionsFor(kind: CharClass, read: string[]): string[] {
  const options = new Set<string>();
  for (const c of read) {
    if (kind === 'digit') options.add(TO_DIGIT[c] ?? c);
    else {
      options.add(c);
      if (kind === 'alnum' && TWIN[c]) options.add(TWIN[c]);
    }
  }
  return [...options].filter((c) => (kind === 'digit' ? /^[0-9<]$/.test(c) : /^[A-Z0-9<]$/.test(c)));
}

function sameMeaning(lines: readonly string[], layout: Layout): string {
  const chars = lines.map((line) => [...line]);
  for (const check of layout.checks)
    if (check.fillerWhenEmpty && chars[check.digit.line]![check.digit.index] === '<')
      chars[check.digit.line]![check.digit.index] = '0';
  return chars.map((line) => line.join('')).join('\n');
}

/**
 * Per position, the field it belongs to: the index of the first check that covers it other than the
 * composite one (which covers several fields), or -1.
 */
function fieldsOf(layout: Layout): number[][] {
  const fields = Array.from({ length: layout.lines }, () => Array<number>(layout.length).fill(-1));
  layout.checks.forEach((check, k) => {
    if (check.covers.length > 1) return;
    const positions = [
      ...check.covers,
      { line: check.digit.line, start: check.digit.index, end: check.digit.index + 1 },
    ];
    for (const s of positions)
      for (let i = s.start; i < s.end; i++) if (fields[s.line]![i] === -1) fields[s.line]![i] = k;
  });
  return fields;
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
