// Reads an identity document from a captured image: a machine-readable zone by OCR (a passport, or a
// TD1/TD2 identity card), else the smart ID card's PDF417 barcode (exact). This runs in the capture
// worker (capture-pool.ts), off the core's event loop. The image is read in memory and not kept;
// the reading goes to the screen, which offers it to the person.
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

/**
 * The machine-readable zone is looked for first: finding it costs a fraction of a second, where
 * searching a photo for a barcode that is not there costs seconds. A South African identity card's
 * zone is read too, but its barcode, which carries the names whole and exactly, is preferred.
 */
export async function readIdentityDocument(image: Uint8Array): Promise<IdentityOutcome> {
  const mrz = await readMrz(image);
  const smartIdCard = mrz?.reading.source === 'id-card-mrz' && mrz.reading.issuer === 'ZAF';
  if (mrz && !smartIdCard) return { reading: mrz.reading, strip: mrz.strip, invalidIdNumber: null };
  // On the same card as the zone, the barcode is turned as the zone is.
  const barcode = await readPdf417(image, mrz?.skew);
  const card = barcode ? parseSmartIdBarcode(barcode) : null;
  if (card) return { reading: card, strip: null, invalidIdNumber: null };
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
