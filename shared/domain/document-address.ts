// The address on a proof of address (a bill, a statement, a lease) against the address typed for
// the person or entity. The document's text comes from its text layer or from OCR, so words are
// matched loosely (case, punctuation, "St" for "Street", one letter misread in a long word) while
// numbers are matched exactly: a street number or postal code that differs is the difference that
// matters. Nothing here blocks anything; the clerk and the reviewer see the differences.

export interface TypedAddress {
  /** The typed lines (street, suburb, town), empty ones included or not. */
  lines: ReadonlyArray<string | null | undefined>;
  postalCode?: string | null;
}

export interface AddressComparison {
  /** Every typed part was found on the document (or nothing was typed). */
  agrees: boolean;
  /** The document's address as it writes it, or null when none like the typed one was found. */
  found: string[] | null;
  /** One plain sentence per difference. */
  differences: string[];
}

const ABBREVIATIONS: Record<string, string> = {
  st: 'street',
  str: 'street',
  straat: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  dr: 'drive',
  ln: 'lane',
  cres: 'crescent',
  cl: 'close',
  pl: 'place',
  ct: 'court',
  blvd: 'boulevard',
  hwy: 'highway',
  ext: 'extension',
  apt: 'apartment',
  nr: 'number',
  no: 'number',
  stn: 'station',
  mt: 'mount',
};

/** Lower-cased words and numbers, abbreviations written out. */
function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((t) => ABBREVIATIONS[t] ?? t);
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/** Numbers match exactly; a long word may have one letter (two in a very long word) misread. */
function sameToken(a: string, b: string): boolean {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  const limit = Math.min(a.length, b.length) >= 9 ? 2 : Math.min(a.length, b.length) >= 5 ? 1 : 0;
  return limit > 0 && editDistance(a, b, limit) <= limit;
}

/** The share of `wanted`'s tokens found among `among`'s. */
function coverage(wanted: readonly string[], among: readonly string[]): number {
  if (wanted.length === 0) return 0;
  return wanted.filter((w) => among.some((t) => sameToken(w, t))).length / wanted.length;
}

const STREET_KINDS = new Set([
  'street',
  'road',
  'avenue',
  'drive',
  'lane',
  'crescent',
  'close',
  'place',
  'court',
  'boulevard',
  'highway',
  'way',
  'square',
  'terrace',
  'walk',
]);

/** "12 Acacia Street" → number and name; null for a line that is not a street line. */
function streetOf(text: string): { number: string; name: string[] } | null {
  const t = tokens(text);
  const at = t.findIndex((x) => /^\d+[a-z]?$/.test(x));
  if (at < 0 || at + 1 >= t.length) return null;
  const name = t.slice(at + 1);
  if (!name.some((x) => STREET_KINDS.has(x)) && name.length > 3) return null;
  return { number: t[at]!, name };
}

const POSTAL_CODE = /(?:^|\s)(\d{4})\s*$/;
/** A segment that ends an address block: a labelled field, an amount, a date line. */
const NOT_ADDRESS =
  /:|\b(date|amount|account|invoice|total|balance|due|reference|vat|tel|phone|email)\b|\bR\s?\d/i;

interface Segment {
  text: string;
  line: number;
}

/**
 * The document's lines (blank ones left out), split at commas too (a lease writes the address in
 * one sentence). A street number left at the end of a wrapped sentence joins the street on the
 * next line.
 */
function segmentsOf(text: string): Segment[] {
  const pieces = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .flatMap((line, i) =>
      line
        .split(/,|;|\s{3,}|\(|\)/)
        .map((raw) => ({
          raw: raw.trim(),
          text: raw
            .trim()
            .replace(/^.*\b(?:situated|situate|located)\s+at\s+/i, '')
            .replace(/[.:;]+$/, ''),
          line: i,
        }))
        .filter((s) => s.text.length > 0),
    );
  const out: Segment[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const s = pieces[i]!;
    const next = pieces[i + 1];
    // "… situated at 12" or "… at 45 Jan" then the rest of the street on the next line: a street
    // line cut short at the end of a sentence's line. A number standing alone (a postal code) is not.
    const lastOfLine = next?.line !== s.line;
    const cut = /^\d+[a-z]?\b/i.test(s.text) && !tokens(s.text).some((t) => STREET_KINDS.has(t));
    const wrapped = lastOfLine && cut && s.raw.replace(/[.:;]+$/, '') !== s.text;
    if (wrapped && next && next.line === s.line + 1 && /^[A-Za-z]/.test(next.text)) {
      out.push({ text: `${s.text} ${next.text}`, line: next.line });
      i++;
    } else out.push({ text: s.text, line: s.line });
  }
  return out;
}

