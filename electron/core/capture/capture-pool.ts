// Runs capture-worker.ts tasks in one worker thread, started on first use and stopped when idle, so
// the core's event loop keeps answering the screen and the queue while a page is normalised and
// measured, a PDF is parsed or assembled, previews are rendered, or an identity document is read.
// One worker: the laptops have two cores and the core itself needs the other.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PagePlacement, PdfSource } from './assemble-pdf.js';
import type { ProcessedFile } from './capture-document.js';
import type { SealedFileRef } from '../../../node-shared/sealed-file/sealed-range-reader.js';
import type { CaptureTask, TaskAnswer, TaskFailure } from './capture-worker.js';
import type { DocumentText } from './reading/document-text.js';
import { CaptureError } from './errors.js';
import type { IdentityOutcome } from './identity/read-identity.js';
import { movable } from './movable.js';
import type { DocumentTarget } from './limits.js';
import type { Thumbnail, ThumbnailOptions } from './thumbnail.js';
import type { DocumentMimeType } from '../../../shared/api/documents.js';

/** An idle worker is stopped after this long: libvips, pdf-lib and pdf.js hold tens of MB. */
const IDLE_MS = 30_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class CapturePool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * Processes a picked file already stored in the vault as picked (see processPicked): the worker
   * reads it from the vault itself, so its bytes never pass through the core's event loop.
   */
  process(file: SealedFileRef, name: string, target: DocumentTarget): Promise<ProcessedFile> {
    return this.run({ kind: 'process', file, name, target }, []);
  }

  /**
   * The pages of a PDF stored in the vault, counted by pdf.js range by range where it lies: for a
   * file readSealedPdfPages could not follow (see sealed-pdf.ts).
   */
  countSealedPdf(file: SealedFileRef, name: string): Promise<number> {
    return this.run({ kind: 'countSealedPdf', file, name }, []);
  }

  /**
   * A document's text: its PDF text layer, else OCR of its pages (seconds a page). `bytes` are
   * handed over to the worker (detached here) when they own their buffer.
   */
  readText(bytes: Uint8Array, mimeType: string): Promise<DocumentText> {
    return this.run({ kind: 'readText', bytes, mimeType }, movable(bytes));
  }

  /** The sources' bytes are handed over to the worker (detached here) when they own their buffer. */
  assemble(sources: readonly PdfSource[], layout?: readonly PagePlacement[]): Promise<Uint8Array> {
    return this.run(
      { kind: 'assemble', sources: [...sources], ...(layout ? { layout: [...layout] } : {}) },
      sources.flatMap((s) => movable(s.bytes)),
    );
  }

  /** `bytes` are handed over to the worker (detached here) when they own their buffer. */
  thumbnails(
    bytes: Uint8Array,
    mimeType: DocumentMimeType,
    pages: readonly number[],
    options: Omit<ThumbnailOptions, 'page'>,
  ): Promise<Thumbnail[]> {
    return this.run({ kind: 'thumbnails', bytes, mimeType, pages: [...pages], options }, movable(bytes));
  }

  /**
   * An identity document's barcode or MRZ read from a photo or scan (see read-identity.ts). The
   * image is handed over to the worker (detached here) when it owns its buffer.
   */
  readIdentity(image: Uint8Array): Promise<IdentityOutcome> {
    return this.run({ kind: 'readIdentity', image }, movable(image));
  }

  /**
   * Starts the worker and its OCR engine ahead of an identity document (a second or more, cold), so
   * the reading that follows does not wait for them.
   */
  prepareIdentity(): Promise<void> {
    return this.run({ kind: 'prepareIdentity' }, []);
  }

  /** Stops the worker; tasks still running are rejected. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const pending of this.pending.values()) pending.reject(new Error('The capture worker stopped'));
    this.pending.clear();
    if (worker) await worker.terminate();
  }

  private run<T>(task: CaptureTask, transfer: ArrayBuffer[]): Promise<T> {
    const worker = this.started();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, task }, transfer);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = import.meta.url.endsWith('.ts')
      ? workerFromSource(new URL('./capture-worker.ts', import.meta.url))
      : new Worker(new URL('./capture-worker.js', import.meta.url));
    worker.on('message', (answer: TaskAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', () => this.fail(worker, new Error('The capture worker stopped')));
    this.worker = worker;
    return worker;
  }

  private settle(answer: TaskAnswer): void {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    if (answer.ok) pending.resolve(answer.value);
    else pending.reject(errorOf(answer.failure));
    if (this.pending.size === 0) this.idle();
  }

  private idle(): void {
    const worker = this.worker;
    if (!worker) return;
    // Nothing running: the worker must not keep the process alive, and goes after a while.
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.pending.size === 0) void this.close();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  private fail(worker: Worker, error: unknown): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** The pdf.js worker module also sets globalThis.pdfjsWorker, which pdf.js then uses in place. */
const PRELOADED_BEFORE_TSX = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'];

/**
 * Compiled, the worker is the .js beside this file. Under tsx and in tests it is the .ts source,
 * which the worker thread can only load once tsx's loader is registered in it.
 */
function workerFromSource(source: URL): Worker {
  // The ESM build of tsx's API (require.resolve would give the CommonJS one).
  // eslint-disable-next-line layers/allowed-imports -- tsx, a development tool, runs only the sources.
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  // pdf.js (two ESM files of megabytes) is loaded before tsx's loader is registered: transformed by
  // it, it cost the worker some 360 MB, which a compiled build never pays and no figure should show.
  const preload = PRELOADED_BEFORE_TSX.map((specifier) => `import(${JSON.stringify(specifier)})`).join(', ');
  const boot = `Promise.all([${preload}]).then(() => import(${JSON.stringify(tsx)})).then((api) => { api.register(); return import(${JSON.stringify(source.href)}); })`;
  // eslint-disable-next-line layers/allowed-imports -- boot code, not a module: it loads the worker's own file.
  return new Worker(boot, { eval: true });
}

function errorOf(failure: TaskFailure): Error {
  if (failure.kind === 'capture') return new CaptureError(failure.problem, failure.message);
  if (failure.kind === 'range') return new RangeError(failure.message);
  return new Error(failure.message);
}
