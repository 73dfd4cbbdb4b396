// File type from the first bytes (contract §7); the name and declared type are never trusted.
export type AcceptedMime = 'application/pdf' | 'image/png' | 'image/jpeg';

/** Bytes needed to decide. */
export const SNIFF_BYTES = 8;

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export function sniffMime(head: Buffer): AcceptedMime | undefined {
  if (head.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

export const EXTENSION: Record<AcceptedMime, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };
