// Identity documents made in the tests: the back of a South African smart ID card with its PDF417
// barcode (bwip-js), and a passport photo page with its machine-readable zone (ICAO 9303 TD3, check
// digits computed here), each clean or photographed-looking (turned, noisy, low contrast, 12 MP).
import bwipjs from 'bwip-js';
import sharp from 'sharp';
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

/** The image as a phone would take it: on a desk, turned, 12 MP, lower contrast and noisy. */
export async function photographed(image: Buffer, degrees = 6): Promise<Buffer> {
  const turned = await sharp(image).rotate(degrees, { background: '#5a5248' }).toBuffer();
  const onDesk = await sharp(turned)
    .resize(3600, 2700, { fit: 'contain', background: '#5a5248' })
    .linear(0.7, 30)
    .toBuffer();
  const noise = await seededNoise(3600, 2700, 14);
  // 4000 × 3000: a 12 MP phone photo.
  return sharp(onDesk)
    .composite([{ input: noise, blend: 'overlay' }])
    .resize(4000, 3000)
    .jpeg({ quality: 85 })
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
