// A document being assembled: its draft in the core, the pages' order and rotation, page previews,
// and files the core refused with the reason. Pages arrive "processing" and become ready (or
// refused) as the core tells with `draft.changed`.
import type { DocumentDraft, DocumentOwner, DraftPage, ScanSettings } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';
import { movePage, rotateClockwise, tooLargeMessage, withoutPage } from './pages.js';

export interface Refusal {
  name: string;
  message: string;
}

export class DocumentCapture {
  readonly caseId: string;
  readonly owner: DocumentOwner;
  draft = $state<DocumentDraft | null>(null);
  /** Files the core refused when they were picked (type, size). */
  refusedFiles = $state<Refusal[]>([]);
  /** Each page's preview image (rendered by the core at screen size), as an object URL. */
  previews = $state<Record<string, { url: string; mimeType: string; pdfPage: number | null }>>({});
  busy = $state(false);
  error = $state<string | null>(null);
  /** Pages a running scan has delivered so far; null when no scan is running. */
  scanning = $state<{ pages: number } | null>(null);
  /** How the last scan ended, in plain words. */
  scanResult = $state<{ ok: boolean; text: string } | null>(null);

  /** The pages that will be in the document: ready ones and those still being prepared. */
  pages = $derived<DraftPage[]>((this.draft?.pages ?? []).filter((p) => p.state !== 'refused'));
  /** Every file not added, with the reason: refused when picked or when prepared. */
  refused = $derived<Refusal[]>([
    ...this.refusedFiles,
    ...(this.draft?.pages ?? [])
      .filter((p) => p.state === 'refused')
      .map((p) => ({ name: p.sourceName, message: p.refusal ?? '' })),
  ]);
  /** Pages the core is still preparing; the document can be queued once there are none. */
  processing = $derived(this.pages.filter((p) => p.state === 'processing'));
  /** Pages whose capture check found a problem the person has not yet chosen to keep. */
  unchecked = $derived(this.pages.filter((p) => p.quality !== null && !p.quality.kept));

  private stopListening: (() => void) | null = null;

  constructor(caseId: string, owner: DocumentOwner) {
    this.caseId = caseId;
    this.owner = owner;
  }

  private async ensureDraft(): Promise<DocumentDraft> {
    if (this.draft) return this.draft;
    this.draft = await call('documents.startDraft', { caseId: this.caseId, owner: this.owner });
    this.stopListening ??= desk().on('draft.changed', (changed) => {
      if (changed.id !== this.draft?.id || !this.takeNewer(changed)) return;
      void this.loadPreviews();
    });
    return this.draft;
  }

  /**
   * Takes the core's draft unless a newer one is already here: the answer to adding a page can
   * arrive after the event saying that page is ready, and must not turn it back to "processing".
   */
  private takeNewer(draft: DocumentDraft): boolean {
    if (this.draft && this.draft.id === draft.id && this.draft.revision > draft.revision) return false;
    this.draft = draft;
    return true;
  }

