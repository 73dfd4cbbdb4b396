// Scans into a document draft: each page the scanner finishes is sealed into the vault as a page of
// the draft straight away (so a crash mid-run keeps what was scanned), with progress per page. One
// run per draft at a time; a run can be cancelled and keeps the pages it already delivered.
import { DeskError } from '../../../../shared/ipc/errors.js';
import type { DocumentDraft } from '../../../../shared/ipc/model.js';
import type { ScannerList, ScanProgress, ScanSettings } from '../../../../shared/ipc/scanning.js';
import { ScanError, type ScannerBackend } from './scanner-backend.js';

export interface ScanOutcome {
  draft: DocumentDraft;
  /** Pages of this run now in the draft. */
  pages: number;
  state: 'finished' | 'cancelled' | 'failed';
  message: string | null;
  refused: { name: string; message: string }[];
}

/** The drafts a scan adds its pages to (documents/drafts.ts). */
export interface ScanDrafts {
  get(draftId: string): DocumentDraft;
  addPages(
    draftId: string,
    files: { name: string; bytes: Uint8Array }[],
  ): Promise<{ draft: DocumentDraft; refused: { name: string; message: string }[] }>;
}

export interface ScanServiceDeps {
  backend: ScannerBackend;
  drafts: ScanDrafts;
  progress(progress: ScanProgress): void;
}

export class ScanService {
  private readonly running = new Map<string, AbortController>();
  private previewing: AbortController | null = null;

  constructor(private readonly deps: ScanServiceDeps) {}

  list(): Promise<ScannerList> {
    return this.deps.backend.list();
  }

  async preview(settings: ScanSettings): Promise<{ bytes: Buffer; mimeType: string }> {
    this.previewing?.abort();
    const controller = new AbortController();
    this.previewing = controller;
    try {
      const page = await this.deps.backend.preview(settings, controller.signal);
      return { bytes: page.bytes, mimeType: page.mimeType };
    } catch (error) {
      if (error instanceof ScanError) throw new DeskError('refused', error.message);
      throw error;
    } finally {
      if (this.previewing === controller) this.previewing = null;
    }
  }

  async scan(draftId: string, settings: ScanSettings): Promise<ScanOutcome> {
    let draft = this.deps.drafts.get(draftId);
    if (this.running.has(draftId))
      throw new DeskError('refused', 'This document is already being scanned. Wait for it, or cancel it.');
    const controller = new AbortController();
    this.running.set(draftId, controller);
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const refused: ScanOutcome['refused'] = [];
    let pages = 0;
    const report = (state: ScanProgress['state'], message: string | null) =>
      this.deps.progress({ draftId, pages, state, message, sizeBytes: draft.sizeBytes });
    report('scanning', null);
    try {
      for await (const page of this.deps.backend.scan(settings, controller.signal)) {
        const ext = page.mimeType === 'image/png' ? 'png' : 'jpg';
        // Named by its place in the document: a flatbed gives one page a run, every run its first.
        const place = draft.pages.filter((p) => p.state !== 'refused').length + 1;
        const added = await this.deps.drafts.addPages(draftId, [
          { name: `Scan ${stamp} page ${place}.${ext}`, bytes: page.bytes },
        ]);
        draft = added.draft;
        refused.push(...added.refused);
        if (added.refused.length === 0) pages++;
        report('scanning', null);
      }
      const state = controller.signal.aborted ? 'cancelled' : 'finished';
      report(state, null);
      return { draft, pages, state, message: null, refused };
    } catch (error) {
      if (!(error instanceof ScanError)) throw error;
      report('failed', error.message);
      return { draft, pages, state: 'failed', message: error.message, refused };
    } finally {
      this.running.delete(draftId);
    }
  }

  /** False when no scan of this draft is running (it finished already). */
  cancel(draftId: string): boolean {
    const controller = this.running.get(draftId);
    if (!controller) return false;
    controller.abort();
    return true;
  }
}
