export {
  sniffType,
  isSupported,
  SNIFF_BYTES,
  type SniffResult,
  type UnsupportedType,
} from '../../../shared/files/sniff.js';
export {
  checkCapture,
  checkCaptureFile,
  checkDocumentSize,
  formatMb,
  type AcceptedCapture,
  type CaptureCandidate,
  type DocumentTarget,
} from './limits.js';
export { CaptureError, displayName, type CaptureProblem } from './errors.js';
export { normaliseImage, MAX_LONG_SIDE_PX, JPEG_QUALITY, type NormalisedImage } from './normalise-image.js';
export { assemblePdf, type PagePlacement, type PdfSource, type Rotation } from './assemble-pdf.js';
export { countPdfPages, loadPdf } from './pdf-input.js';
export {
  captureDocument,
  prepareSource,
  type CapturedDocument,
  type PickedFile,
  type PreparedSource,
} from './capture-document.js';
export { renderPdfThumbnails, renderThumbnail, type Thumbnail, type ThumbnailOptions } from './thumbnail.js';
export { CapturePool } from './capture-pool.js';
export { countSealedPdfPages, readSealedPdfPages } from './sealed-pdf.js';
