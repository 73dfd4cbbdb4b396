// Finds the machine-readable zone on a grey picture of a document, the way image-js's mrz-detection
// does: dark print against its surroundings (a threshold on the local mean, so shadows and tinted
// paper do not matter), characters joined along each row into bands (a morphological closing), and
// of those bands the two or three long, thin, parallel ones of equal length, evenly spaced and
// aligned on the left, that an MRZ is. Their slope is the page's skew.

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ZoneLine {
  /** Centre of the line's band. */
  x: number;
  y: number;
  length: number;
  /** Across the line: the band's mean thickness, and its full height (about that of a capital). */
  thickness: number;
  height: number;
}

export interface Zone {
  /** Slope of the lines in radians (positive: falling to the right, as image y grows downwards). */
  angle: number;
  /** Top to bottom. */
  lines: ZoneLine[];
}

interface Band extends ZoneLine {
  angle: number;
  /** Distance across the lines, for sorting and spacing; where the line begins along it. */
  across: number;
  along: number;
}

/** The MRZ's lines, or null when no group of two or three such lines is found. */
export function findZone(image: Grey): Zone | null {
  const mask = darkPrint(image);
  const longSide = Math.max(image.width, image.height);
  withoutLargeShapes(mask, image.width, image.height, Math.round(longSide / 8), Math.round(longSide / 12));
  const ink = mask.slice();
  // Wide enough to join a run of '<' (whose chevrons touch in no row) into its line.
  closeRows(mask, image.width, image.height, Math.max(3, Math.round(longSide / 40)));
  const bands = elongatedBands(mask, ink, image.width, image.height);
  return bestGroup(bands);
}

/** Pixels clearly darker than the mean around them (a window of about a fortieth of the picture). */
function darkPrint({ data, width, height }: Grey): Uint8Array {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1]! + row;
    }
  }
  const r = Math.max(8, Math.round(Math.max(width, height) / 40));
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        integral[y1 * stride + x1]! -
        integral[y0 * stride + x1]! -
        integral[y1 * stride + x0]! +
        integral[y0 * stride + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = data[y * width + x]!;
      if (v < mean * 0.8 && mean - v > 18) mask[y * width + x] = 1;
    }
  }
  return mask;
}

/**
 * The 8-connected shapes of a mask, one at a time: `from(start)` gathers the shape `start` belongs
 * to into `members` (in the order reached) and returns its size, or 0 when `start` is not marked or
 * belongs to a shape already gathered. Its buffers are allocated once per mask.
 */
class ComponentFill {
  readonly members: Int32Array;
  private readonly seen: Uint8Array;
  private readonly stack: Int32Array;

  constructor(
    private readonly mask: Uint8Array,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.members = new Int32Array(mask.length);
    this.seen = new Uint8Array(mask.length);
    this.stack = new Int32Array(mask.length);
  }

  from(start: number): number {
    const { mask, width, height, members, seen, stack } = this;
    if (!mask[start] || seen[start]) return 0;
    let top = 0;
    let n = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      members[n++] = i;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    return n;
  }
}

/**
 * Drops dark shapes larger than a few characters of print (before the characters are joined): the
 * edge of a desk around a photographed page, a shadow, a photo's frame. Left in, they would join
 * the MRZ's lines to the page's edge.
 */
function withoutLargeShapes(
  mask: Uint8Array,
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): void {
  const fill = new ComponentFill(mask, width, height);
  for (let start = 0; start < mask.length; start++) {
    const n = fill.from(start);
    if (n === 0) continue;
    const { members } = fill;
    let left = width;
    let right = 0;
    let upper = height;
    let lower = 0;
    for (let m = 0; m < n; m++) {
      const x = members[m]! % width;
      const y = (members[m]! - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < upper) upper = y;
      if (y > lower) lower = y;
    }
    if (right - left > maxWidth || lower - upper > maxHeight)
      for (let m = 0; m < n; m++) mask[members[m]!] = 0;
  }
}

/** Fills gaps of at most `gap` pixels between dark pixels of a row: the letters of a line become one band. */
function closeRows(mask: Uint8Array, width: number, height: number, gap: number): void {
  for (let y = 0; y < height; y++) {
    let last = -1;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap + 1) mask.fill(1, y * width + last + 1, i);
      last = x;
    }
  }
}

