// The check digits settle what OCR could not tell apart in a machine-readable zone: look-alike
// characters in checked fields come back exactly, and a substitution the check digits cannot settle
// is refused rather than guessed.
import fc from 'fast-check';
import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import {
  CERTAIN,
  correctMrz,
  type ReadChar,
} from '../../../electron/core/capture/identity/mrz-correction.js';
import { LAYOUTS, checkHolds, type Layout } from '../../../electron/core/capture/identity/mrz-layout.js';
import { mrzLines, type MrzDocument, type MrzFormat } from '../../support/identity-fixtures.js';

const LOOK_ALIKE: Record<string, string> = {
  '0': 'O',
  O: '0',
  '1': 'I',
  I: '1',
  '5': 'S',
  S: '5',
  '8': 'B',
  B: '8',
  '2': 'Z',
  Z: '2',
};

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const yymmdd = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => [y, m, d].map((n) => String(n).padStart(2, '0')).join(''));

const documents: fc.Arbitrary<MrzDocument> = fc
  .record({
    format: fc.constantFrom<MrzFormat>('TD1', 'TD2', 'TD3'),
    code: fc.constantFrom('I<', 'ID'),
    issuer: fc.constantFrom('ZAF', 'NAM', 'GBR', 'NLD'),
    surname: fc.constantFrom('NAIDOO', 'LI', 'VAN DER MERWE'),
    names: fc.constantFrom('PRIYA DEVI', 'AL', 'BONGANI'),
    // Document numbers of letters and digits, look-alikes on purpose.
    number: fc.stringMatching(/^[0-9OISBZ125A-Z]{5,9}$/),
    nationality: fc.constantFrom('ZAF', 'NAM', 'GBR'),
    birth: yymmdd,
    sex: fc.constantFrom<'M' | 'F'>('M', 'F'),
    expiry: yymmdd,
    optional: fc.option(digits(8), { nil: undefined }),
  })
  .map((doc) => (doc.format === 'TD3' ? { ...doc, code: 'P<' } : doc));

const asRead = (lines: readonly string[], unsure: ReadonlySet<string> = new Set()): ReadChar[][] =>
  lines.map((line, l) =>
    [...line].map((char, i) => ({ char, confidence: unsure.has(`${l}:${i}`) ? CERTAIN - 30 : 99 })),
  );

/** Positions in fields a check digit covers where a look-alike could stand. */
function checkedPositions(layout: Layout, lines: readonly string[]): Array<[number, number]> {
  const positions: Array<[number, number]> = [];
  for (const check of layout.checks)
    for (const s of [
      ...check.covers,
      { line: check.digit.line, start: check.digit.index, end: check.digit.index + 1 },
    ])
      for (let i = s.start; i < s.end; i++)
        if (LOOK_ALIKE[lines[s.line]![i]!] && !positions.some(([l, j]) => l === s.line && j === i))
          positions.push([s.line, i]);
  return positions;
}

/** Every way the unsure alphanumeric positions could be read that satisfies every check digit. */
function candidatesFor(
  layout: Layout,
  read: readonly string[],
  unsure: ReadonlyArray<[number, number]>,
): string[][] {
  const open = unsure.filter(([l, i]) => layout.classes[l]![i] === 'alnum');
  const found: string[][] = [];
  for (let c = 0; c < 2 ** open.length; c++) {
    const lines = read.map((line) => [...line]);
    open.forEach(([l, i], bit) => {
      if ((c >> bit) & 1) lines[l]![i] = LOOK_ALIKE[lines[l]![i]!]!;
    });
    // Digit-only positions hold their digit whatever was read.
    for (const [l, i] of unsure)
      if (layout.classes[l]![i] === 'digit' && /[A-Z]/.test(lines[l]![i]!))
        lines[l]![i] = LOOK_ALIKE[lines[l]![i]!]!;
    const text = lines.map((line) => line.join(''));
    if (layout.checks.every((check) => checkHolds(text, check))) found.push(text);
  }
  return found;
}

