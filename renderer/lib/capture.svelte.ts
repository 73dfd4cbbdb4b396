// A document being assembled: its draft in the core, the pages' order and rotation, page previews,
// and files the core refused with the reason. Pages arrive "processing" and become ready (or
// refused) as the core tells with `draft.changed`. Drafts left with pages (another visit to the
// step, a reload, a restart) are listed as pending, to resume or discard: a page captured is never
// out of sight.
import type { DocumentDraft, DocumentOwner, DraftPage, ScanSettings } from '../../shared/ipc/index.js';
import { DeskError } from '../../shared/ipc/desk-error.js';
import { call, desk, messageOf } from './desk.js';
import { movePage, rotateClockwise, tooLargeMessage, withoutPage } from './pages.js';

export interface Refusal {
  name: string;
  message: string;
}

/** How the last scan ended, and the pages it added: what it says goes when they go. */
interface ScanEnd {
  ok: boolean;
  text: string;
  pageIds: string[];
}

/** The share of the size limit from which the screen warns that the document nears it. */
const NEAR_LIMIT = 0.85;

const pagesWord = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

/** In plain words: how a scan ended and what it kept. */
export function scanEndText(
  state: 'finished' | 'cancelled' | 'failed',
  pages: number,
  message: string | null,
): string {
  if (state === 'finished') return `${pagesWord(pages)} scanned.`;
  if (state === 'cancelled')
    return pages === 0
      ? 'Scan cancelled before any page was scanned.'
      : `Scan cancelled: the ${pagesWord(pages)} scanned before ${pages === 1 ? 'is' : 'are'} kept.`;
  const kept =
    pages === 0
      ? ''
      : ` The ${pagesWord(pages)} scanned before it stopped ${pages === 1 ? 'is' : 'are'} kept.`;
  return `${message ?? 'The scan stopped.'}${kept}`;
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
  scanning = $state<{ pages: number; sizeBytes: number } | null>(null);
  /** This owner's other drafts that hold pages not yet queued, oldest first. */
  pending = $state<DocumentDraft[]>([]);
  private lastScan = $state<ScanEnd | null>(null);

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
  /** How the last scan ended, in plain words, while a page of it is still here (or it added none). */
  scanResult = $derived.by<{ ok: boolean; text: string } | null>(() => {
    const end = this.lastScan;
    if (!end) return null;
    if (end.pageIds.length > 0 && !end.pageIds.some((id) => this.pages.some((p) => p.id === id))) return null;
    return { ok: end.ok, text: end.text };
  });
  /** The pages' files so far against the owner's limit: `near` from 85 % of it, `over` beyond it. */
  size = $derived.by(() => {
    // While scanning, the scanner's pages count before the core has prepared them.
    const bytes = Math.max(this.scanning?.sizeBytes ?? 0, this.draft?.sizeBytes ?? 0);
    const limit = this.draft?.limitBytes ?? 0;
    const level: 'fine' | 'near' | 'over' =
      limit === 0 ? 'fine' : bytes > limit ? 'over' : bytes >= limit * NEAR_LIMIT ? 'near' : 'fine';
    return { bytes, limit, level };
  });

  private stopListening: (() => void) | null = null;

  constructor(caseId: string, owner: DocumentOwner) {
    this.caseId = caseId;
    this.owner = owner;
  }

  private async ensureDraft(): Promise<DocumentDraft> {
    if (this.draft) return this.draft;
    this.draft = await call('documents.startDraft', { caseId: this.caseId, owner: this.owner });
    this.listen();
    return this.draft;
  }

  private listen(): void {
    this.stopListening ??= desk().on('draft.changed', (changed) => {
      if (changed.id !== this.draft?.id) {
        // A pending draft's page finished preparing: its line shows the new count.
        if (this.pending.some((d) => d.id === changed.id))
          this.pending = this.pending.map((d) =>
            d.id === changed.id && d.revision < changed.revision ? changed : d,
          );
        return;
      }
      if (this.takeNewer(changed)) void this.loadPreviews();
    });
  }

  /** This owner's drafts left with pages, apart from the one on screen. */
  async loadPending(): Promise<void> {
    try {
      const drafts = await call('documents.listDrafts', { caseId: this.caseId, owner: this.owner });
      this.pending = drafts.filter((d) => d.id !== this.draft?.id);
      this.listen();
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  /** Takes a pending draft into the capture area; the one on screen, if it has pages, waits in its place. */
  async resume(draftId: string): Promise<void> {
    const target = this.pending.find((d) => d.id === draftId);
    if (!target) return;
    const current = this.draft;
    const others = this.pending.filter((d) => d.id !== draftId);
    this.pending =
      current && current.pages.some((p) => p.state !== 'refused') ? [...others, current] : others;
    this.clearPages();
    this.draft = target;
    this.error = null;
    this.listen();
    await this.loadPreviews();
  }

  /** Deletes a pending draft and its pages (the screen asked the person first). */
  async discardPending(draftId: string): Promise<void> {
    this.error = null;
    try {
      await call('documents.discardDraft', { draftId });
    } catch (e) {
      // Already gone in the core: nothing left to discard.
      if (!(e instanceof DeskError && e.code === 'not-found')) {
        this.error = messageOf(e);
        return;
      }
    }
    this.pending = this.pending.filter((d) => d.id !== draftId);
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
    this.lastScan = null;
    let draft: DocumentDraft;
    try {
      draft = await this.ensureDraft();
    } catch (e) {
      this.error = messageOf(e);
      return;
    }
    this.scanning = { pages: 0, sizeBytes: draft.sizeBytes };
    const off = desk().on('scan.progress', (p) => {
      if (p.draftId === draft.id && this.scanning) this.scanning = { pages: p.pages, sizeBytes: p.sizeBytes };
    });
    const before = draft.pages.map((p) => p.id);
    try {
      const outcome = await call('scanners.scan', { draftId: draft.id, settings });
      this.takeNewer(outcome.draft);
      this.refusedFiles = outcome.refused;
      this.lastScan = {
        ok: outcome.state !== 'failed',
        text: scanEndText(outcome.state, outcome.pages, outcome.message),
        pageIds: outcome.draft.pages.filter((p) => !before.includes(p.id)).map((p) => p.id),
      };
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
    this.clearPages();
    this.draft = null;
  }

  private clearPages(): void {
    for (const p of Object.values(this.previews)) URL.revokeObjectURL(p.url);
    this.previews = {};
    this.refusedFiles = [];
    this.lastScan = null;
  }
}
