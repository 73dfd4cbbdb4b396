// pdf.js itself. Only lib/pdf.ts imports this, dynamically, so it lands in its own chunk and is
// fetched the first time a PDF is shown.
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export { getDocument };