  /** Stops following the core's changes to the draft (the capture area is closed). */
  dispose(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  async addFiles(files: ReadonlyArray<{ name: string; bytes: Uint8Array<ArrayBuffer> }>): Promise<void> {
    if (files.length === 0) return;
    this.busy = true;
    this.error = null;
    try {
      const draft = await this.ensureDraft();
      const answer = await call('documents.addPages', { draftId: draft.id, files: [...files] });
      this.takeNewer(answer.draft);
      this.refusedFiles = answer.refused;
      await this.loadPreviews();
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.busy = false;
    }
  }

  /** Scans into this draft; each page the scanner finishes becomes a page here. */
  async scan(settings: ScanSettings): Promise<void> {
    this.error = null;
    this.scanResult = null;
    let draft: DocumentDraft;
    try {
      draft = await this.ensureDraft();
    } catch (e) {
      this.error = messageOf(e);
      return;
    }
    this.scanning = { pages: 0 };
    const off = desk().on('scan.progress', (p) => {
      if (p.draftId === draft.id && this.scanning) this.scanning = { pages: p.pages };
    });
    try {
      const outcome = await call('scanners.scan', { draftId: draft.id, settings });
      this.takeNewer(outcome.draft);
      this.refusedFiles = outcome.refused;
      const pages = `${outcome.pages} page${outcome.pages === 1 ? '' : 's'}`;
      this.scanResult =
        outcome.state === 'failed'
          ? {
              ok: false,
              text:
                outcome.pages > 0
                  ? `${outcome.message} (${pages} scanned before it stopped are kept.)`
                  : (outcome.message ?? ''),
            }
          : outcome.state === 'cancelled'
            ? { ok: true, text: `Scan cancelled; ${pages} scanned before are kept.` }
            : { ok: true, text: `${pages} scanned.` };
      await this.loadPreviews();
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      off();
      this.scanning = null;
    }
  }

  async cancelScan(): Promise<void> {
    if (!this.draft) return;
    await call('scanners.cancel', { draftId: this.draft.id }).catch(() => undefined);
  }

  async addBrowserFiles(list: FileList | readonly File[]): Promise<void> {
    const all = [...list];
    if (all.length === 0) return;
    let limit: number;
    try {
      limit = (await this.ensureDraft()).limitBytes;
    } catch (e) {
      this.error = messageOf(e);
      return;
    }
    // Files over the limit are explained here rather than carried to the core only to be refused.
    const tooLarge = all.filter((f) => f.size > limit);
    const fitting = all.filter((f) => f.size <= limit);
    const files = await Promise.all(
      fitting.map(async (f) => ({ name: f.name || 'file', bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    if (files.length > 0) await this.addFiles(files);
    else this.refusedFiles = [];
    if (tooLarge.length > 0)
      this.refusedFiles = [
        ...this.refusedFiles,
        ...tooLarge.map((f) => ({ name: f.name, message: tooLargeMessage(f.size, limit) })),
      ];
  }

  private async loadPreviews(): Promise<void> {
    const draft = this.draft;
    if (!draft) return;
    for (const page of draft.pages) {
      if (page.state !== 'ready' || this.previews[page.id]) continue;
      try {
        const p = await call('documents.pagePreview', { draftId: draft.id, pageId: page.id });
        const url = URL.createObjectURL(new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.mimeType }));
        this.previews = {
          ...this.previews,
          [page.id]: { url, mimeType: p.mimeType, pdfPage: p.pdfPage },
        };
      } catch {
        // A page without a preview still uploads; the list shows its name instead.
      }
    }
  }

  private async update(pages: ReadonlyArray<{ id: string; rotation: DraftPage['rotation'] }>): Promise<void> {
    if (!this.draft) return;
    this.busy = true;
    try {
      this.takeNewer(
        await call('documents.updateDraft', {
          draftId: this.draft.id,
          pages: pages.map((p) => ({ id: p.id, rotation: p.rotation })),
        }),
      );
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.busy = false;
    }
  }

  /** Keeps pages marked at capture as they are (the person has seen why they were marked). */
  async keep(ids: readonly string[]): Promise<void> {
    if (!this.draft) return;
    this.error = null;
    try {
      for (const pageId of ids)
        this.takeNewer(await call('documents.keepPage', { draftId: this.draft.id, pageId }));
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  rotate(id: string): Promise<void> {
    return this.update(
      this.pages.map((p) => (p.id === id ? { ...p, rotation: rotateClockwise(p.rotation) } : p)),
    );
  }

  move(id: string, delta: number): Promise<void> {
    const index = this.pages.findIndex((p) => p.id === id);
    return this.update(movePage(this.pages, index, delta));
  }

  async removePage(id: string): Promise<void> {
    await this.update(withoutPage(this.pages, id));
    const preview = this.previews[id];
    if (preview) URL.revokeObjectURL(preview.url);
  }

  async submit(pairs: Array<{ groupId: number; typeId: number }>, filename?: string): Promise<boolean> {
    if (!this.draft) return false;
    this.busy = true;
    this.error = null;
    try {
      await call('documents.submitDraft', {
        draftId: this.draft.id,
        pairs,
        ...(filename ? { filename } : {}),
      });
      this.reset();
      return true;
    } catch (e) {
      this.error = messageOf(e);
      return false;
    } finally {
      this.busy = false;
    }
  }

  async discard(): Promise<void> {
    if (this.draft) {
      try {
        await call('documents.discardDraft', { draftId: this.draft.id });
      } catch {
        // Already gone in the core: nothing left to discard.
      }
    }
    this.reset();
  }

  private reset(): void {
    for (const p of Object.values(this.previews)) URL.revokeObjectURL(p.url);
    this.previews = {};
    this.draft = null;
    this.refusedFiles = [];
  }
}
