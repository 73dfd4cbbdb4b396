// Where each field of an ICAO 9303 machine-readable zone sits, what it may hold, and which check
// digit covers it: TD1 (ID cards, 3 × 30), TD2 (2 × 36) and TD3 (passports, 2 × 44).

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

/** What a position may hold: digits, letters (and filler), either, or the sex. */
export type CharClass = 'digit' | 'alpha' | 'alnum' | 'sex';

export interface Span {
  line: number;
  start: number;
  end: number;
}

/** A check digit and the characters it covers. */
export interface Check {
  digit: { line: number; index: number };
  covers: Span[];
  /** A check digit over an optional field may be '<' when the field is empty. */
  fillerWhenEmpty?: boolean;
}

export interface Layout {
  format: MrzFormat;
  lines: number;
  length: number;
  /** Every position's class, line by line. */
  classes: CharClass[][];
  checks: Check[];
  name: Span;
}

const span = (line: number, start: number, end: number): Span => ({ line, start, end });

function classesOf(lines: number, length: number, fields: Array<[Span, CharClass]>): CharClass[][] {
  const classes = Array.from({ length: lines }, () => Array<CharClass>(length).fill('alpha'));
  for (const [s, kind] of fields) for (let i = s.start; i < s.end; i++) classes[s.line]![i] = kind;
  return classes;
}

/** TD2 and TD3 share a shape: the name on the first line, numbers on the second. */
function twoLine(format: 'TD2' | 'TD3', length: number): Layout {
  const optionalEnd = length - (format === 'TD3' ? 2 : 1);
  const numberCheck = { digit: { line: 1, index: 9 }, covers: [span(1, 0, 9)] };
  const checks: Check[] = [
    numberCheck,
    { digit: { line: 1, index: 19 }, covers: [span(1, 13, 19)] },
    { digit: { line: 1, index: 27 }, covers: [span(1, 21, 27)] },
    ...(format === 'TD3'
      ? [{ digit: { line: 1, index: 42 }, covers: [span(1, 28, 42)], fillerWhenEmpty: true }]
      : []),
    {
      digit: { line: 1, index: length - 1 },
      covers: [span(1, 0, 10), span(1, 13, 20), span(1, 21, length - 1)],
    },
  ];
  return {
    format,
    lines: 2,
    length,
    classes: classesOf(2, length, [
      [span(1, 0, 9), 'alnum'],
      [span(1, 9, 10), 'digit'],
      [span(1, 13, 20), 'digit'],
      [span(1, 20, 21), 'sex'],
      [span(1, 21, 28), 'digit'],
      [span(1, 28, optionalEnd), 'alnum'],
      [span(1, optionalEnd, length), 'digit'],
    ]),
    checks,
    name: span(0, 5, length),
  };
}

const TD1: Layout = {
  format: 'TD1',
  lines: 3,
  length: 30,
  classes: classesOf(3, 30, [
    [span(0, 5, 14), 'alnum'],
    [span(0, 14, 15), 'digit'],
    [span(0, 15, 30), 'alnum'],
    [span(1, 0, 7), 'digit'],
    [span(1, 7, 8), 'sex'],
    [span(1, 8, 15), 'digit'],
    [span(1, 18, 29), 'alnum'],
    [span(1, 29, 30), 'digit'],
  ]),
  checks: [
    { digit: { line: 0, index: 14 }, covers: [span(0, 5, 14)] },
    { digit: { line: 1, index: 6 }, covers: [span(1, 0, 6)] },
    { digit: { line: 1, index: 14 }, covers: [span(1, 8, 14)] },
    {
      digit: { line: 1, index: 29 },
      covers: [span(0, 5, 30), span(1, 0, 7), span(1, 8, 15), span(1, 18, 29)],
    },
  ],
  name: span(2, 0, 30),
};

export const LAYOUTS: Record<MrzFormat, Layout> = { TD1, TD2: twoLine('TD2', 36), TD3: twoLine('TD3', 44) };

/** The layout of `lines` lines of `length` characters, if there is one. */
export function layoutOf(lines: number, length: number): Layout | null {
  return Object.values(LAYOUTS).find((l) => l.lines === lines && l.length === length) ?? null;
}

const valueOf = (c: string): number =>
  c === '<' ? 0 : c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 55;

/** ICAO 9303's check digit: weights 7, 3, 1 over the characters, modulo 10. */
export function checkDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += valueOf(text[i]!) * [7, 3, 1][i % 3]!;
  return sum % 10;
}

const textOf = (lines: readonly string[], spans: readonly Span[]) =>
  spans.map((s) => lines[s.line]!.slice(s.start, s.end)).join('');

/** Whether one check holds on these lines. */
export function checkHolds(lines: readonly string[], check: Check): boolean {
  const digit = lines[check.digit.line]![check.digit.index]!;
  const covered = textOf(lines, check.covers);
  if (digit === '<') return check.fillerWhenEmpty === true && /^<*$/.test(covered);
  return digit === String(checkDigit(covered));
}
