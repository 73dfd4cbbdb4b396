// What an identity document says, read at the desk from the PDF417 barcode on the back of a South
// African smart ID card or from a passport's machine-readable zone (the core reads the image:
// capture/identity/), and how it compares with what staff typed. Nothing here changes a form: the
// screen offers the empty fields to fill and shows each disagreement for the person to decide.
import { z } from 'zod';
import { parseSouthAfricanId } from './sa-id.js';

export const IdentityReadingSchema = z.object({
  source: z.enum(['smart-id-barcode', 'passport-mrz']),
  surname: z.string(),
  /** Given names, space-separated, as printed. */
  names: z.string(),
  /** The 13-digit South African ID number, when the document carries one. */
  idNumber: z.string().nullable(),
  /** Passport number (MRZ); null for a smart ID card. */
  documentNumber: z.string().nullable(),
  /** ISO 3166 alpha-3 (ZAF) or the card's RSA. */
  nationality: z.string(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  gender: z.enum(['Male', 'Female']).nullable(),
  /** YYYY-MM-DD; passports only. */
  expiry: z.string().nullable(),
});
export type IdentityReading = z.infer<typeof IdentityReadingSchema>;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "01 Jan 1980" (as the card prints it) to 1980-01-01; null when it is not such a date. */
function cardDate(text: string): string | null {
  const m = /^(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})$/.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0;
  if (!m || month === 0) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const title = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase());

/**
 * The smart ID card's PDF417 holds plain text, fields separated by "|": surname, names, sex (M/F),
 * nationality, ID number, date of birth ("01 Jan 1980"), country of birth, citizenship status, date
 * of issue, then issuing data. Null when the text is not that layout or its ID number fails its
 * check digit, so another barcode (a parcel label, a driving licence) is never taken for an ID.
 */
export function parseSmartIdBarcode(text: string): IdentityReading | null {
  const fields = text.split('|').map((f) => f.trim());
  if (fields.length < 6) return null;
  const [surname, names, sex, nationality, idNumber, born] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const id = parseSouthAfricanId(idNumber);
  if (!id.ok || !surname || !names) return null;
  return {
    source: 'smart-id-barcode',
    surname: title(surname),
    names: title(names),
    idNumber,
    documentNumber: null,
    nationality: nationality.toUpperCase(),
    dateOfBirth: cardDate(born) ?? id.birthDate,
    gender: sex.toUpperCase() === 'M' ? 'Male' : sex.toUpperCase() === 'F' ? 'Female' : id.gender,
    expiry: null,
  };
}

/** What the person typed that a document can confirm. */
export interface TypedIdentity {
  firstName: string;
  lastName: string;
  idNumber: string;
  passportNumber: string;
}

export interface IdentityComparison {
  /** Empty fields the document can fill, with the value it would put there. */
  fills: Array<{ field: keyof TypedIdentity; label: string; value: string }>;
  /** Typed fields the document contradicts: the person may replace the typed value, or keep it. */
  conflicts: Array<{ field: keyof TypedIdentity; label: string; typed: string; value: string }>;
  /** Plain sentences, one per disagreement (typed vs document, or the document with itself). */
  disagreements: string[];
}

const LABELS: Record<keyof TypedIdentity, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  idNumber: 'ID number',
  passportNumber: 'Passport number',
};

const same = (a: string, b: string) =>
  a.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase() ===
  b.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

export function compareIdentity(
  reading: IdentityReading,
  typed: TypedIdentity,
  today: string,
): IdentityComparison {
  const fromDocument: Record<keyof TypedIdentity, string | null> = {
    firstName: reading.names || null,
    lastName: reading.surname || null,
    idNumber: reading.idNumber,
    passportNumber: reading.documentNumber,
  };
  const fills: IdentityComparison['fills'] = [];
  const conflicts: IdentityComparison['conflicts'] = [];
  const disagreements: string[] = [];
  for (const field of Object.keys(LABELS) as Array<keyof TypedIdentity>) {
    const value = fromDocument[field];
    if (!value) continue;
    const mine = typed[field].trim();
    if (mine === '') fills.push({ field, label: LABELS[field], value });
    else if (field === 'firstName' ? !namesAgree(mine, value) : !same(mine, value)) {
      conflicts.push({ field, label: LABELS[field], typed: mine, value });
      disagreements.push(`${LABELS[field]}: typed “${mine}”, the document says “${value}”.`);
    }
  }
  if (reading.idNumber && reading.dateOfBirth) {
    const id = parseSouthAfricanId(reading.idNumber);
    if (id.ok && id.birthDate !== reading.dateOfBirth)
      disagreements.push(
        `Date of birth: the document says ${reading.dateOfBirth}, its ID number says ${id.birthDate}.`,
      );
  }
  const typedId = parseSouthAfricanId(typed.idNumber.trim());
  if (typedId.ok && reading.dateOfBirth && !reading.idNumber && typedId.birthDate !== reading.dateOfBirth)
    disagreements.push(
      `Date of birth: the typed ID number says ${typedId.birthDate}, the document says ${reading.dateOfBirth}.`,
    );
  if (reading.expiry && reading.expiry < today)
    disagreements.push(`The passport expired on ${reading.expiry}: it cannot serve as proof of identity.`);
  return { fills, conflicts, disagreements };
}

/** A typed first name agrees when it is one of the document's given names, or all of them. */
function namesAgree(typed: string, documentNames: string): boolean {
  if (same(typed, documentNames)) return true;
  const given = documentNames.split(/\s+/);
  return typed.split(/\s+/).every((t) => given.some((g) => same(t, g)));
}
