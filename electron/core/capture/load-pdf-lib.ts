// pdf-lib adds ~30 MB to the process when loaded; it is needed only when a document is captured or
// assembled, so it is loaded on first use rather than at core start (the idle core stays small).
import type * as PdfLibModule from '@cantoo/pdf-lib';

let loading: Promise<typeof PdfLibModule> | null = null;

export function loadPdfLib(): Promise<typeof PdfLibModule> {
  loading ??= import('@cantoo/pdf-lib');
  return loading;
}