describe('check digits settle look-alike characters', () => {
  it('corrects substitutions back exactly, or refuses them when more than one reading fits', () => {
    fc.assert(
      fc.property(documents, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (doc, picks) => {
        const truth = mrzLines(doc);
        const layout = LAYOUTS[doc.format];
        const positions = checkedPositions(layout, truth);
        fc.pre(positions.length > 0);
        const chosen = [
          ...new Map(
            picks.map((p) => positions[p % positions.length]!).map((p) => [p.join(':'), p]),
          ).values(),
        ];
        const damaged = truth.map((line) => [...line]);
        for (const [l, i] of chosen) damaged[l]![i] = LOOK_ALIKE[damaged[l]![i]!]!;
        const read = damaged.map((line) => line.join(''));
        const result = correctMrz(asRead(read, new Set(chosen.map((p) => p.join(':')))), layout);
        if (result.ok) expect(result.lines).toEqual(truth);
        else {
          // Refused only when the check digits truly cannot choose: the truth and another fit.
          expect(result.reason).toBe('ambiguous');
          expect(candidatesFor(layout, read, chosen).length).toBeGreaterThan(1);
        }
        // A substitution in a digits-only field is always settled.
        if (chosen.every(([l, i]) => layout.classes[l]![i] === 'digit'))
          expect(result).toMatchObject({ ok: true, lines: truth });
      }),
      { numRuns: 400 },
    );
  });

  it('never offers a reading that differs from the document, however unsure every character is', () => {
    fc.assert(
      fc.property(documents, fc.array(fc.nat(), { maxLength: 3 }), (doc, picks) => {
        const truth = mrzLines(doc);
        const layout = LAYOUTS[doc.format];
        const positions = checkedPositions(layout, truth);
        const damaged = truth.map((line) => [...line]);
        for (const p of picks) {
          if (positions.length === 0) break;
          const [l, i] = positions[p % positions.length]!;
          damaged[l]![i] = LOOK_ALIKE[damaged[l]![i]!]!;
        }
        const everything = new Set(positions.map((p) => p.join(':')));
        const result = correctMrz(
          asRead(
            damaged.map((line) => line.join('')),
            everything,
          ),
          layout,
        );
        if (result.ok) expect(result.lines).toEqual(truth);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a document number whose look-alikes both satisfy the check digits', () => {
    // O and 0 at weights 7 and 3 change the sum by 168 and 72: 240, a multiple of 10, so "OO1…" and
    // "001…" carry the same check digit, and the composite (which repeats those weights) agrees too.
    const doc: MrzDocument = {
      format: 'TD3',
      code: 'P<',
      issuer: 'ZAF',
      surname: 'NAIDOO',
      names: 'PRIYA',
      number: '001345678',
      nationality: 'ZAF',
      birth: '900203',
      sex: 'F',
      expiry: '310101',
    };
    const truth = mrzLines(doc);
    const other = [truth[0]!, `OO${truth[1]!.slice(2)}`];
    expect(parse(other).valid).toBe(true);
    const unsure = new Set(['1:0', '1:1']);
    expect(correctMrz(asRead(truth, unsure), LAYOUTS.TD3)).toEqual({ ok: false, reason: 'ambiguous' });
    // Read with confidence, the same characters are taken as read.
    expect(correctMrz(asRead(truth), LAYOUTS.TD3)).toMatchObject({ ok: true, lines: truth });
  });

  it('turns letters into digits in dates and digits into letters in names, and says the name is unsure', () => {
    const doc: MrzDocument = {
      format: 'TD3',
      code: 'P<',
      issuer: 'ZAF',
      surname: 'BOOI',
      names: 'SIZO',
      number: 'A12345678',
      nationality: 'ZAF',
      birth: '800101',
      sex: 'M',
      expiry: '300505',
    };
    const truth = mrzLines(doc);
    const read = [truth[0]!.replace('BOOI', 'B00I'), truth[1]!.replace('800101', 'BOO1O1')];
    const result = correctMrz(asRead(read), LAYOUTS.TD3);
    expect(result).toMatchObject({ ok: true, lines: truth });
    if (!result.ok) return;
    expect(result.confidence[0]!.slice(5, 9).map((c) => c >= CERTAIN)).toEqual([true, false, false, true]);
  });

  it('settles a digit read surely as a letter unlike it by its field’s check digit, one a field', () => {
    const doc: MrzDocument = {
      format: 'TD3',
      code: 'P<',
      issuer: 'NAM',
      surname: 'LI',
      names: 'ANNA',
      number: 'GD646848',
      nationality: 'NAM',
      birth: '910725',
      sex: 'F',
      expiry: '341210',
    };
    const truth = mrzLines(doc);
    // After the nationality the OCR's language model made the 9 of the birth date an I.
    const read = [truth[0]!, truth[1]!.replace('NAM910725', 'NAMI10725')];
    expect(correctMrz(asRead(read), LAYOUTS.TD3)).toMatchObject({ ok: true, lines: truth });
    // Look-alikes beside it are still their digits.
    const beside = [truth[0]!, truth[1]!.replace('NAM910725', 'NAMI1O7Z5')];
    expect(correctMrz(asRead(beside), LAYOUTS.TD3)).toMatchObject({ ok: true, lines: truth });
    // Two digits unseen in one field leave its check digit unable to choose.
    const unlike = [truth[0]!, truth[1]!.replace('NAM910725', 'NAMIX0725')];
    expect(correctMrz(asRead(unlike), LAYOUTS.TD3)).toEqual({ ok: false, reason: 'check-digits' });
  });

  it('refuses a line whose check digit fails and no look-alike mends', () => {
    const truth = mrzLines({
      format: 'TD1',
      code: 'ID',
      issuer: 'ZAF',
      surname: 'MOKOENA',
      names: 'THABO',
      number: '123456789',
      nationality: 'ZAF',
      birth: '800101',
      sex: 'M',
      expiry: '300505',
    });
    const read = [truth[0]!.replace('123456789', '123456780'), truth[1]!, truth[2]!];
    expect(correctMrz(asRead(read), LAYOUTS.TD1)).toEqual({ ok: false, reason: 'check-digits' });
  });
});
