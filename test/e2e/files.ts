// Documents to upload, made in memory: a real PNG, JPEG and PDF, a file that only pretends to be
// one, and one over the size limit.
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function pngFile(name = 'id-card.png', label = 'ID'): Promise<UploadFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#e8eef6"/><rect x="20" y="20" width="600" height="360" rx="24" fill="#1b4f8a"/><text x="60" y="220" font-size="72" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

export async function jpegFile(name = 'page.jpg'): Promise<UploadFile> {
  const buffer = await sharp({
    create: { width: 800, height: 1100, channels: 3, background: { r: 250, g: 250, b: 245 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><text x="40" y="120" font-size="64" fill="#222">Utility bill</text></svg>',
        ),
        top: 100,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export async function pdfFile(
  name = 'certificate.pdf',
  title = 'Registration certificate',
  pages = 1,
): Promise<UploadFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} page ${i + 1}`, { x: 60, y: 760, size: 24, font, color: rgb(0.1, 0.2, 0.4) });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** A 12 MP photo of noise (about 8 MB): the capture worker takes a visible moment to prepare it. */
export async function bigPhoto(name = 'photo.jpg'): Promise<UploadFile> {
  const { randomBytes } = await import('node:crypto');
  const buffer = await sharp(randomBytes(3000 * 4000 * 3), {
    raw: { width: 3000, height: 4000, channels: 3 },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Starts like a PDF, so it is taken at once, but cannot be opened: refused once it is processed. */
export function damagedPdf(name = 'broken.pdf'): UploadFile {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nthis is not a PDF body\n') };
}

/** Text dressed up as a PDF by its name: the core sniffs content and refuses it. */
export function fakePdf(name = 'not-really.pdf'): UploadFile {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('This is plain text, not a PDF.\n'.repeat(20)),
  };
}

/** A real PDF padded past the limit (trailing bytes after %%EOF are ignored by readers). */
export async function oversizedPdf(limitBytes: number, name = 'huge-scan.pdf'): Promise<UploadFile> {
  const base = await pdfFile(name, 'Huge scan');
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([base.buffer, Buffer.alloc(limitBytes + 1024, 0x20)]),
  };
}
