// Reads an identity document from a captured image: the smart ID card's PDF417 barcode first (quick
// and exact), then a machine-readable zone by OCR (a passport, or a TD1/TD2 identity card). This
// runs in the capture worker (capture-pool.ts), off the core's event loop. The image is read in
// memory and not kept; the reading goes to the screen, which offers it to the person.
import {
  invalidSmartIdNumber,
  parseSmartIdBarcode,
  type IdentityReading,
} from '../../../../shared/domain/identity-document.js';
import { acceptedType } from '../../../../shared/files/sniff.js';
import { DeskError } from '../../../../shared/ipc/errors.js';
import { readMrz } from './read-mrz.js';
import { readPdf417 } from './read-pdf417.js';

export const NOTHING_READ =
  'No ID barcode or machine-readable zone could be read. Photograph or scan the back of the smart ID card, or the passport’s photo page, flat and in good light, then try again.';

export interface IdentityOutcome {
  reading: IdentityReading | null;
  /** The MRZ cropped from the image and straightened (PNG), for the person to compare the name with. */
  strip: Uint8Array | null;
  /** A smart ID barcode that was read, but whose ID number is not valid, and why. */
  invalidIdNumber: { idNumber: string; reason: string } | null;
}

export async function readIdentityDocument(image: Uint8Array): Promise<IdentityOutcome> {
  const barcode = await readPdf417(image);
  const card = barcode ? parseSmartIdBarcode(barcode) : null;
  if (card) return { reading: card, strip: null, invalidIdNumber: null };
  const mrz = await readMrz(image);
  if (mrz) return { reading: mrz.reading, strip: mrz.strip, invalidIdNumber: null };
  return { reading: null, strip: null, invalidIdNumber: barcode ? invalidSmartIdNumber(barcode) : null };
}

/** The words for a card whose barcode holds an ID number that is not valid. */
export function invalidIdMessage({ idNumber, reason }: { idNumber: string; reason: string }): string {
  // The ID rule's words speak to someone typing; here the number came off the card itself.
  const why = reason.startsWith('The check digit')
    ? 'Its check digit (the last digit) does not match.'
    : `${reason}.`;
  return `The smart ID card’s barcode was read, but the ID number on the card, ${idNumber}, is not a valid South African ID number. ${why} Check the card itself: a genuine card’s number is always valid.`;
}

/** What the screen gets: the reading and its strip, or in plain words why there is none. */
export async function readIdentityForScreen(
  image: Uint8Array,
  read: (image: Uint8Array) => Promise<IdentityOutcome>,
): Promise<{ reading: IdentityReading | null; strip: Uint8Array | null; message: string | null }> {
  const type = acceptedType(image);
  if (type !== 'image/jpeg' && type !== 'image/png')
    throw new DeskError(
      'invalid-input',
      'Use a photo or scan of the document as a JPEG or PNG image (a PDF cannot be read here).',
    );
  let outcome: IdentityOutcome;
  try {
    outcome = await read(image);
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError(
      'invalid-input',
      'This image could not be read. Photograph or scan the document again.',
    );
  }
  const { reading, strip, invalidIdNumber } = outcome;
  const message = reading ? null : invalidIdNumber ? invalidIdMessage(invalidIdNumber) : NOTHING_READ;
  return { reading, strip, message };
}