/** Connected bands that are long, thin, nearly level and neither solid nor empty. */
function elongatedBands(mask: Uint8Array, ink: Uint8Array, width: number, height: number): Band[] {
  const fill = new ComponentFill(mask, width, height);
  const bands: Band[] = [];
  const minLength = Math.max(width, height) / 12;
  for (let start = 0; start < mask.length; start++) {
    const n = fill.from(start);
    if (n === 0) continue;
    const { members } = fill;
    let inked = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (let m = 0; m < n; m++) {
      const i = members[m]!;
      const x = i % width;
      const y = (i - x) / width;
      inked += ink[i]!;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
    if (n < 50) continue;
    const mx = sx / n;
    const my = sy / n;
    const cxx = sxx / n - mx * mx;
    const cyy = syy / n - my * my;
    const cxy = sxy / n - mx * my;
    const spread = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy * cxy);
    const minor = Math.max(0, (cxx + cyy) / 2 - spread);
    const thickness = Math.sqrt(12 * minor);
    const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    // The band's ends and its height from its pixels: filler '<' is thinner than letters, so the
    // moments alone would pull the centre towards the letters and shorten the line.
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let first = Infinity;
    let last = -Infinity;
    let low = Infinity;
    let high = -Infinity;
    for (let m = 0; m < n; m++) {
      const x = members[m]! % width;
      const y = (members[m]! - x) / width;
      const along = ux * x + uy * y;
      const across = -uy * x + ux * y;
      first = Math.min(first, along);
      last = Math.max(last, along);
      low = Math.min(low, across);
      high = Math.max(high, across);
    }
    const length = last - first + 1;
    const alongMid = (first + last) / 2;
    const acrossMid = (low + high) / 2;
    const density = inked / n;
    if (length < minLength || thickness < 3 || length / thickness < 8) continue;
    if (Math.abs(angle) > (25 * Math.PI) / 180 || density < 0.12 || density > 0.85) continue;
    bands.push({
      x: ux * alongMid - uy * acrossMid,
      y: uy * alongMid + ux * acrossMid,
      length,
      thickness,
      height: high - low + 1,
      angle,
      across: acrossMid,
      along: first,
    });
  }
  return bands;
}

const similar = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(a, b);

/** Two or three bands that look like one MRZ: the longest such group, the lowest on a tie. */
function bestGroup(bands: Band[]): Zone | null {
  let best: { score: number; group: Band[] } | null = null;
  for (const first of bands) {
    const group = [first];
    for (;;) {
      const last = group.at(-1)!;
      const next = bands
        .filter((b) => !group.includes(b) && belongsAfter(last, b, first))
        .sort((a, b) => a.across - b.across)[0];
      if (!next || group.length === 3) break;
      group.push(next);
    }
    if (group.length < 2) continue;
    const score = group.reduce((sum, b) => sum + b.length, 0) + first.y * 1e-3;
    if (!best || score > best.score) best = { score, group };
  }
  if (!best) return null;
  const lines = best.group;
  const angle =
    lines.reduce((sum, b) => sum + b.angle * b.length, 0) / lines.reduce((s, b) => s + b.length, 0);
  // The lines of a zone are equally long and aligned: each spans them all, so a line whose band
  // missed its first characters (faint print, a gap wider than the closing) is cut out whole.
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const along = (b: Band) => b.x * ux + b.y * uy;
  const begin = Math.min(...lines.map((b) => along(b) - b.length / 2));
  const end = Math.max(...lines.map((b) => along(b) + b.length / 2));
  return {
    angle,
    lines: lines.map((b) => {
      const shift = (begin + end) / 2 - along(b);
      return {
        x: b.x + shift * ux,
        y: b.y + shift * uy,
        length: end - begin,
        thickness: b.thickness,
        height: b.height,
      };
    }),
  };
}

/** Whether `b` is the MRZ line below `a`: parallel, as long, as tall, close below and aligned. */
function belongsAfter(a: Band, b: Band, first: Band): boolean {
  const spacing = b.across - a.across;
  const height = Math.max(a.thickness, b.thickness);
  return (
    Math.abs(a.angle - b.angle) < (3 * Math.PI) / 180 &&
    similar(a.length, b.length, 0.12) &&
    similar(first.length, b.length, 0.12) &&
    Math.min(a.thickness, b.thickness) >= 0.4 * height &&
    spacing > 1.1 * height &&
    spacing < 3.2 * height &&
    Math.abs(b.along - a.along) < 0.06 * Math.max(a.length, b.length)
  );
}