const ADDRESS_LABEL = /address|premises|property|adres|perseel/i;

/**
 * Where the document's address starts: the street line whose street is most like a typed one (the
 * same number counts most), else the part most like any typed line, else a street line under an
 * address label, else the first street line.
 */
function anchorOf(segments: Segment[], typed: string[]): number {
  const typedStreets = typed.map(streetOf).filter((s): s is NonNullable<typeof s> => s !== null);
  let best = -1;
  let bestScore = 0;
  segments.forEach((s, i) => {
    const street = streetOf(s.text);
    if (!street || NOT_ADDRESS.test(s.text)) return;
    for (const mine of typedStreets) {
      const name = coverage(mine.name, street.name);
      const score = name + (mine.number === street.number ? 0.5 : 0);
      if (name >= 0.5 && score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
  });
  if (best >= 0) return best;
  segments.forEach((s, i) => {
    const own = tokens(s.text);
    const score = Math.max(0, ...typed.map((t) => coverage(tokens(t), own)));
    if (score >= 0.5 && score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  if (best >= 0) return best;
  const labelled = segments.findIndex(
    (s, i) => ADDRESS_LABEL.test(s.text) && streetOf(segments[i + 1]?.text ?? '') !== null,
  );
  if (labelled >= 0) return labelled + 1;
  return segments.findIndex((s) => streetOf(s.text) !== null && !NOT_ADDRESS.test(s.text));
}

/** The address block from its street line to its postal code: at most six parts over five lines. */
function blockFrom(segments: Segment[], anchor: number): Segment[] {
  const out: Segment[] = [];
  const firstLine = segments[anchor]!.line;
  for (let i = anchor; i < segments.length && out.length < 6; i++) {
    const s = segments[i]!;
    if (s.line > firstLine + 4) break;
    if (i > anchor && NOT_ADDRESS.test(s.text)) break;
    out.push(s);
    if (POSTAL_CODE.test(s.text)) break;
  }
  return out;
}

const quoted = (s: string) => `“${s}”`;

export function compareAddress(typed: TypedAddress, documentText: string): AddressComparison {
  const lines = typed.lines.map((l) => (l ?? '').trim()).filter((l) => l.length > 0);
  const code = (typed.postalCode ?? '').trim();
  if (lines.length === 0 && code === '') return { agrees: true, found: null, differences: [] };
  const segments = segmentsOf(documentText);
  const anchor = anchorOf(segments, lines);
  if (anchor < 0)
    return {
      agrees: false,
      found: null,
      differences: ['No address like the one typed was found on the document.'],
    };
  const block = blockFrom(segments, anchor);
  const blockTokens = block.flatMap((s) => tokens(s.text));
  const differences: string[] = [];
  for (const line of lines) {
    const own = tokens(line);
    if (coverage(own, blockTokens) >= 0.85 || block.some((s) => coverage(own, tokens(s.text)) >= 0.85))
      continue;
    const street = streetOf(line);
    const theirs = street
      ? block.find((s) => {
          const other = streetOf(s.text);
          return other !== null && coverage(street.name, other.name) >= 0.6;
        })
      : undefined;
    differences.push(
      theirs
        ? `Street: typed ${quoted(line)}, the document says ${quoted(theirs.text)}.`
        : `${quoted(line)} (typed) is not in the document’s address.`,
    );
  }
  if (code !== '') {
    const codes = block.map((s) => POSTAL_CODE.exec(s.text)?.[1]).filter((c): c is string => c !== undefined);
    if (!codes.includes(code) && !blockTokens.includes(code.toLowerCase())) {
      const theirs = codes.at(-1);
      differences.push(
        theirs
          ? `Postal code: typed ${quoted(code)}, the document says ${quoted(theirs)}.`
          : `Postal code ${quoted(code)} (typed) is not in the document’s address.`,
      );
    }
  }
  return { agrees: differences.length === 0, found: block.map((s) => s.text), differences };
}
