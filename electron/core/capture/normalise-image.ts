// Photos and scans are normalised before they are stored: turned upright from the camera's EXIF
// orientation, stripped of metadata (GPS position, device serials have no place in a FICA file),
// and scaled down to A4 at 300 dpi, which is all a reviewer can use and keeps uploads small.
import { loadSharp } from './load-sharp.js';
import { CaptureError, displayName } from './errors.js';

/** A4's long side at 300 dpi. */
export const MAX_LONG_SIDE_PX = 2480;
export const JPEG_QUALITY = 85;
/** Refuse decompression bombs well before sharp's own 268 MP default. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface NormalisedImage {
  bytes: Uint8Array;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Every image becomes a JPEG: documents are photographed or scanned, and JPEG keeps them a
 * fraction of a PNG's size. Transparency is flattened onto white, like paper.
 */
export async function normaliseImage(input: Uint8Array, fileName = ''): Promise<NormalisedImage> {
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_LONG_SIDE_PX, height: MAX_LONG_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      mimeType: 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new CaptureError(
      'damaged',
      `${displayName(fileName)} could not be read as an image. Scan or photograph the document again.`,
      { cause: error },
    );
  }
}
