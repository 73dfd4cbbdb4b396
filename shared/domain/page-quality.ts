// Is a captured page good enough for a reviewer to read? The core measures each page (capture/
// page-measures.ts); these rules turn the figures into plain reasons. The thresholds come from
// fixture pages made sharp and then degraded in the tests (test/unit/core/page-quality.test.ts);
// docs/capture.md lists the figures they were set from.
import { z } from 'zod';

export const PageMeasuresSchema = z.object({
  /** Variance of the Laplacian where the page has content (grey, at ANALYSIS_LONG_SIDE): low = blurred. */
  sharpness: z.number().nonnegative(),
  /** Mean brightness, 0 (black) to 255 (white). */
  brightness: z.number().min(0).max(255),
  /** The darkest print: the grey level of the darkest 0.1 % of the page. Near white = washed out. */
  darkest: z.number().min(0).max(255),
  /** Share of the page (0–1) in blown-out bright patches on an otherwise darker page. */
  glare: z.number().min(0).max(1),
  /** Resolution of the page in dots per inch: from the scan, or estimated from its shape. */
  dpi: z.number().nonnegative(),
  /** Whether `dpi` was recorded by the scanner or camera (else estimated from the page's shape). */
  dpiRecorded: z.boolean(),
});
export type PageMeasures = z.infer<typeof PageMeasuresSchema>;

/** The long side the measures are taken at, so the same page gives the same figures at any size. */
export const ANALYSIS_LONG_SIDE = 1000;

export const QUALITY_LIMITS = {
  /** The sharp fixture page measures 29 600; blurred by σ = 1 px 11 300, 2 px 960, 3 px 250, 5 px 33. */
  minSharpness: 500,
  /** The fixture page measures 224; darkened to a half 112, a third 78, a quarter 56 (print lost). */
  minBrightness: 70,
  /** Darkest print: the fixture page 9, a photographed copy 29, a card 71; washed out 231. */
  maxDarkest: 160,
  /** Blown-out patches: 1 % of a card measures 0.005, 5 % 0.044, 10 % 0.089. */
  maxGlare: 0.03,
  /** Below 150 dpi the small print of an ID document or a utility bill is no longer legible. */
  minDpi: 150,
} as const;

export const QualityProblemSchema = z.object({
  kind: z.enum(['blurred', 'too-dark', 'over-exposed', 'glare', 'low-resolution']),
  /** The reason with its figure, as the page shows it. */
  message: z.string(),
});
export type QualityProblem = z.infer<typeof QualityProblemSchema>;

export function judgePage(m: PageMeasures): QualityProblem[] {
  const problems: QualityProblem[] = [];
  const L = QUALITY_LIMITS;
  if (m.brightness < L.minBrightness)
    problems.push({
      kind: 'too-dark',
      message: `Too dark: brightness ${Math.round(m.brightness)} of 255 (needs at least ${L.minBrightness}).`,
    });
  else if (m.darkest > L.maxDarkest)
    problems.push({
      kind: 'over-exposed',
      message: `Washed out: the darkest print is ${Math.round(m.darkest)} of 255 (needs ${L.maxDarkest} or darker).`,
    });
  // A uniformly dark or white page has no edges at all: say what is wrong with it, not "blurred".
  if (problems.length === 0 && m.sharpness < L.minSharpness)
    problems.push({
      kind: 'blurred',
      message: `Blurred: sharpness ${Math.round(m.sharpness)} (needs at least ${L.minSharpness}).`,
    });
  if (m.glare > L.maxGlare)
    problems.push({
      kind: 'glare',
      message: `Glare: ${Math.round(m.glare * 100)} % of the page is blown out (at most ${Math.round(L.maxGlare * 100)} %).`,
    });
  if (m.dpi < L.minDpi)
    problems.push({
      kind: 'low-resolution',
      message: `Resolution too low: ${Math.round(m.dpi)} dpi${m.dpiRecorded ? '' : ' for its size'} (needs at least ${L.minDpi}).`,
    });
  return problems;
}

/** Page sizes a branch scans, short side in inches: an ID card (ID-1) and A4. */
const CARD_SHORT_INCHES = 2.125;
const A4_SHORT_INCHES = 8.27;

/**
 * Resolution from the page's shape when the file records none (photos): a card-shaped image is
 * taken to be an ID card, anything else an A4 page; the image's short side spans that page's.
 */
export function estimatedDpi(width: number, height: number): number {
  const short = Math.min(width, height);
  const ratio = Math.max(width, height) / Math.max(1, short);
  const cardLike = ratio > 1.5 && ratio < 1.7;
  return short / (cardLike ? CARD_SHORT_INCHES : A4_SHORT_INCHES);
}
