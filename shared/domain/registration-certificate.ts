// A CIPC registration certificate (a company's CoR 14.3, a close corporation's CK1) read from its
// text, and checked against the entity as captured: the registration number and the name. A
// disagreement is worded like the identity document's ("Name: typed …, the certificate says …");
// what could not be read is said as such, never guessed.
import { digitsAsRead } from './ocr-digits.js';

export interface RegistrationCertificate {
  form: 'CoR 14.3' | 'CK1' | null;
  /** YYYY/NNNNNN/NN. */
  registrationNumber: string | null;
  /** As the certificate writes it. */
  name: string | null;
}

export interface RegistrationComparison {
  agrees: boolean;
  disagreements: string[];
  /** What the certificate's text did not give. */
  unread: string[];
}

const NUMBER = /\b(?:C\s?K|K)?\s?(\d{4})\s?\/\s?(\d{6})\s?\/\s?(\d{2})\b/gi;
const NUMBER_LABEL = /registration\s+(?:number|no\.?)|reg(?:istration)?\.?\s+no|registrasienommer/i;
const NAME_LABELS = [
  /enterprise\s+name/i,
  /(?:full\s+)?name\s+of\s+(?:the\s+)?(?:close\s+)?(?:company|corporation|enterprise)/i,
  /(?:company|registered|corporation)\s+name/i,
  /naam\s+van\s+(?:maatskappy|beslote\s+korporasie)/i,
];

function formOf(text: string): RegistrationCertificate['form'] {
  if (/\bC\s?K\s?1\b|close\s+corporation/i.test(text)) return 'CK1';
  if (/CoR\s?14[.,]\s?3|registration\s+certificate/i.test(text)) return 'CoR 14.3';
  return null;
}

/** The number under a "Registration number" label when there is one, else the first on the page. */
function numberOf(text: string): string | null {
  const all = [...text.matchAll(NUMBER)].map((m) => ({ at: m.index, value: `${m[1]}/${m[2]}/${m[3]}` }));
  const labelled = all.find((n) => NUMBER_LABEL.test(text.slice(Math.max(0, n.at - 80), n.at)));
  return (labelled ?? all[0])?.value ?? null;
}

function nameOf(lines: readonly string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const label = NAME_LABELS.map((re) => re.exec(lines[i]!)).find((m) => m !== null);
    if (!label) continue;
    const rest = lines[i]!.slice(label.index + label[0].length)
      .replace(/^[\s:.-]+/, '')
      .trim();
    const value = rest || (lines[i + 1] ?? '').trim();
    if (value) return value.replace(/\s+/g, ' ');
  }
  return null;
}

export function readRegistrationCertificate(text: string): RegistrationCertificate {
  const fixed = digitsAsRead(text);
  const lines = fixed.split(/\r?\n/).map((l) => l.replace(/^\s*\d{1,2}\.\s+/, ''));
  return { form: formOf(fixed), registrationNumber: numberOf(fixed), name: nameOf(lines) };
}

/** The company form's words written one way: "(Pty) Ltd", "Proprietary Limited", "PTY LTD" alike. */
const FORMS: ReadonlyArray<[RegExp, string]> = [
  [/\bproprietary\b/g, 'pty'],
  [/\blimited\b/g, 'ltd'],
  [/\bclose\s+corporation\b/g, 'cc'],
  [/\bnon\s+profit\s+company\b/g, 'npc'],
  [/\bincorporated\b/g, 'inc'],
  [/\bstate\s+owned\s+company\b/g, 'soc'],
  [/&/g, ' and '],
];

function nameKey(name: string): string {
  let key = name.toLowerCase().replace(/[-_]/g, ' ');
  for (const [re, short] of FORMS) key = key.replace(re, short);
  return key.replace(/[^a-z0-9]+/g, ' ').trim();
}

const numberKey = (n: string) => n.toUpperCase().replace(/^C?K/, '').replace(/\s+/g, '');
const quoted = (s: string) => `“${s}”`;

export function compareRegistration(
  typed: { name: string; number: string },
  read: RegistrationCertificate,
): RegistrationComparison {
  const disagreements: string[] = [];
  const unread: string[] = [];
  if (read.registrationNumber === null)
    unread.push('The registration number could not be read from the certificate.');
  else if (numberKey(typed.number) !== numberKey(read.registrationNumber))
    disagreements.push(
      `Registration number: typed ${quoted(typed.number.trim())}, the certificate says ${quoted(read.registrationNumber)}.`,
    );
  if (read.name === null) unread.push('The name could not be read from the certificate.');
  else if (nameKey(typed.name) !== nameKey(read.name))
    disagreements.push(
      `Name: typed ${quoted(typed.name.trim())}, the certificate says ${quoted(read.name)}.`,
    );
  return { agrees: disagreements.length === 0 && unread.length === 0, disagreements, unread };
}
