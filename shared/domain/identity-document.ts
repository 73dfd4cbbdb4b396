// What an identity document says, read at the desk from the PDF417 barcode on the back of a South
// African smart ID card or from a passport's machine-readable zone (the core reads the image:
// capture/identity/), and how it compares with what staff typed. Nothing here changes a form: the
// screen offers the empty fields to fill and shows each disagreement for the person to decide.
import { z } from 'zod';
import { alpha2Of } from './country-codes.js';
import { parseSouthAfricanId } from './sa-id.js';

/** What an MRZ reading says about how each character was read, for the person to check the name. */
export const MrzDetailSchema = z.object({
  format: z.enum(['TD1', 'TD2', 'TD3']),
  /** The zone's lines as read, after the check digits settled what they cover. */
  lines: z.array(z.string()),
  /** Per line, one flag per character: read with high confidence or confirmed by a check digit. */
  certain: z.array(z.array(z.boolean())),
  /** Where the name field lies: its line and characters. */
  name: z.object({ line: z.number().int(), start: z.number().int(), end: z.number().int() }),
  /**
   * Every character of the name field read with high confidence. Names carry no check digit: only
   * then may the name be filled in one click; otherwise the person compares it with the strip.
   */
  nameCertain: z.boolean(),
});

export const IdentityReadingSchema = z.object({
  /** A smart ID card's barcode, a passport's MRZ (TD3), or an identity card's MRZ (TD1, TD2). */
  source: z.enum(['smart-id-barcode', 'passport-mrz', 'id-card-mrz']),
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
  /** YYYY-MM-DD; documents with an MRZ only. */
  expiry: z.string().nullable(),
  /** ISO 3166 alpha-3 of the state that issued an MRZ document (a passport's country); null for a card's barcode. */
  issuer: z.string().nullable(),
  /** How an MRZ was read; null for a barcode, which is exact. */
  mrz: MrzDetailSchema.nullable(),
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
    issuer: null,
    mrz: null,
  };
}

/**
 * The ID number of a barcode laid out as a smart ID card's (names, then a 13-digit number) that is
 * not a valid ID number (its check digit fails, or it holds no date of birth), with why: the card
 * was read, and its number is not valid. Null for any other text.
 */
export function invalidSmartIdNumber(text: string): { idNumber: string; reason: string } | null {
  const fields = text.split('|').map((f) => f.trim());
  const idNumber = fields[4] ?? '';
  if (fields.length < 6 || !fields[0] || !fields[1] || !/^\d{13}$/.test(idNumber)) return null;
  const parsed = parseSouthAfricanId(idNumber);
  return parsed.ok ? null : { idNumber, reason: parsed.reason };
}

/** What the person typed that a document can confirm. */
export interface TypedIdentity {
  firstName: string;
  lastName: string;
  /** The form's answer to "South African citizen?": the document never changes it on its own. */
  citizen: boolean;
  idNumber: string;
  passportNumber: string;
  /** The chosen passport country as ISO alpha-2; '' when none is chosen. */
  passportCountry: string;
}

export type IdentityField = Exclude<keyof TypedIdentity, 'citizen'>;

export interface IdentityComparison {
  /** Empty fields the document can fill, with the value it would put there (a country as alpha-2). */
  fills: Array<{ field: IdentityField; label: string; value: string; shown: string }>;
  /** Typed fields the document contradicts: the person may replace the typed value, or keep it. */
  conflicts: Array<{ field: IdentityField; label: string; typed: string; value: string; shown: string }>;
  /** Plain sentences, one per disagreement (typed vs document, or the document with itself). */
  disagreements: string[];
  /**
   * The document suggests the other answer to "South African citizen?", and why. It is only ever
   * changed by the person; the fills above never depend on it.
   */
  citizenship: { citizen: boolean; reason: string } | null;
  /**
   * The name was read from an MRZ with characters of low confidence: names carry no check digit, so
   * it is filled only after the person has compared it with the zone's picture.
   */
  nameUnsure: boolean;
}

const LABELS: Record<IdentityField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  idNumber: 'ID number',
  passportNumber: 'Passport number',
  passportCountry: 'Passport country',
};

