// The date of a proof of address (utility bill, bank statement, lease), read from its text, and how
// old that makes it. FICA practice accepts such a document when it is not older than three months;
// the limit is a setting. Text comes from a PDF's text layer or from OCR, so digits OCR took for
// letters are read as digits, and South African documents write dates day first (15/03/2026).
import { digitsAsRead } from './ocr-digits.js';

export interface DocumentDate {
  /** YYYY-MM-DD. */
  date: string;
  /** The label the date was found under ("Statement date"), or null for an unlabelled date. */
  label: string | null;
  /** The date as the document writes it. */
  text: string;
}

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'januarie', 'jan'],
  ['february', 'februarie', 'feb'],
  ['march', 'maart', 'mar', 'mrt'],
  ['april', 'apr'],
  ['may', 'mei'],
  ['june', 'junie', 'jun'],
  ['july', 'julie', 'jul'],
  ['august', 'augustus', 'aug'],
  ['september', 'sept', 'sep'],
  ['october', 'oktober', 'oct', 'okt'],
  ['november', 'nov'],
  ['december', 'desember', 'dec', 'des'],
];
const MONTH_OF = new Map(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
const MONTH = `(${[...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;

/** Each way of writing a date, and how to read its groups as year, month and day. */
const PATTERNS: ReadonlyArray<{ re: RegExp; ymd: (m: RegExpExecArray) => [string, string, string] }> = [
  // "this 15th day of March 2026" (leases)
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+day\\s+of\\s+${MONTH},?\\s+(\\d{4})\\b`, 'gi'),
    ymd: (m) => [m[3]!, m[2]!, m[1]!],
  },
  // 15 March 2026, 15-Mar-2026, 15th March, 2026
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s.-]+${MONTH}[\\s.,-]+(\\d{4})\\b`, 'gi'),
    ymd: (m) => [m[3]!, m[2]!, m[1]!],
  },
  // March 15, 2026
  {
    re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'),
    ymd: (m) => [m[3]!, m[1]!, m[2]!],
  },
  // 2026/03/15, 2026-03-15, 2026.03.15
  { re: /\b(\d{4})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{1,2})\b/g, ymd: (m) => [m[1]!, m[3]!, m[4]!] },
  // 15/03/2026, 15-03-2026, 15.03.2026 (day first)
  { re: /\b(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4})\b/g, ymd: (m) => [m[4]!, m[3]!, m[1]!] },
];

/** Labels that name the date of the document, the most telling first. */
const DOCUMENT_LABELS: ReadonlyArray<{ re: RegExp; label: string; weight: number }> = [
  { re: /statement\s+date|date\s+of\s+statement|staatdatum/i, label: 'Statement date', weight: 5 },
  { re: /date\s+of\s+issue|issue\s+date|date\s+issued|issued\s+on/i, label: 'Date of issue', weight: 5 },
  { re: /(?:tax\s+)?invoice\s+date|date\s+of\s+invoice/i, label: 'Invoice date', weight: 5 },
  { re: /bill(?:ing)?\s+date|account\s+date|document\s+date/i, label: 'Bill date', weight: 5 },
  { re: /signed\b|day\s+of\b|date\s+of\s+signature/i, label: 'Signed', weight: 4 },
  { re: /print(?:ed)?\s+date|date\s+printed|letter\s+date/i, label: 'Date printed', weight: 4 },
  { re: /statement\s+period|period\s+(?:ending|to)|\bto\b\s*$/i, label: 'Statement period', weight: 3 },
  { re: /\b(?:date|datum)\b\s*:?\s*$/i, label: 'Date', weight: 3 },
];

/** Dates that are not the document's: when to pay, when someone was born, until when it is valid. */
const NOT_THE_DOCUMENT = [
  /\bdue\b|pay\s+(?:by|before)|payable|betaal/i,
  /birth|born|gebore/i,
  /expir|valid\s+(?:until|to|till)|next\s+(?:reading|statement|bill)/i,
];

/** How far back on the line, and on the line before, a label is looked for. */
const LABEL_REACH = 60;

function validDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface Found {
  date: string;
  text: string;
  index: number;
  label: string | null;
  weight: number;
  excluded: boolean;
}

/** What stands before a date: the start of its line and, when that is short, the line before. */
function leadOf(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const onLine = text.slice(lineStart, index);
  if (onLine.trim().length > 3 || lineStart === 0) return onLine.slice(-LABEL_REACH);
  const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  return `${text.slice(previousStart, lineStart - 1)} ${onLine}`.slice(-LABEL_REACH);
}

function classify(lead: string): { label: string | null; weight: number; excluded: boolean } {
  // Only the nearest label counts: "Date of birth 1990-02-03   Statement date 2026-03-15".
  const near = lead.split(/\d{4}\b|\s{3,}/).at(-1) ?? lead;
  if (NOT_THE_DOCUMENT.some((re) => re.test(near))) return { label: null, weight: 0, excluded: true };
  const known = DOCUMENT_LABELS.find((l) => l.re.test(near));
  return known
    ? { label: known.label, weight: known.weight, excluded: false }
    : { label: null, weight: 1, excluded: false };
}

function allDates(text: string): Found[] {
  const out: Found[] = [];
  const taken: Array<[number, number]> = [];
  for (const { re, ymd } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const [y, mo, d] = ymd(m);
      const month = /^\d+$/.test(mo) ? Number(mo) : (MONTH_OF.get(mo.toLowerCase()) ?? 0);
      const date = validDate(Number(y), month, Number(d));
      if (!date) continue;
      taken.push([start, end]);
      out.push({ date, text: m[0], index: start, ...classify(leadOf(text, start)) });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * The document's date: the one under the most telling label (the first of those), else the latest
 * unlabelled date that is not after today. Due dates, birth dates and expiry dates are never it.
 * `today` is YYYY-MM-DD.
 */
export function findDocumentDate(text: string, today: string): DocumentDate | null {
  const dates = allDates(digitsAsRead(text)).filter((d) => !d.excluded);
  const labelled = dates.filter((d) => d.label !== null);
  if (labelled.length > 0) {
    const best = Math.max(...labelled.map((d) => d.weight));
    const chosen = labelled.find((d) => d.weight === best)!;
    return { date: chosen.date, label: chosen.label, text: chosen.text };
  }
  const past = dates.filter((d) => d.date <= today).sort((a, b) => (a.date < b.date ? 1 : -1));
  const latest = past[0];
  return latest ? { date: latest.date, label: null, text: latest.text } : null;
}

export interface DocumentAge {
  /** Whole calendar months from the date to today. */
  months: number;
  days: number;
  /** Older than the limit: before the same day `limitMonths` months ago. */
  stale: boolean;
  future: boolean;
  /** "2 months old", "4 months old, older than 3 months", "5 days old". */
  words: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

/** How old a document dated `date` is on `today` (both YYYY-MM-DD), against a limit in months. */
export function documentAge(date: string, today: string, limitMonths: number): DocumentAge {
  const [y, m, d] = parts(date);
  const [ty, tm, td] = parts(today);
  const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(y, m - 1, d)) / 86_400_000);
  if (days < 0) return { months: 0, days, stale: false, future: true, words: 'dated in the future' };
  const months = (ty - y) * 12 + (tm - m) - (td < d ? 1 : 0);
  // The cutoff is the same day of the month `limitMonths` back, clamped to that month's length.
  const cutoffMonth = new Date(Date.UTC(ty, tm - 1 - limitMonths, 1));
  const lastDay = new Date(Date.UTC(cutoffMonth.getUTCFullYear(), cutoffMonth.getUTCMonth() + 1, 0));
  const cutoff = Date.UTC(
    cutoffMonth.getUTCFullYear(),
    cutoffMonth.getUTCMonth(),
    Math.min(td, lastDay.getUTCDate()),
  );
  const stale = Date.UTC(y, m - 1, d) < cutoff;
  const age =
    days === 0 ? 'dated today' : months < 1 ? `${plural(days, 'day')} old` : `${plural(months, 'month')} old`;
  return {
    months,
    days,
    stale,
    future: false,
    words: stale ? `${age}, older than ${plural(limitMonths, 'month')}` : age,
  };
}
