// Identity documents made in the tests: the back of a South African smart ID card with its PDF417
// barcode (bwip-js), and documents with a machine-readable zone (ICAO 9303: passports, TD3; ID cards,
// TD1; TD2 cards), check digits computed here and confirmed by `mrz`, rendered in a monospace font,
// each clean or photographed-looking (turned, noisy, low contrast, 12 MP).
import bwipjs from 'bwip-js';
import { parse as parseMrz } from 'mrz';
import sharp from 'sharp';
import { makeSouthAfricanId } from '../../shared/domain/sa-id.js';
import { seededNoise } from './page-fixtures.js';

export interface CardHolder {
  surname: string;
  names: string;
  idNumber: string;
  sex: 'M' | 'F';
  /** As the card prints it: "03 Feb 1990". */
  born: string;
}

export function smartIdBarcodeText(h: CardHolder): string {
  return [
    h.surname.toUpperCase(),
    h.names.toUpperCase(),
    h.sex,
    'RSA',
    h.idNumber,
    h.born,
    'RSA',
    'CITIZEN',
    '15 Jun 2019',
    '20190615',
    '',
  ].join('|');
}

/** The back of the card at about 600 dpi (2 000 × 1 260): the barcode on a grey card. */
export async function smartIdBack(h: CardHolder): Promise<Buffer> {
  // PDF417's column count is a bwip-js option its types do not list; passed as a variable, not a literal.
  const options: Parameters<typeof bwipjs.toBuffer>[0] & { columns: number } = {
    bcid: 'pdf417',
    text: smartIdBarcodeText(h),
    scale: 4,
    columns: 8,
    paddingwidth: 8,
    paddingheight: 8,
    backgroundcolor: 'FFFFFF',
  };
  const barcode: Buffer = await bwipjs.toBuffer(options);
  return sharp({ create: { width: 2000, height: 1260, channels: 3, background: '#d9dfe6' } })
    .composite([{ input: barcode, left: 120, top: 380 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The back of a card with its barcode and, along the bottom, a three-line machine-readable zone
 * (TD1), as a South African smart ID card may carry both.
 */
export async function smartIdBackWithZone(h: CardHolder, zone: readonly string[]): Promise<Buffer> {
  const lines = zone
    .map(
      (line, i) =>
        `<text x="120" y="${1000 + i * 85}" font-family="DejaVu Sans Mono" font-size="60" fill="#111">${line.replace(/</g, '&lt;')}</text>`,
    )
    .join('');
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1260">${lines}</svg>`,
  );
  return sharp(await smartIdBack(h))
    .composite([{ input: text, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface PhotoOptions {
  /** Contrast kept (1: as printed); the rest is lifted to grey. */
  contrast?: number;
  /** Camera grain, as the standard deviation of the noise. */
  noise?: number;
  quality?: number;
  seed?: number;
}

/** The image as a phone would take it: on a desk, turned, 12 MP, lower contrast and noisy. */
export async function photographed(image: Buffer, degrees = 6, options: PhotoOptions = {}): Promise<Buffer> {
  const contrast = options.contrast ?? 0.7;
  const turned = await sharp(image).rotate(degrees, { background: '#5a5248' }).toBuffer();
  const onDesk = await sharp(turned)
    .resize(3600, 2700, { fit: 'contain', background: '#5a5248' })
    .linear(contrast, Math.round((1 - contrast) * 100))
    .toBuffer();
  const noise = await seededNoise(3600, 2700, options.noise ?? 14, options.seed ?? 1);
  // 4000 × 3000: a 12 MP phone photo.
  return sharp(onDesk)
    .composite([{ input: noise, blend: 'overlay' }])
    .resize(4000, 3000)
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

export interface PassportHolder {
  surname: string;
  names: string;
  number: string;
  nationality: string;
  /** YYMMDD */
  birth: string;
  sex: 'M' | 'F';
  /** YYMMDD */
  expiry: string;
}

const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);

export function mrzCheckDigit(field: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += value(field[i]!) * weights[i % 3]!;
  return String(sum % 10);
}

export function passportMrz(p: PassportHolder): [string, string] {
  const name = `${p.surname}<<${p.names.replace(/ /g, '<')}`.toUpperCase();
  const line1 = `P<${p.nationality}${name}`.padEnd(44, '<').slice(0, 44);
  const number = p.number.padEnd(9, '<');
  const personal = ''.padEnd(14, '<');
  const parts = [
    number + mrzCheckDigit(number),
    p.birth + mrzCheckDigit(p.birth),
    p.expiry + mrzCheckDigit(p.expiry),
    personal + mrzCheckDigit(personal),
  ];
  const composite = mrzCheckDigit(parts[0]! + parts[1]! + parts[2]! + parts[3]!);
  const line2 = `${parts[0]}${p.nationality}${parts[1]}${p.sex}${parts[2]}${parts[3]}${composite}`;
  return [line1, line2];
}

/** A passport photo page (1 600 × 1 120) with its printed details and the MRZ along the bottom. */
export async function passportPage(p: PassportHolder): Promise<Buffer> {
  const [l1, l2] = passportMrz(p).map((l) => l.replace(/</g, '&lt;'));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1120">
    <rect width="100%" height="100%" fill="#efe9dc"/>
    <rect x="60" y="120" width="380" height="480" fill="#9aa3ad"/>
    <text x="500" y="180" font-family="DejaVu Sans" font-size="34" fill="#333">PASSPORT</text>
    <text x="500" y="260" font-family="DejaVu Sans" font-size="30" fill="#222">${p.surname.toUpperCase()}</text>
    <text x="500" y="320" font-family="DejaVu Sans" font-size="30" fill="#222">${p.names.toUpperCase()}</text>
    <text x="40" y="960" font-family="DejaVu Sans Mono" font-size="52" fill="#111">${l1}</text>
    <text x="40" y="1050" font-family="DejaVu Sans Mono" font-size="52" fill="#111">${l2}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

/** A document with a machine-readable zone: a passport (TD3), an ID card (TD1) or a TD2 card. */
export interface MrzDocument extends PassportHolder {
  format: MrzFormat;
  /** Two characters: "P<" for a passport, "I<" or "ID" for an identity card. */
  code: string;
  issuer: string;
  /** Optional data: TD1's first optional field (a South African card's ID number), TD3's personal number. */
  optional?: string;
}

/**
 * A clean Namibian passport whose given name the LSTM engine misreads surely (the I of MARIA as a
 * T): the case one-click Fill must refuse.
 */
export const vanDerMerwePassport: MrzDocument = {
  format: 'TD3',
  code: 'P<',
  issuer: 'NAM',
  surname: 'Van der Merwe',
  names: 'Anna Maria',
  number: 'X1234567',
  nationality: 'NAM',
  birth: '750615',
  sex: 'F',
  expiry: '290101',
};

/** As ICAO 9303 writes names: SURNAME<<GIVEN<NAMES, apostrophes dropped, hyphens and spaces as '<'. */
export function mrzName(surname: string, names: string, width: number): string {
  const part = (s: string) =>
    s
      .toUpperCase()
      .replace(/['’]/g, '')
      .replace(/[\s-]+/g, '<');
  return `${part(surname)}<<${part(names)}`.slice(0, width).padEnd(width, '<');
}

const checked = (field: string) => field + mrzCheckDigit(field);

/** The lines of a document's MRZ, every check digit computed here and the whole confirmed by `mrz`. */
export function mrzLines(d: MrzDocument): string[] {
  const number = d.number.padEnd(9, '<');
  let lines: string[];
  if (d.format === 'TD1') {
    const line1 = `${d.code}${d.issuer}${checked(number)}${(d.optional ?? '').padEnd(15, '<')}`;
    const start = `${checked(d.birth)}${d.sex}${checked(d.expiry)}${d.nationality}${''.padEnd(11, '<')}`;
    const composite = mrzCheckDigit(
      line1.slice(5, 30) + start.slice(0, 7) + start.slice(8, 15) + start.slice(18, 29),
    );
    lines = [line1, start + composite, mrzName(d.surname, d.names, 30)];
  } else {
    const width = d.format === 'TD3' ? 44 : 36;
    const optional = d.format === 'TD3' ? checked((d.optional ?? '').padEnd(14, '<')) : ''.padEnd(7, '<');
    const line2 = `${checked(number)}${d.nationality}${checked(d.birth)}${d.sex}${checked(d.expiry)}${optional}`;
    const composite = mrzCheckDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, width - 1));
    lines = [`${d.code}${d.issuer}${mrzName(d.surname, d.names, width - 5)}`, line2 + composite];
  }
  const parsed = parseMrz(lines);
  if (!parsed.valid)
    throw new Error(
      `Fixture MRZ not valid: ${parsed.details
        .filter((f) => !f.valid)
        .map((f) => f.label)
        .join(', ')}`,
    );
  return lines;
}

const GEOMETRY: Record<
  MrzFormat,
  { width: number; height: number; font: number; firstLine: number; step: number }
> = {
  // ISO ID-3 (125 × 88 mm), ID-2 (105 × 74 mm) and ID-1 (85.6 × 54 mm) at about 325 dpi.
  TD3: { width: 1600, height: 1120, font: 52, firstLine: 960, step: 90 },
  TD2: { width: 1340, height: 945, font: 52, firstLine: 800, step: 88 },
  TD1: { width: 1100, height: 694, font: 50, firstLine: 530, step: 70 },
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The document's data page: a photo, printed details, and the MRZ along the bottom in a monospace
 * font. `scuffed`: the position in the name field of a character whose lower half is worn away.
 */
export async function mrzDocumentPage(d: MrzDocument, scuffed?: number): Promise<Buffer> {
  return sharp(Buffer.from(mrzDocumentSvg(d, scuffed)))
    .png()
    .toBuffer();
}

function mrzDocumentSvg(d: MrzDocument, scuffed?: number): string {
  const g = GEOMETRY[d.format];
  const nameLine = d.format === 'TD1' ? 2 : 0;
  const nameStart = d.format === 'TD1' ? 0 : 5;
  // DejaVu Sans Mono advances 0.602 em a character; capitals are 0.73 em tall.
  const wear =
    scuffed === undefined
      ? ''
      : `<rect x="${40 + (nameStart + scuffed) * g.font * 0.602}" y="${g.firstLine + nameLine * g.step - g.font * 0.36}" width="${g.font * 0.602}" height="${g.font * 0.4}" fill="#efe9dc"/>`;
  const zone = mrzLines(d)
    .map(
      (line, i) =>
        `<text x="40" y="${g.firstLine + i * g.step}" font-family="DejaVu Sans Mono" font-size="${g.font}" fill="#111">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const title = d.format === 'TD3' ? 'PASSPORT' : 'IDENTITY CARD';
  const photo = Math.round(g.height * 0.42);
  const x = Math.round(photo * 0.85) + 90;
  const line = (y: number, label: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${Math.round(g.font * 0.36)}" fill="#555">${label}</text>
    <text x="${x}" y="${y + Math.round(g.font * 0.6)}" font-family="DejaVu Sans" font-size="${Math.round(g.font * 0.55)}" fill="#222">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}">
    <rect width="100%" height="100%" fill="#efe9dc"/>
    <rect x="40" y="30" width="${g.width - 80}" height="${Math.round(g.font * 0.9)}" fill="#d8cdb8"/>
    <text x="60" y="${30 + Math.round(g.font * 0.65)}" font-family="DejaVu Sans" font-size="${Math.round(g.font * 0.6)}" fill="#333">${title} · ${d.issuer}</text>
    <rect x="60" y="${Math.round(g.font * 1.4)}" width="${Math.round(photo * 0.78)}" height="${photo}" fill="#9aa3ad"/>
    ${line(Math.round(g.font * 1.9), 'Surname', d.surname.toUpperCase())}
    ${line(Math.round(g.font * 3.3), 'Given names', d.names.toUpperCase())}
    ${line(Math.round(g.font * 4.7), 'Document no.', d.number)}
    ${zone}
    ${wear}
  </svg>`;
}

/** A seeded generator, so the fixture set is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const SURNAMES = [
  'Ng',
  'Li',
  'Naidoo',
  'Mokoena',
  'Van der Merwe',
  'Dlamini-Zuma',
  'O’Connor',
  'Nkosi',
  'Abrahams',
  'Oosthuizen',
  'Mahlangu-Nxumalo',
  'Wolmarans',
];
const GIVEN = [
  'Al',
  'Priya Devi',
  'Thabo John',
  'Anna Maria Elizabeth',
  'Sipho',
  'Johannes Petrus Hendrik Christiaan',
  'Zodwa',
  'Bongani Sibusiso',
  'Li',
  'Nomvula Grace',
  'Jean-Pierre',
  'Kgothatso',
];
const STATES = ['ZAF', 'ZAF', 'NAM', 'BWA', 'ZWE', 'GBR', 'NLD', 'IND', 'MOZ', 'KEN'];

export type Variant =
  | { kind: 'png' }
  | { kind: 'jpeg'; quality: number }
  | { kind: 'photo'; degrees: number; contrast: number; noise: number };

export interface MrzFixture {
  name: string;
  document: MrzDocument;
  variant: Variant;
  image: Buffer;
}

const VARIANTS: Variant[] = [
  { kind: 'png' },
  { kind: 'jpeg', quality: 95 },
  { kind: 'jpeg', quality: 75 },
  { kind: 'jpeg', quality: 60 },
  { kind: 'photo', degrees: 2, contrast: 0.7, noise: 14 },
  { kind: 'photo', degrees: -5, contrast: 0.6, noise: 16 },
  { kind: 'photo', degrees: 7.5, contrast: 0.45, noise: 12 },
  { kind: 'photo', degrees: -10, contrast: 0.5, noise: 20 },
];

/** Documents of each format, names short and long, numbers with letters and digits alike. */
export function mrzDocuments(count: number, seed = 30): MrzDocument[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const two = (n: number) => String(n).padStart(2, '0');
  const date = (from: number, to: number) =>
    `${two(from + Math.floor(random() * (to - from)))}${two(1 + Math.floor(random() * 12))}${two(1 + Math.floor(random() * 28))}`;
  const formats: MrzFormat[] = ['TD3', 'TD1', 'TD3', 'TD2'];
  return Array.from({ length: count }, (_, i) => {
    const format = formats[i % formats.length]!;
    const issuer = pick(STATES);
    const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    const number =
      i % 3 === 0
        ? `${letters[Math.floor(random() * letters.length)]}${digits(8)}`
        : i % 3 === 1
          ? digits(9)
          : `${letters[Math.floor(random() * letters.length)]}${letters[Math.floor(random() * letters.length)]}${digits(6)}`;
    const born = date(40, 99);
    const sex: 'M' | 'F' = random() < 0.5 ? 'M' : 'F';
    const doc: MrzDocument = {
      format,
      code: format === 'TD3' ? 'P<' : i % 2 ? 'ID' : 'I<',
      issuer,
      surname: pick(SURNAMES),
      names: pick(GIVEN),
      number,
      nationality: issuer,
      birth: born,
      sex,
      expiry: date(26, 36),
    };
    // A South African card carries the holder's ID number in its first optional field.
    if (format === 'TD1' && issuer === 'ZAF')
      doc.optional = makeSouthAfricanId({
        birthDate: `19${born.slice(0, 2)}-${born.slice(2, 4)}-${born.slice(4, 6)}`,
        gender: sex === 'M' ? 'Male' : 'Female',
        citizenship: 'citizen',
        sequence: Math.floor(random() * 4000),
      });
    return doc;
  });
}

/** A degraded copy of a rendered page, as the variant says. */
export async function variantOf(page: Buffer, variant: Variant, seed: number): Promise<Buffer> {
  if (variant.kind === 'png') return page;
  if (variant.kind === 'jpeg') return sharp(page).jpeg({ quality: variant.quality }).toBuffer();
  return photographed(page, variant.degrees, {
    contrast: variant.contrast,
    noise: variant.noise,
    quality: 80,
    seed,
  });
}

/** The generated set: every document in each variant in turn (clean PNG, JPEG 95–60, 12 MP photos). */
export async function* mrzFixtureSet(count: number, seed = 30): AsyncGenerator<MrzFixture> {
  const documents = mrzDocuments(count, seed);
  for (const [i, document] of documents.entries()) {
    // Formats take turns, so each format meets every variant.
    const variant = VARIANTS[Math.floor(i / 4) % VARIANTS.length]!;
    const label =
      variant.kind === 'png'
        ? 'PNG'
        : variant.kind === 'jpeg'
          ? `JPEG q${variant.quality}`
          : `12 MP photo ${variant.degrees}°, contrast ${variant.contrast}, noise ${variant.noise}`;
    const image = await variantOf(await mrzDocumentPage(document), variant, seed + i);
    yield { name: `${document.format} ${document.surname} (${label})`, document, variant, image };
  }
}
