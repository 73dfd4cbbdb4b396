// What every scanner back-end gives the core: the scanners it can see, a quick preview, and a scan
// whose pages arrive one by one as the scanner finishes them. SANE (sane-backend.ts) serves Linux,
// including eSCL/AirScan network scanners through SANE's airscan back-end; WIA (Windows) and
// ImageCaptureCore (macOS) plug into the same interface (docs/capture.md).
import type { ScannerList, ScanSettings } from '../../../../shared/ipc/scanning.js';

export interface ScannedPage {
  /** 1-based, in the order the scanner delivered the pages. */
  index: number;
  bytes: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
}

export interface ScannerBackend {
  list(): Promise<ScannerList>;
  /** A low-resolution scan to frame the page; nothing is kept. */
  preview(settings: ScanSettings, signal: AbortSignal): Promise<ScannedPage>;
  /** Every page of the run as it is finished: one for a flatbed, each sheet (side) for a feeder. */
  scan(settings: ScanSettings, signal: AbortSignal): AsyncIterable<ScannedPage>;
}

export type ScanProblem = 'no-scanner' | 'feeder-empty' | 'busy' | 'jammed' | 'cover-open' | 'failed';

const MESSAGES: Record<ScanProblem, string> = {
  'no-scanner':
    'No scanner answered. Check that it is switched on and connected (USB cable or the same network), then try again.',
  'feeder-empty': 'The document feeder is empty. Put the pages in the feeder, then scan again.',
  busy: 'The scanner is busy with another job. Wait for it to finish, then scan again.',
  jammed: 'Paper is jammed in the scanner. Clear the jam, put the pages back, then scan again.',
  'cover-open': 'The scanner’s cover is open. Close it, then scan again.',
  failed: 'The scanner stopped with an error. Try again; if it keeps happening, restart the scanner.',
};

export class ScanError extends Error {
  override readonly name = 'ScanError';
  constructor(
    readonly problem: ScanProblem,
    /** The back-end's own words, for the log; the person sees `message`. */
    readonly detail = '',
  ) {
    super(MESSAGES[problem]);
  }
}