const NAME_FIELDS: readonly IdentityField[] = ['firstName', 'lastName'];
export const isNameField = (field: IdentityField) => NAME_FIELDS.includes(field);

const same = (a: string, b: string) =>
  a.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase() ===
  b.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What the document says against what was typed. `countryKnown` says whether the country lookup
 * has a country (by alpha-2), so a passport country is offered only where the form can take it.
 */
export function compareIdentity(
  reading: IdentityReading,
  typed: TypedIdentity,
  today: string,
  countryKnown: (alpha2: string) => boolean = () => true,
): IdentityComparison {
  const passport = reading.source === 'passport-mrz';
  const country = passport && reading.issuer ? alpha2Of(reading.issuer) : null;
  const fromDocument: Record<IdentityField, { value: string; shown: string } | null> = {
    firstName: reading.names ? { value: reading.names, shown: reading.names } : null,
    lastName: reading.surname ? { value: reading.surname, shown: reading.surname } : null,
    // An ID number belongs on the form only while it says the person is a citizen.
    idNumber: reading.idNumber && typed.citizen ? { value: reading.idNumber, shown: reading.idNumber } : null,
    passportNumber:
      passport && reading.documentNumber
        ? { value: reading.documentNumber, shown: reading.documentNumber }
        : null,
    passportCountry: country && countryKnown(country) ? { value: country, shown: reading.issuer! } : null,
  };
  const fills: IdentityComparison['fills'] = [];
  const conflicts: IdentityComparison['conflicts'] = [];
  const disagreements: string[] = [];
  for (const field of Object.keys(LABELS) as IdentityField[]) {
    const from = fromDocument[field];
    if (!from) continue;
    const mine = typed[field].trim();
    if (mine === '') fills.push({ field, label: LABELS[field], ...from });
    else if (field === 'firstName' ? !namesAgree(mine, from.value) : !same(mine, from.value)) {
      conflicts.push({ field, label: LABELS[field], typed: mine, ...from });
      disagreements.push(`${LABELS[field]}: typed “${mine}”, the document says “${from.shown}”.`);
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
  if (
    typed.citizen &&
    typedId.ok &&
    reading.dateOfBirth &&
    !reading.idNumber &&
    typedId.birthDate !== reading.dateOfBirth
  )
    disagreements.push(
      `Date of birth: the typed ID number says ${typedId.birthDate}, the document says ${reading.dateOfBirth}.`,
    );
  if (reading.expiry && reading.expiry < today)
    disagreements.push(
      `The ${passport ? 'passport' : 'identity card'} expired on ${reading.expiry}: it cannot serve as proof of identity.`,
    );
  return {
    fills,
    conflicts,
    disagreements,
    citizenship: citizenshipSuggestion(reading, typed.citizen),
    nameUnsure: reading.mrz !== null && !reading.mrz.nameCertain,
  };
}

function citizenshipSuggestion(
  reading: IdentityReading,
  citizen: boolean,
): IdentityComparison['citizenship'] {
  const southAfrican = reading.source === 'smart-id-barcode' || reading.issuer === 'ZAF';
  if (!citizen && reading.idNumber)
    return {
      citizen: true,
      reason: `The document carries the South African ID number ${reading.idNumber}, and the form says the person is not a South African citizen.`,
    };
  if (!citizen && southAfrican && reading.source === 'passport-mrz')
    return {
      citizen: true,
      reason:
        'This is a South African passport, and the form says the person is not a South African citizen.',
    };
  if (citizen && reading.source === 'passport-mrz' && !southAfrican && reading.issuer)
    return {
      citizen: false,
      reason: `This passport was issued by ${reading.issuer}, and the form says the person is a South African citizen. A citizen may also hold another country’s passport: change the answer only if the person is not a citizen.`,
    };
  return null;
}

/** A typed first name agrees when it is one of the document's given names, or all of them. */
function namesAgree(typed: string, documentNames: string): boolean {
  if (same(typed, documentNames)) return true;
  const given = documentNames.split(/\s+/);
  return typed.split(/\s+/).every((t) => given.some((g) => same(t, g)));
}
