// Scanners as the renderer sees them, and what a scan is asked to do. The core's scanner back-ends
// (SANE on Linux; WIA and ImageCaptureCore described in docs/capture.md) all answer in these shapes.
import { z } from 'zod';

export const ScanSourceSchema = z.string().min(1).max(80);

export const ScannerSchema = z.object({
  /** The back-end's device name, e.g. `airscan:e0:Office MFP` or `test:0`. */
  id: z.string().min(1).max(200),
  /** What a person recognises: vendor and model. */
  name: z.string(),
  /** Where it is (USB port, network address, the computer sharing it): tells two of one model apart. */
  device: z.string(),
  /** Flatbed, feeder, duplex feeder…, as the scanner names them; the first is its default. */
  sources: z.array(ScanSourceSchema),
  /** Colour modes, as the scanner names them (Color, Gray, Lineart). */
  modes: z.array(z.string()),
  /** Resolutions the scanner offers, in dpi, ascending. */
  resolutions: z.array(z.number().int().positive()),
});
export type Scanner = z.infer<typeof ScannerSchema>;

export const ScannerListSchema = z.object({
  scanners: z.array(ScannerSchema),
  /** Why no scanner can be offered, in plain words (null when the list is what the system found). */
  problem: z.string().nullable(),
});
export type ScannerList = z.infer<typeof ScannerListSchema>;

export const ScanSettingsSchema = z.object({
  scannerId: z.string().min(1).max(200),
  /** Null for a scanner with a single, unnamed source. */
  source: ScanSourceSchema.nullable(),
  mode: z.string().min(1).max(40),
  resolution: z.number().int().min(50).max(1200),
});
export type ScanSettings = z.infer<typeof ScanSettingsSchema>;

/** A source that feeds several sheets (and so may give many pages in one run). */
export function isFeeder(source: string): boolean {
  return /feeder|adf|duplex/i.test(source);
}

export const ScanProgressSchema = z.object({
  draftId: z.string(),
  /** Pages sealed into the draft so far in this run. */
  pages: z.number().int().nonnegative(),
  /** The draft's size so far (its pages' files), to be shown against the owner's limit. */
  sizeBytes: z.number().int().nonnegative(),
  state: z.enum(['scanning', 'finished', 'cancelled', 'failed']),
  /** Plain words for `failed` (no scanner, feeder empty, busy), else null. */
  message: z.string().nullable(),
});
export type ScanProgress = z.infer<typeof ScanProgressSchema>;
