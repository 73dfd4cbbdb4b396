// What the screens are told of a document read at the desk: from the text kept for it, the details
// typed for its owner now (an address, the entity's name and number), today's date and the
// settings' limit. Worked out each time the case is shown, so a corrected address or a changed
// limit shows at once, and a document grows older by the day.
import { compareAddress } from '../../../shared/domain/document-address.js';
import { documentAge, findDocumentDate } from '../../../shared/domain/document-date.js';
import type { ReadingKind } from '../../../shared/domain/document-reading.js';
import {
  compareRegistration,
  readRegistrationCertificate,
} from '../../../shared/domain/registration-certificate.js';
import type { DocumentReading } from '../../../shared/ipc/model.js';
import type { DocumentTextRecord } from '../cases/case-data.js';
import type { ReadingSubject } from '../cases/case-views.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "15 March 2026": the same on every laptop, whatever its locale. */
function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

type Finding = DocumentReading['findings'][number];

const EMPTY = { source: null, date: null, age: null, address: null, certificate: null } as const;

export function readingView(
  kind: ReadingKind,
  record: DocumentTextRecord | null,
  reading: boolean,
  subject: ReadingSubject,
  today: string,
  limitMonths: number,
): DocumentReading {
  if (!record || reading)
    return {
      kind,
      state: 'reading',
      ...EMPTY,
      findings: [
        {
          tone: 'info',
          text:
            kind === 'proof-of-address'
              ? 'Reading the document’s date and address…'
              : 'Reading the certificate’s number and name…',
        },
      ],
    };
  if (record.text === null || record.text.trim() === '')
    return {
      kind,
      state: 'unreadable',
      ...EMPTY,
      findings: [{ tone: 'warn', text: 'No text could be read from this document: check it by eye.' }],
    };
  const ocr: Finding[] =
    record.source === 'ocr'
      ? [
          {
            tone: 'info',
            text: `Read by OCR from the scanned image: check the ${kind === 'proof-of-address' ? 'date and address' : 'number and name'} against the document.`,
          },
        ]
      : [];
  if (kind === 'registration-certificate') {
    const read = readRegistrationCertificate(record.text);
    const entity = subject.entity ?? { name: '', number: '' };
    const compared = compareRegistration(entity, read);
    const findings: Finding[] = compared.agrees
      ? [{ tone: 'ok', text: 'The registration number and name agree with the entity’s.' }]
      : [...compared.disagreements, ...compared.unread].map((text) => ({ tone: 'warn' as const, text }));
    return {
      kind,
      state: 'read',
      ...EMPTY,
      source: record.source,
      certificate: { ...read, disagreements: compared.disagreements, unread: compared.unread },
      findings: [...findings, ...ocr],
    };
  }
  const found = findDocumentDate(record.text, today);
  const age = found ? documentAge(found.date, today, limitMonths) : null;
  const findings: Finding[] = [];
  if (found && age) {
    const label = found.label ? ` (${found.label.toLowerCase()})` : '';
    findings.push({
      tone: age.stale || age.future ? 'warn' : 'ok',
      text: `Dated ${longDate(found.date)}${label}: ${age.words}.`,
    });
  } else
    findings.push({
      tone: 'warn',
      text: `No date was found on the document: check it is not older than ${limitMonths} month${limitMonths === 1 ? '' : 's'}.`,
    });
  const nothingTyped =
    subject.address.lines.every((l) => !l?.trim()) && !(subject.address.postalCode ?? '').trim();
  const address = nothingTyped ? null : compareAddress(subject.address, record.text);
  if (!address) findings.push({ tone: 'info', text: 'No address was typed to compare with.' });
  else if (address.agrees) findings.push({ tone: 'ok', text: 'The address agrees with the one typed.' });
  else findings.push(...address.differences.map((text) => ({ tone: 'warn' as const, text })));
  return {
    kind,
    state: 'read',
    ...EMPTY,
    source: record.source,
    date: found?.date ?? null,
    age: age ? { words: age.words, stale: age.stale, limitMonths } : null,
    address: {
      found: address?.found ?? null,
      differences: address?.differences ?? [],
      nothingTyped,
    },
    findings: [...findings, ...ocr],
  };
}
