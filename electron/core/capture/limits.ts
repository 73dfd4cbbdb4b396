// Type and size checks made the moment a file is picked, so the clerk hears about a wrong or
// oversized file at the counter, not hours later when the upload is refused.
import { DOCUMENT_LIMITS, type DocumentMimeType } from '../../../shared/api/documents.js';
import { CaptureError, displayName } from './errors.js';
import { isSupported, sniffType } from '../../../shared/files/sniff.js';

export type DocumentTarget = keyof typeof DOCUMENT_LIMITS;

const TARGET_WORDS: Record<DocumentTarget, string> = {
  entity: 'entity documents',
  ubo: 'UBO documents',
  individual: 'individual documents',
};

const MB = 1024 * 1024;

export interface CaptureCandidate {
  name: string;
  target: DocumentTarget;
  /** The whole file, or at least its first SNIFF_BYTES bytes when `size` is given. */
  bytes: Uint8Array;
  /** Size of the whole file; defaults to bytes.length. */
  size?: number;
  /** Overrides DOCUMENT_LIMITS when the service is configured differently. */
  limits?: Partial<Record<DocumentTarget, number>>;
}

export interface AcceptedCapture {
  mimeType: DocumentMimeType;
  size: number;
}

/** Throws CaptureError with a message for the user when the file cannot be captured. */
export function checkCapture(candidate: CaptureCandidate): AcceptedCapture {
  const name = displayName(candidate.name);
  const size = candidate.size ?? candidate.bytes.length;
  if (size === 0) throw new CaptureError('empty', `${name} is empty. Choose the scanned document again.`);
  const type = sniffType(candidate.bytes);
  if (!isSupported(type)) {
    throw new CaptureError(
      'type',
      `${name} is not a PDF, PNG or JPEG file (it looks like ${type.unsupported}). ` +
        'Scan or export the document as PDF, PNG or JPEG.',
    );
  }
  checkDocumentSize(candidate.name, size, candidate.target, candidate.limits);
  return { mimeType: type, size };
}

/** The size rule alone, also for the assembled PDF just before it is stored. */
export function checkDocumentSize(
  fileName: string,
  size: number,
  target: DocumentTarget,
  limits?: Partial<Record<DocumentTarget, number>>,
): void {
  const limit = limits?.[target] ?? DOCUMENT_LIMITS[target];
  if (size <= limit) return;
  throw new CaptureError(
    'size',
    `${displayName(fileName)} is ${formatMb(size)}, more than the ${formatMb(limit)} limit for ${TARGET_WORDS[target]}. ` +
      'Scan it at a lower resolution, or split it into several documents.',
  );
}

export function formatMb(bytes: number): string {
  const mb = bytes / MB;
  // Whole numbers stay whole ("40 MB"); otherwise one decimal, rounded up so 40.01 never shows as "40.0".
  return Number.isInteger(mb) ? `${mb} MB` : `${(Math.ceil(mb * 10) / 10).toFixed(1)} MB`;
}
