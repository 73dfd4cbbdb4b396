export { checkCapture, checkDocumentSize } from './limits.js';
export { CaptureError, displayName } from './errors.js';
export type { PagePlacement, PdfSource } from './assemble-pdf.js';
export type { Thumbnail, ThumbnailOptions } from './thumbnail.js';
export { CapturePool } from './capture-pool.js';
export { readSealedPdfPages } from './sealed-pdf.js';
