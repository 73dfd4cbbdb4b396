// South African ID numbers: YYMMDD SSSS C A Z. SSSS below 5000 is female, C is 0 for citizens and 1
// for permanent residents, A is any digit, Z is the Luhn check digit over the first twelve.

export type SaGender = 'Female' | 'Male';
export type SaCitizenship = 'citizen' | 'permanent resident';

export type SaIdParse =
  | { ok: true; birthDate: string; gender: SaGender; citizenship: SaCitizenship }
  | { ok: false; reason: string };

/** Luhn check digit of a string of digits (the first twelve of an ID number). */
export function luhnCheckDigit(first12: string): number {
  if (!/^\d+$/.test(first12)) throw new RangeError('luhnCheckDigit needs digits only');
  let sum = 0;
  // Walking from the right, the digit next to the check digit is doubled, then every second one.
  for (let i = first12.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = first12.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

function realDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function todayParts(today: Date): [number, number, number] {
  return [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
}

const notAfter = (a: [number, number, number], b: [number, number, number]): boolean =>
  a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] <= b[2];

/**
 * Parses an ID number. The century is 20xx unless that date lies after `today` (UTC), then 19xx,
 * so nobody is born in the future; a holder cannot be 100 or older by this rule.
 */
export function parseSouthAfricanId(value: string, today: Date = new Date()): SaIdParse {
  if (typeof value !== 'string' || !/^\d{13}$/.test(value)) {
    return { ok: false, reason: 'An ID number has exactly 13 digits' };
  }
  const yy = Number(value.slice(0, 2));
  const mm = Number(value.slice(2, 4));
  const dd = Number(value.slice(4, 6));
  const now = todayParts(today);
  let year: number | null = null;
  if (realDate(2000 + yy, mm, dd) && notAfter([2000 + yy, mm, dd], now)) year = 2000 + yy;
  else if (realDate(1900 + yy, mm, dd)) year = 1900 + yy;
  if (year === null)
    return { ok: false, reason: `The first six digits (${value.slice(0, 6)}) are not a date of birth` };
  const c = value[10];
  if (c !== '0' && c !== '1') {
    return { ok: false, reason: 'The 11th digit must be 0 (citizen) or 1 (permanent resident)' };
  }
  if (luhnCheckDigit(value.slice(0, 12)) !== Number(value[12])) {
    return {
      ok: false,
      reason: 'The check digit (last digit) does not match: the number has a typing error',
    };
  }
  return {
    ok: true,
    birthDate: `${year}-${pad(mm, 2)}-${pad(dd, 2)}`,
    gender: Number(value.slice(6, 10)) < 5000 ? 'Female' : 'Male',
    citizenship: c === '0' ? 'citizen' : 'permanent resident',
  };
}

export function isValidSouthAfricanId(value: string, today: Date = new Date()): boolean {
  return parseSouthAfricanId(value, today).ok;
}

export interface MakeSaIdInput {
  /** YYYY-MM-DD */
  birthDate: string;
  gender: SaGender;
  citizenship: SaCitizenship;
  /** 0..4999, added to 0 (female) or 5000 (male) to make SSSS. Default 1: SSSS 0000 means "not found" in the sandbox. */
  sequence?: number;
  /** The 12th digit; default 8. */
  aDigit?: number;
}

/** Builds a valid ID number (tests, fixtures, sandbox seeds). */
export function makeSouthAfricanId(input: MakeSaIdInput): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.birthDate);
  if (!m || !realDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw new RangeError(`birthDate must be a real YYYY-MM-DD date, got ${input.birthDate}`);
  }
  const seq = input.sequence ?? 1;
  if (!Number.isInteger(seq) || seq < 0 || seq > 4999)
    throw new RangeError('sequence must be a whole number 0..4999');
  const a = input.aDigit ?? 8;
  if (!Number.isInteger(a) || a < 0 || a > 9) throw new RangeError('aDigit must be one digit');
  const first12 =
    `${(m[1] ?? '').slice(2)}${m[2]}${m[3]}` +
    pad(seq + (input.gender === 'Male' ? 5000 : 0), 4) +
    (input.citizenship === 'citizen' ? '0' : '1') +
    String(a);
  return first12 + String(luhnCheckDigit(first12));
}
