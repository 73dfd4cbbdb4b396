// What the capture screen shows of a draft's pages: each page rendered once as a JPEG at screen size
// and kept in a bounded cache, so a page strip of a 10-page, 40 MB PDF costs ten small images, not
// the whole file carried to the renderer and parsed there once per page. The pages of one PDF are
// rendered together from a single read of the file.
import type { DocumentMimeType } from '../../../shared/api/documents.js';
import type { Thumbnail, ThumbnailOptions } from '../capture/index.js';

/** Long side in pixels: a page fills a laptop screen's preview dialog and stays legible. */
export const PREVIEW_LONG_SIDE = 1600;
/** Rendered previews kept in memory; the oldest are dropped first. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Pages of one PDF rendered from one read; later pages wait for the next request. */
const PAGES_PER_READ = 12;

export interface PreviewablePage {
  vaultId: string;
  mimeType: DocumentMimeType;
  /** 1-based page of a PDF; null for an image. */
  pdfPage: number | null;
  sourceName: string;
}

/** Renders pages (0-based; [0] for an image) of one file: the capture worker's `thumbnails`. */
export type RenderPages = (
  bytes: Uint8Array,
  mimeType: DocumentMimeType,
  pages: readonly number[],
  options: Omit<ThumbnailOptions, 'page'>,
) => Promise<Thumbnail[]>;

export class PagePreviews {
  /** In insertion order, which is the order of last use: the first entry is dropped first. */
  private readonly cache = new Map<string, Thumbnail>();
  private cachedBytes = 0;
  /** One rendering per file at a time: concurrent requests for its pages wait for it. */
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly read: (vaultId: string) => Promise<Uint8Array>,
    private readonly renderPages: RenderPages,
    private readonly maxBytes = CACHE_BYTES,
  ) {}

  /**
   * The page's preview, unturned (the screen shows the clerk's rotation). `draftPages` are the
   * page's siblings in the draft: the other pages of its PDF are rendered in the same read.
   */
  async get(page: PreviewablePage, draftPages: readonly PreviewablePage[]): Promise<Thumbnail> {
    for (;;) {
      const hit = this.take(keyOf(page));
      if (hit) return hit;
      const running = this.rendering.get(page.vaultId);
      if (!running) break;
      await running.catch(() => undefined);
    }
    const job = this.render(page, draftPages);
    this.rendering.set(page.vaultId, job);
    try {
      await job;
    } finally {
      this.rendering.delete(page.vaultId);
    }
    const rendered = this.take(keyOf(page));
    if (rendered) return rendered;
    // Only when the cache is smaller than this one preview: render it again, uncached.
    const [thumb] = await this.renderPages(
      await this.read(page.vaultId),
      page.mimeType,
      [(page.pdfPage ?? 1) - 1],
      optionsFor(page),
    );
    return thumb!;
  }

  /** Frees the previews of files no longer in any draft. */
  forget(vaultIds: ReadonlySet<string>): void {
    for (const [key, thumb] of this.cache) {
      if (vaultIds.has(key.slice(0, key.lastIndexOf(':')))) {
        this.cache.delete(key);
        this.cachedBytes -= thumb.bytes.byteLength;
      }
    }
  }

  private async render(page: PreviewablePage, draftPages: readonly PreviewablePage[]): Promise<void> {
    const bytes = await this.read(page.vaultId);
    if (page.mimeType !== 'application/pdf') {
      const [thumb] = await this.renderPages(bytes, page.mimeType, [0], optionsFor(page));
      this.put(keyOf(page), thumb!);
      return;
    }
    const wanted = [
      page,
      ...draftPages.filter(
        (p) => p.vaultId === page.vaultId && p.pdfPage !== page.pdfPage && !this.cache.has(keyOf(p)),
      ),
    ].slice(0, PAGES_PER_READ);
    const thumbs = await this.renderPages(
      bytes,
      page.mimeType,
      wanted.map((p) => (p.pdfPage ?? 1) - 1),
      optionsFor(page),
    );
    // The asked-for page last, so the cache's trimming drops its siblings before it.
    for (let i = thumbs.length - 1; i >= 0; i--) this.put(keyOf(wanted[i]!), thumbs[i]!);
  }

  private take(key: string): Thumbnail | undefined {
    const thumb = this.cache.get(key);
    if (thumb) {
      this.cache.delete(key);
      this.cache.set(key, thumb);
    }
    return thumb;
  }

  private put(key: string, thumb: Thumbnail): void {
    if (thumb.bytes.byteLength > this.maxBytes) return;
    const old = this.cache.get(key);
    if (old) this.cachedBytes -= old.bytes.byteLength;
    this.cache.delete(key);
    this.cache.set(key, thumb);
    this.cachedBytes += thumb.bytes.byteLength;
    for (const [oldest, evicted] of this.cache) {
      if (this.cachedBytes <= this.maxBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= evicted.bytes.byteLength;
    }
  }
}

function optionsFor(page: PreviewablePage): Omit<ThumbnailOptions, 'page'> {
  return { maxSide: PREVIEW_LONG_SIDE, oversample: 1, fileName: page.sourceName };
}

function keyOf(page: PreviewablePage): string {
  return `${page.vaultId}:${page.pdfPage ?? 0}`;
}
