// Bad scans caught at capture: fixture pages made sharp and then degraded the ways a hurried scan
// or photo goes wrong, each measured with the core's measures and judged by the shared rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../../electron/core/capture/page-measures.js';
import { judgePage, QUALITY_LIMITS, type PageMeasures } from '../../../shared/domain/page-quality.js';
import {
  blurredPage,
  darkenedPage,
  glarePage,
  lowResolutionPage,
  overExposedPage,
  photographedPage,
  sharpPage,
} from '../../support/page-fixtures.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

const kindsOf = async (page: Buffer) => judgePage(await measurePage(page)).map((p) => p.kind);

describe('page quality at capture', { timeout: CPU_HEAVY }, () => {
  it('finds nothing wrong with a sharp, well-lit page at 150 dpi', async () => {
    expect(await kindsOf(await sharpPage())).toEqual([]);
  });

  it('finds nothing wrong with a photographed-looking page (turned, noisy, lower contrast)', async () => {
    expect(await kindsOf(await photographedPage())).toEqual([]);
  });

  it('marks a blurred page, with its sharpness figure', async () => {
    const [problem] = judgePage(await measurePage(await blurredPage(3)));
    expect(problem).toMatchObject({
      kind: 'blurred',
      message: expect.stringMatching(/^Blurred: sharpness \d+ \(needs at least 500\)\.$/),
    });
  });

  it('keeps a slightly soft page (σ = 1 px)', async () => {
    expect(await kindsOf(await blurredPage(1))).toEqual([]);
  });

  it('marks a page too dark to read, and keeps one at half brightness', async () => {
    expect(await kindsOf(await darkenedPage(0.25))).toEqual(['too-dark']);
    expect(await kindsOf(await darkenedPage(0.5))).toEqual([]);
  });

  it('keeps a sparse page: one line of print on white paper', async () => {
    expect(await kindsOf(await sharpPage({ sparse: true }))).toEqual([]);
  });

  it('marks a washed-out page', async () => {
    expect(await kindsOf(await overExposedPage())).toEqual(['over-exposed']);
  });

  it('marks glare over 5 % of a card, and keeps a 1 % highlight', async () => {
    expect(await kindsOf(await glarePage(0.05))).toEqual(['glare']);
    expect(await kindsOf(await glarePage(0.01))).toEqual([]);
  });

  it('marks a page scanned at 100 dpi, with the recorded resolution', async () => {
    const problems = judgePage(await measurePage(await lowResolutionPage(100)));
    expect(problems).toEqual([
      { kind: 'low-resolution', message: 'Resolution too low: 100 dpi (needs at least 150).' },
    ]);
  });

  it('says a uniformly dark page is too dark, not blurred', () => {
    const kinds = judgePage({
      sharpness: 0,
      brightness: 0,
      darkest: 0,
      glare: 0,
      dpi: 300,
      dpiRecorded: true,
    }).map((p) => p.kind);
    expect(kinds).toEqual(['too-dark']);
  });

  it('passes every page within all limits, and names each limit a page is outside of', () => {
    const measures = fc.record<PageMeasures>({
      sharpness: fc.double({ min: 0, max: 20_000, noNaN: true }),
      brightness: fc.double({ min: 0, max: 255, noNaN: true }),
      darkest: fc.double({ min: 0, max: 255, noNaN: true }),
      glare: fc.double({ min: 0, max: 1, noNaN: true }),
      dpi: fc.double({ min: 0, max: 1200, noNaN: true }),
      dpiRecorded: fc.boolean(),
    });
    fc.assert(
      fc.property(measures, (m) => {
        const kinds = judgePage(m).map((p) => p.kind);
        const L = QUALITY_LIMITS;
        const lit = m.brightness >= L.minBrightness && m.darkest <= L.maxDarkest;
        expect(kinds.includes('too-dark')).toBe(m.brightness < L.minBrightness);
        expect(kinds.includes('over-exposed')).toBe(
          m.brightness >= L.minBrightness && m.darkest > L.maxDarkest,
        );
        expect(kinds.includes('blurred')).toBe(lit && m.sharpness < L.minSharpness);
        expect(kinds.includes('glare')).toBe(m.glare > L.maxGlare);
        expect(kinds.includes('low-resolution')).toBe(m.dpi < L.minDpi);
      }),
    );
  });
});
