// Pages made in the tests: a sharp document page (a form with lines of text and a photo box), and
// the same page degraded the ways a hurried scan or photo goes wrong. The page-quality thresholds
// are set from these figures (docs/capture.md).
import sharp from 'sharp';

/** A4 at 150 dpi: 1240 × 1754 pixels. */
const WIDTH = 1240;
const HEIGHT = 1754;

function pageSvg(width: number, height: number, background = '#f4f1ea', lineCount = 40): string {
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i++) {
    const y = 260 + i * 34;
    lines.push(
      `<text x="90" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#1a1a1a">` +
        `${i + 1}. Account holder declaration line ${i + 1}: ID 9002030100082, 12 Main Road, Sandton 2196</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <rect width="100%" height="100%" fill="${background}"/>
    <text x="90" y="140" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="#111">PROOF OF RESIDENCE</text>
    <rect x="900" y="80" width="240" height="150" fill="#6b7a8f"/>
    ${lines.join('\n')}
  </svg>`;
}

/** The sharp page as a JPEG recorded at `dpi` (150 for the full-size page); `sparse`: its heading and one line. */
export async function sharpPage(
  options: { scale?: number; dpi?: number; sparse?: boolean } = {},
): Promise<Buffer> {
  const scale = options.scale ?? 1;
  const width = Math.round(WIDTH * scale);
  const height = Math.round(HEIGHT * scale);
  return sharp(Buffer.from(pageSvg(width, height, '#f4f1ea', options.sparse ? 1 : 40)))
    .jpeg({ quality: 90 })
    .withMetadata({ density: options.dpi ?? Math.round(150 * scale) })
    .toBuffer();
}

export async function blurredPage(sigma: number): Promise<Buffer> {
  return sharp(await sharpPage())
    .blur(sigma)
    .jpeg({ quality: 90 })
    .withMetadata({ density: 150 })
    .toBuffer();
}

/** Every pixel multiplied by `factor` (0.3 = a page scanned with the lid up in a dim room). */
export async function darkenedPage(factor: number): Promise<Buffer> {
  return sharp(await sharpPage())
    .linear(factor, 0)
    .jpeg({ quality: 90 })
    .withMetadata({ density: 150 })
    .toBuffer();
}

/** Washed out: contrast squeezed towards white, as an over-exposed photo. */
export async function overExposedPage(): Promise<Buffer> {
  return sharp(await sharpPage())
    .linear(0.15, 230)
    .jpeg({ quality: 90 })
    .withMetadata({ density: 150 })
    .toBuffer();
}

/** A glossy document photographed under a lamp: a blown-out patch covering `share` of a darker card. */
export async function glarePage(share: number): Promise<Buffer> {
  const base = sharp(Buffer.from(pageSvg(WIDTH, HEIGHT, '#8a8f99')));
  const side = Math.round(Math.sqrt(share * WIDTH * HEIGHT));
  const spot = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  return base
    .composite([{ input: spot, left: 300, top: 500 }])
    .jpeg({ quality: 90 })
    .withMetadata({ density: 150 })
    .toBuffer();
}

/** The page at `dpi`, recorded as such. */
export async function lowResolutionPage(dpi: number): Promise<Buffer> {
  return sharpPage({ scale: dpi / 150, dpi });
}

/** A photographed-looking copy: turned a few degrees, noisy, lower contrast. */
export async function photographedPage(): Promise<Buffer> {
  const page = await sharp(await sharpPage())
    .rotate(4, { background: '#444' })
    .linear(0.8, 20)
    .toBuffer();
  const meta = await sharp(page).metadata();
  const noise = await seededNoise(meta.width!, meta.height!, 12);
  return sharp(page)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Gaussian-looking noise from a seeded generator, so a fixture is the same on every run. */
export async function seededNoise(width: number, height: number, sigma: number, seed = 1): Promise<Buffer> {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) {
    // Sum of three uniforms: close enough to a bell curve for camera grain.
    const g = (next() + next() + next() - 1.5) * 2;
    raw[i] = Math.max(0, Math.min(255, Math.round(128 + g * sigma)));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
