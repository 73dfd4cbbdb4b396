// Measures a captured image for the page-quality rules (shared/domain/page-quality.ts): sharpness
// as the variance of the Laplacian, brightness, blown-out glare patches and resolution. The page is
// decoded once, in grey and shrunk to ANALYSIS_LONG_SIDE (JPEG shrink-on-load keeps a 12 MP photo
// well under the 200 ms budget), so the figures do not depend on the camera's pixel count.
import { ANALYSIS_LONG_SIDE, estimatedDpi, type PageMeasures } from '../../../shared/domain/page-quality.js';
import { loadSharp } from './load-sharp.js';

const MAX_INPUT_PIXELS = 100_000_000;
/** Glare is looked for in blocks of this many analysis pixels a side. */
const BLOCK = 25;

export async function measurePage(input: Uint8Array): Promise<PageMeasures> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const meta = await image.metadata();
  const { data, info } = await image
    .resize({ width: ANALYSIS_LONG_SIDE, height: ANALYSIS_LONG_SIDE, fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = info.width;
  const height = info.height;
  const pixels = data;
  const channels = info.channels;
  const grey = (x: number, y: number) => pixels[(y * width + x) * channels]!;

  let sum = 0;
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < width * height; i++) {
    const v = pixels[i * channels]!;
    sum += v;
    histogram[v]!++;
  }
  const brightness = sum / (width * height);

  const fullWidth = meta.autoOrient?.width ?? meta.width ?? width;
  const fullHeight = meta.autoOrient?.height ?? meta.height ?? height;
  // Files without a density say 72 dpi by convention: that is not a recording.
  const recorded = meta.density !== undefined && meta.density > 72;
  return {
    sharpness: sharpnessOfContent(grey, width, height),
    brightness,
    darkest: percentile(histogram, width * height, 0.001),
    glare: glareShare(pixels, channels, width, height),
    dpi: recorded ? meta.density! : estimatedDpi(fullWidth, fullHeight),
    dpiRecorded: recorded,
  };
}

/** The grey level below which `share` of the pixels lie. */
function percentile(histogram: number[], total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen > total * share) return v;
  }
  return 255;
}

/**
 * Variance of the 4-neighbour Laplacian where the page has content: per block, then the 99th
 * percentile of the blocks. A sparse page (one line of print on white) is as sharp as a full one;
 * over the whole page its empty paper would drown the edges of its print.
 */
function sharpnessOfContent(grey: (x: number, y: number) => number, width: number, height: number): number {
  const values: number[] = [];
  for (let by = 0; by + BLOCK <= height; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= width; bx += BLOCK) {
      let s = 0;
      let sq = 0;
      let n = 0;
      for (let y = Math.max(1, by); y < Math.min(height - 1, by + BLOCK); y++) {
        for (let x = Math.max(1, bx); x < Math.min(width - 1, bx + BLOCK); x++) {
          const v = grey(x - 1, y) + grey(x + 1, y) + grey(x, y - 1) + grey(x, y + 1) - 4 * grey(x, y);
          s += v;
          sq += v * v;
          n++;
        }
      }
      if (n > 0) values.push(sq / n - (s / n) ** 2);
    }
  }
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length * 0.99)]!;
}

/**
 * Share of the page in blocks that are almost entirely blown out (≥ 250) while the page as a whole
 * is not white: white paper is bright everywhere and is not glare; a highlight on a card or a glossy
 * page is a bright patch on darker surroundings.
 */
function glareShare(pixels: Buffer, channels: number, width: number, height: number): number {
  const blocksX = Math.floor(width / BLOCK);
  const blocksY = Math.floor(height / BLOCK);
  if (blocksX === 0 || blocksY === 0) return 0;
  const means: number[] = [];
  const blown: boolean[] = [];
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      let total = 0;
      let saturated = 0;
      for (let y = by * BLOCK; y < (by + 1) * BLOCK; y++) {
        for (let x = bx * BLOCK; x < (bx + 1) * BLOCK; x++) {
          const v = pixels[(y * width + x) * channels]!;
          total += v;
          if (v >= 250) saturated++;
        }
      }
      means.push(total / (BLOCK * BLOCK));
      blown.push(saturated >= BLOCK * BLOCK * 0.9);
    }
  }
  const sorted = [...means].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (median >= 225) return 0;
  return blown.filter(Boolean).length / blown.length;
}
