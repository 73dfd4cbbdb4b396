// Proofs of address (utility bills, bank statements, leases) and CIPC registration certificates
// made in the tests: their text, then the document as a PDF with a text layer (pdfkit), as a scan
// (an image-only PDF, as a flatbed or a phone app makes it) and as a photo of the paper (12 MP,
// turned a little, lower contrast, noisy). The document's date and the address it shows are known,
// so a reading can be checked.
import { PDFDocument as PdfLib } from '@cantoo/pdf-lib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { seededNoise } from './page-fixtures.js';

export type ProofKind = 'utility-bill' | 'bank-statement' | 'lease';

export interface Address {
  street: string;
  suburb: string;
  town: string;
  postalCode: string;
}

export interface ProofOfAddress {
  kind: ProofKind;
  holder: string;
  address: Address;
  /** YYYY-MM-DD: the date the document is dated. */
  date: string;
  /** Which of DATE_FORMATS writes the date. */
  format: number;
}

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
const pad = (n: number) => String(n).padStart(2, '0');

/** How bills, statements and leases write their date. */
export const DATE_FORMATS: ReadonlyArray<(y: number, m: number, d: number) => string> = [
  (y, m, d) => `${d} ${MONTHS[m - 1]} ${y}`,
  (y, m, d) => `${y}/${pad(m)}/${pad(d)}`,
  (y, m, d) => `${pad(d)}-${pad(m)}-${y}`,
  (y, m, d) => `${pad(d)} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`,
  (y, m, d) => `${pad(d)}/${pad(m)}/${y}`,
];

export function writtenDate(iso: string, format: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return DATE_FORMATS[format % DATE_FORMATS.length]!(y!, m!, d!);
}

/** A date `months` months and `days` days before `today` (YYYY-MM-DD). */
export function monthsBefore(today: string, months: number, days = 0): string {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 - months, d! - days)).toISOString().slice(0, 10);
}

export function proofOfAddressLines(doc: ProofOfAddress): string[] {
  const { street, suburb, town, postalCode } = doc.address;
  const dated = writtenDate(doc.date, doc.format);
  switch (doc.kind) {
    case 'utility-bill':
      return [
        'CITY OF JOHANNESBURG',
        'Tax invoice and statement of account',
        'Account number: 5012334401',
        '',
        doc.holder,
        street,
        suburb,
        town,
        postalCode,
        '',
        `Statement date: ${dated}`,
        `Due date: ${writtenDate(monthsBefore(doc.date, -1), doc.format)}`,
        '',
        'Electricity                      1 234.56',
        'Water and sanitation               345.67',
        'Refuse removal                     120.00',
        'Amount due                     R 1 700.23',
      ];
    case 'bank-statement':
      return [
        'FIRST NATIONAL BANK',
        'Cheque account statement',
        '',
        doc.holder,
        street,
        suburb,
        `${town} ${postalCode}`,
        '',
        `Statement date ${dated}`,
        'Account number 62012345678',
        '',
        'Date          Description                 Amount',
        `${writtenDate(monthsBefore(doc.date, 1, -2), 4)}    Card purchase Checkers       120.00`,
        `${writtenDate(monthsBefore(doc.date, 0, 5), 4)}    Salary                    15 000.00`,
        'Closing balance                         9 876.54',
      ];
    case 'lease':
      return [
        'RESIDENTIAL LEASE AGREEMENT',
        '',
        `Between Acme Properties (Pty) Ltd (the Landlord) and ${doc.holder} (the Tenant).`,
        '',
        `1. The Landlord lets to the Tenant the premises situated at ${street}, ${suburb}, ${town}, ${postalCode}.`,
        `2. The lease commences on ${writtenDate(monthsBefore(doc.date, -1), doc.format)} for twelve months.`,
        '3. The monthly rental is R 8 500.00, payable in advance.',
        '',
        `Thus done and signed at ${town} on this ${Number(doc.date.slice(8))}th day of ${MONTHS[Number(doc.date.slice(5, 7)) - 1]} ${doc.date.slice(0, 4)}.`,
      ];
  }
}

export interface Certificate {
  form: 'CoR 14.3' | 'CK1';
  number: string;
  name: string;
}

export function certificateLines(cert: Certificate): string[] {
  return cert.form === 'CoR 14.3'
    ? [
        'COMPANIES AND INTELLECTUAL PROPERTY COMMISSION',
        'Republic of South Africa',
        'Form CoR 14.3',
        'Registration Certificate',
        '',
        `Registration number: ${cert.number}`,
        `Enterprise name: ${cert.name}`,
        'Enterprise type: Private Company',
        'Date of incorporation: 02/03/2015',
      ]
    : [
        'Form CK1',
        'FOUNDING STATEMENT AND CERTIFICATE OF',
        'INCORPORATION OF CLOSE CORPORATION',
        '',
        `Registration number of corporation: CK ${cert.number}`,
        `1. Full name of corporation: ${cert.name}`,
        '2. Postal address: PO Box 12, Rosebank, 2196',
      ];
}

/** A4 with a text layer, as a utility's or bank's system writes it. */
export function textLayerPdf(lines: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { CreationDate: new Date(0) } });
  const parts: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(parts)))),
  );
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line || ' ');
  doc.end();
  return done;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && (current + ' ' + word).length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  out.push(current);
  return out;
}

/** The page printed and scanned: A4 at `dpi`, black text on white, no text layer. */
export async function pageImage(lines: readonly string[], dpi = 200): Promise<Buffer> {
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const size = Math.round(dpi * 0.16);
  const margin = Math.round(dpi * 0.8);
  const rows = lines.flatMap((l) => (l ? wrap(l, 68) : ['']));
  const text = rows
    .map(
      (row, i) =>
        `<text x="${margin}" y="${margin + (i + 1) * Math.round(size * 1.5)}" xml:space="preserve">${escapeXml(row)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="${size}" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

/** A scanned page in a PDF of its own (an image, no text layer), as scanners and phone apps save it. */
export async function scannedPdf(lines: readonly string[], dpi = 200): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp(await pageImage(lines, dpi))
    .jpeg({ quality: 85 })
    .toBuffer();
  const doc = await PdfLib.create();
  const image = await doc.embedJpg(jpeg);
  doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return new Uint8Array(await doc.save());
}

/** The paper photographed with a phone on a desk: 12 MP, turned a little, lower contrast, noisy. */
export async function photographedPaper(lines: readonly string[], degrees = 1.5): Promise<Buffer> {
  const page = await pageImage(lines, 300);
  const turned = await sharp(page).rotate(degrees, { background: '#6b6258' }).toBuffer();
  const onDesk = await sharp(turned)
    .resize(2800, 3800, { fit: 'contain', background: '#6b6258' })
    .linear(0.75, 25)
    .toBuffer();
  const noise = await seededNoise(2800, 3800, 10);
  return sharp(onDesk)
    .composite([{ input: noise, blend: 'overlay' }])
    .resize(3000, 4000)
    .jpeg({ quality: 85 })
    .toBuffer();
}
