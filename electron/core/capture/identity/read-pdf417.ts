// PDF417 barcodes in a photo or scan, through zxing-cpp compiled to WebAssembly (zxing-wasm). The
// wasm file is read from the installed package, never fetched: the reader is told its bytes before
// first use. zxing's PDF417 reader tolerates a few degrees of skew, so a photo held at an angle is
// also tried turned by up to 12° each way.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as ZXingReader from 'zxing-wasm/reader';
import type { ReadResult } from 'zxing-wasm/reader';
import { loadSharp } from '../load-sharp.js';

type Reader = typeof ZXingReader;

let loading: Promise<Reader> | null = null;

function loadReader(): Promise<Reader> {
  loading ??= (async () => {
    const reader = await import('zxing-wasm/reader');
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(wasmPath);
    reader.prepareZXingModule({
      overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      fireImmediately: true,
    });
    return reader;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Long sides the image is read at: enough for a card's barcode and quick on a 12 MP photo, then finer. */
const READ_LONG_SIDES = [1800, 3000];
const ANGLES = [0, 4, -4, 8, -8, 12, -12];
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The text of the first PDF417 barcode found, or null. Read at a size quick for a 12 MP photo first;
 * a barcode whose narrowest bars that size blurs is looked for again at a finer one. `skew`, the
 * degrees the picture is known to be turned by (from a machine-readable zone on the same card),
 * spares trying the other angles.
 */
export async function readPdf417(image: Uint8Array, skew?: number): Promise<string | null> {
  const angles = skew === undefined ? ANGLES : [Math.abs(skew) < 2 ? 0 : Math.round(-skew)];
  for (const longSide of READ_LONG_SIDES) {
    const text = await readAt(image, longSide, angles);
    if (text) return text;
  }
  return null;
}

async function readAt(
  image: Uint8Array,
  longSide: number,
  angles: readonly number[],
): Promise<string | null> {
  const [reader, sharp] = await Promise.all([loadReader(), loadSharp()]);
  const base = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .toBuffer();
  for (const angle of angles) {
    const turned = angle === 0 ? sharp(base) : sharp(base).rotate(angle, { background: '#808080' });
    const { data, info } = await turned.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const results: ReadResult[] = await reader.readBarcodes(
      {
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
        colorSpace: 'srgb',
        // zxing-wasm takes the browser's ImageData shape; the core has no DOM types, so it is built here.
      } as unknown as Parameters<Reader['readBarcodes']>[0],
      { formats: ['PDF417'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1 },
    );
    const found = results.find((r) => r.isValid && r.text);
    if (found) return found.text;
  }
  return null;
}
