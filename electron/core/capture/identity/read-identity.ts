// Reads an identity document from a captured image: the smart ID card's PDF417 barcode first (quick
// and exact), then a passport's machine-readable zone by OCR. The image is read in memory and not
// kept; the reading goes to the screen, which offers it to the person.
import { parseSmartIdBarcode, type IdentityReading } from '../../../../shared/domain/identity-document.js';
import { acceptedType } from '../../../../shared/files/sniff.js';
import { DeskError } from '../../../../shared/ipc/errors.js';
import { readMrz } from './read-mrz.js';
import { readPdf417 } from './read-pdf417.js';

export const NOTHING_READ =
  'No ID barcode or passport machine-readable zone could be read. Photograph or scan the back of the smart ID card, or the passport’s photo page, flat and in good light, then try again.';

export async function readIdentityDocument(image: Uint8Array): Promise<IdentityReading | null> {
  const barcode = await readPdf417(image);
  const card = barcode ? parseSmartIdBarcode(barcode) : null;
  if (card) return card;
  return readMrz(image);
}

/** What the screen gets: the reading, or in plain words why there is none. */
export async function readIdentityForScreen(
  image: Uint8Array,
): Promise<{ reading: IdentityReading | null; message: string | null }> {
  const type = acceptedType(image);
  if (type !== 'image/jpeg' && type !== 'image/png')
    throw new DeskError(
      'invalid-input',
      'Use a photo or scan of the document as a JPEG or PNG image (a PDF cannot be read here).',
    );
  let reading: IdentityReading | null;
  try {
    reading = await readIdentityDocument(image);
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError(
      'invalid-input',
      'This image could not be read. Photograph or scan the document again.',
    );
  }
  return { reading, message: reading ? null : NOTHING_READ };
}
