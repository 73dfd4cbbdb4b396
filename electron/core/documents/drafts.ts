// Document drafts: pages picked one by one (checked at once: type by content, size limit), turned
// and reordered, then assembled into one PDF that goes to the vault and the queue. A picked file is
// sealed into the vault as it is and its page shown as "processing" at once, so the next page can be
// captured straight away; normalising, measuring and counting a PDF's pages follow in the capture
// worker, one file at a time. A crash mid-capture loses nothing: the processing page's file is in
// the vault and is prepared when the core starts again.
import { randomUUID } from 'node:crypto';
import { DOCUMENT_LIMITS } from '../../../shared/api/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { DocPair, DocumentDraft, DocumentOwner } from '../../../shared/ipc/model.js';
import type { ProcessedFile } from '../capture/capture-document.js';
import {
  CaptureError,
  CapturePool,
  displayName,
  readSealedPdfPages,
  checkCapture,
  checkDocumentSize,
  type PagePlacement,
  type PdfSource,
} from '../capture/index.js';
import type { DraftPageRecord } from '../cases/case-data.js';
import type { CaseService } from '../cases/case-service.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredDocument } from '../cases/store/documents.js';
import type { StoredDraft } from '../cases/store/drafts.js';
import type { Vault } from '../vault/index.js';
import { storedFilename } from '../../../shared/files/filename.js';
import { PagePreviews } from './page-previews.js';
import { PageProcessingQueue, type PageJob } from './page-processing.js';

export interface DraftDeps {
  store: Pick<CaseStore, 'drafts' | 'vaultIdsOfCase'>;
  cases: CaseService;
  vault: Vault;
  /** A page of the draft finished processing. */
  draftChanged: (draft: DocumentDraft) => void;
  /** A page that failed for a reason other than its content (not personal data). */
  log?: (event: string, detail: Record<string, unknown>) => void;
  /** The capture worker, shared with the core's other capture work; one of its own otherwise. */
  pool?: CapturePool;
}

type Target = keyof typeof DOCUMENT_LIMITS;

const targetOf = (owner: DocumentOwner): Target => owner.kind;

export class DraftService {
  /** Normalising, PDF parsing and assembly, and previews run here, off the core's event loop. */
  private readonly pool: CapturePool;
  private readonly previews: PagePreviews;
  private readonly processing = new PageProcessingQueue(
    (job) => this.process(job),
    (job, error) => this.deps.log?.('page-processing-failed', { draftId: job.draftId, error: String(error) }),
  );
  private closed = false;

  constructor(private readonly deps: DraftDeps) {
    this.pool = deps.pool ?? new CapturePool();
    this.previews = new PagePreviews(
      async (vaultId) => {
        const bytes = await deps.vault.readAll(vaultId);
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
      (bytes, mimeType, pages, options) => this.pool.thumbnails(bytes, mimeType, pages, options),
    );
  }

  /** Stops the capture worker; pages still processing stay so on disk and resume on the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.processing.stop(), this.pool.close()]);
  }

  /** Queues the pages left processing when the core last stopped. */
  resumeProcessing(): void {
    for (const draftId of this.deps.store.drafts.listDraftIds()) {
      try {
        this.queueProcessing(this.deps.store.drafts.getDraft(draftId));
      } catch (error) {
        // A draft whose case data can no longer be opened has nothing to prepare.
        this.deps.log?.('page-processing-failed', { draftId, error: String(error) });
      }
    }
  }

  private lastRevision = 0;

  /** Later than every revision given before, in this run and (by the clock) in earlier runs. */
  private nextRevision(): number {
    this.lastRevision = Math.max(this.lastRevision + 1, Date.now() * 1000);
    return this.lastRevision;
  }

  private view(d: StoredDraft): DocumentDraft {
    return {
      id: d.id,
      caseId: d.caseId,
      owner: d.owner,
      revision: this.nextRevision(),
      pages: d.pages.map((p) => ({
        id: p.id,
        mimeType: p.mimeType,
        rotation: p.rotation,
        sourceName: p.sourceName,
        pdfPage: p.pdfPage,
        quality: p.quality && p.quality.problems.length > 0 ? p.quality : null,
        state: p.state,
        refusal: p.state === 'refused' ? (p.refusal ?? 'This page could not be prepared.') : null,
      })),
      limitBytes: DOCUMENT_LIMITS[targetOf(d.owner)],
      sizeBytes: sizeOf(d.pages),
      createdAt: d.createdAt,
    };
  }

  private require(draftId: string): StoredDraft {
    const d = this.deps.store.drafts.getDraft(draftId);
    if (!d) throw new DeskError('not-found', 'This document draft no longer exists.');
    this.queueProcessing(d);
    return d;
  }

  private queueProcessing(draft: StoredDraft | null): void {
    if (!draft || this.closed) return;
    for (const page of draft.pages)
      if (page.state === 'processing') this.processing.add({ draftId: draft.id, pageId: page.id });
  }

  get(draftId: string): DocumentDraft {
    return this.view(this.require(draftId));
  }

  /** The owner's drafts holding pages that are not refused, oldest first. */
  list(caseId: string, owner: DocumentOwner): DocumentDraft[] {
    this.deps.cases.requireCase(caseId);
    const key = JSON.stringify(owner);
    return this.deps.store.drafts
      .listDrafts(caseId)
      .filter((d) => JSON.stringify(d.owner) === key && d.pages.some((p) => p.state !== 'refused'))
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map((d) => {
        this.queueProcessing(d);
        return this.view(d);
      });
  }

  start(caseId: string, owner: DocumentOwner): DocumentDraft {
    const c = this.deps.cases.requireCase(caseId);
    if (owner.kind === 'individual' && c.kind !== 'individual')
      throw new DeskError('invalid-input', 'This case has no individual client.');
    if (owner.kind !== 'individual' && c.kind !== 'entity')
      throw new DeskError('invalid-input', 'This case is not an entity application.');
    if (owner.kind === 'ubo') this.deps.cases.requireUbo(caseId, owner.uboId);
    const draft: StoredDraft = {
      id: randomUUID(),
      caseId,
      owner,
      pages: [],
      createdAt: new Date().toISOString(),
    };
    this.deps.store.drafts.insertDraft(draft);
    return this.view(draft);
  }

  /**
   * Seals each picked file into the vault as it is and adds its page as "processing"; the draft
   * shows it at once and `draft.changed` follows when it is ready or refused. Files refused by
   * their first bytes or size are refused here.
   */
  async addPages(
    draftId: string,
    files: { name: string; bytes: Uint8Array }[],
  ): Promise<{ draft: DocumentDraft; refused: { name: string; message: string }[] }> {
    const draft = this.require(draftId);
    const refused: { name: string; message: string }[] = [];
    const added: DraftPageRecord[] = [];
    for (const file of files) {
      try {
        const accepted = checkCapture({ name: file.name, bytes: file.bytes, target: targetOf(draft.owner) });
        const entry = await this.deps.vault.importFile(file.bytes);
        added.push({
          id: randomUUID(),
          vaultId: entry.id,
          sourceId: randomUUID(),
          mimeType: accepted.mimeType,
          rotation: 0,
          sourceName: file.name,
          pdfPage: null,
          sourcePages: 1,
          size: entry.size,
          state: 'processing',
        });
      } catch (error) {
        if (error instanceof CaptureError) refused.push({ name: file.name, message: error.message });
        else throw error;
      }
    }
    const fresh = this.require(draftId);
    fresh.pages = [...fresh.pages, ...added];
    this.deps.store.drafts.saveDraftPages(draftId, fresh.pages);
    this.queueProcessing(fresh);
    return { draft: this.view(fresh), refused };
  }

  /** Normalises or splits one processing page in the worker, then records it ready or refused. */
  private async process({ draftId, pageId }: PageJob): Promise<void> {
    const found = this.current(draftId, pageId);
    if (!found) return;
    const { page } = found;
    const target = targetOf(found.owner);
    let outcome: ProcessedFile | { refusal: string };
    try {
      if (page.mimeType === 'application/pdf') {
        // Kept as picked, and only the ranges that say how many pages it has are read: here, as that
        // takes milliseconds, or by pdf.js in the worker for a file only pdf.js can follow. The
        // worker (and pdf.js in it) is not started for the common PDF.
        const sealed = this.deps.vault.sealedFile(page.vaultId);
        const pages =
          (await readSealedPdfPages(sealed, page.sourceName)) ??
          (await this.pool.countSealedPdf(sealed, page.sourceName));
        outcome = { mimeType: page.mimeType, pages, problems: [], bytes: null };
      } else {
        // An image is decoded whole anyway, in the worker, which reads it from the vault itself.
        outcome = await this.pool.process(this.deps.vault.sealedFile(page.vaultId), page.sourceName, target);
      }
    } catch (error) {
      // Discarded or removed meanwhile (its file is gone), or the core is stopping: nothing to record.
      if (this.closed || !this.current(draftId, pageId)) return;
      if (error instanceof CaptureError) outcome = { refusal: error.message };
      else {
        // A file the vault cannot give back, or a worker that failed on it: the person is told to
        // pick it again instead of waiting on a page that will never be ready.
        this.deps.log?.('page-processing-failed', { draftId, error: String(error) });
        outcome = {
          refusal: `${displayName(page.sourceName)} could not be prepared. Remove it and add the file again.`,
        };
      }
    }
    const stored =
      'bytes' in outcome && outcome.bytes ? await this.deps.vault.importFile(outcome.bytes) : null;
    const draft = this.closed ? null : this.deps.store.drafts.getDraft(draftId);
    const index = draft?.pages.findIndex((p) => p.id === pageId && p.state === 'processing') ?? -1;
    if (!draft || index < 0) {
      if (stored) await this.deps.vault.remove(stored.id);
      return;
    }
    const before = draft.pages[index]!;
    const replacement: DraftPageRecord[] =
      'refusal' in outcome
        ? [{ ...before, state: 'refused', refusal: outcome.refusal }]
        : Array.from({ length: outcome.pages }, (_, i) => ({
            ...before,
            // The first page keeps the id the screen already shows.
            id: i === 0 ? before.id : randomUUID(),
            vaultId: stored?.id ?? before.vaultId,
            mimeType: outcome.mimeType,
            pdfPage: outcome.mimeType === 'application/pdf' ? i + 1 : null,
            sourcePages: outcome.pages,
            size: stored?.size ?? before.size,
            state: 'ready' as const,
            ...(outcome.problems.length > 0 ? { quality: { problems: outcome.problems, kept: false } } : {}),
          }));
    draft.pages = [...draft.pages.slice(0, index), ...replacement, ...draft.pages.slice(index + 1)];
    this.deps.store.drafts.saveDraftPages(draftId, draft.pages);
    // The picked photo is replaced by its normalised copy (upright, without its metadata).
    if (stored) await this.removeUnreferenced(draft.caseId, [before.vaultId]);
    this.deps.draftChanged(this.view(draft));
  }

  /** The page while it is still waiting to be prepared, with its draft's owner. */
  private current(draftId: string, pageId: string): { page: DraftPageRecord; owner: DocumentOwner } | null {
    if (this.closed) return null;
    const draft = this.deps.store.drafts.getDraft(draftId);
    const page = draft?.pages.find((p) => p.id === pageId);
    return draft && page?.state === 'processing' ? { page, owner: draft.owner } : null;
  }

  async update(
    draftId: string,
    pages: { id: string; rotation: 0 | 90 | 180 | 270 }[],
  ): Promise<DocumentDraft> {
    const draft = this.require(draftId);
    // A PDF being prepared becomes several pages the request cannot name yet.
    if (draft.pages.some((p) => p.state === 'processing'))
      throw new DeskError(
        'refused',
        'Some pages are still being prepared. Wait until every page shows its picture, then change the order.',
      );
    const byId = new Map(draft.pages.map((p) => [p.id, p]));
    const next: DraftPageRecord[] = [];
    for (const p of pages) {
      const page = byId.get(p.id);
      if (!page)
        throw new DeskError('invalid-input', 'A page of this draft does not exist.', [
          { path: 'pages', message: `Unknown page ${p.id}` },
        ]);
      next.push({ ...page, rotation: p.rotation });
    }
    this.deps.store.drafts.saveDraftPages(draftId, next);
    await this.dropUnused(draft.caseId, draft.pages, next);
    return this.view({ ...draft, pages: next });
  }

  /** The page as a JPEG at screen size, unturned; rendered once, then kept (see page-previews.ts). */
  async preview(
    draftId: string,
    pageId: string,
  ): Promise<{ mimeType: string; bytes: Uint8Array; pdfPage: number | null }> {
    const draft = this.require(draftId);
    const page = draft.pages.find((p) => p.id === pageId);
    if (!page) throw new DeskError('not-found', 'This page is not part of the draft.');
    if (page.state === 'processing') throw new DeskError('refused', 'This page is still being prepared.');
    if (page.state === 'refused')
      throw new DeskError('refused', page.refusal ?? 'This page could not be prepared.');
    try {
      const preview = await this.previews.get(page, draft.pages);
      return { mimeType: preview.mimeType, bytes: preview.bytes, pdfPage: page.pdfPage };
    } catch (error) {
      if (error instanceof CaptureError) throw new DeskError('refused', error.message);
      throw error;
    }
  }

  /** The person saw what is wrong with a page and keeps it as it is. */
  keepPage(draftId: string, pageId: string): DocumentDraft {
    const draft = this.require(draftId);
    const page = draft.pages.find((p) => p.id === pageId);
    if (!page) throw new DeskError('not-found', 'This page is not part of the draft.');
    const pages = draft.pages.map((p) =>
      p.id === pageId && p.quality ? { ...p, quality: { ...p.quality, kept: true } } : p,
    );
    this.deps.store.drafts.saveDraftPages(draftId, pages);
    return this.view({ ...draft, pages });
  }

  async discard(draftId: string): Promise<void> {
    const draft = this.require(draftId);
    this.deps.store.drafts.deleteDraft(draftId);
    const vaultIds = new Set(draft.pages.map((p) => p.vaultId));
    this.previews.forget(vaultIds);
    await this.removeUnreferenced(draft.caseId, vaultIds);
  }

  /**
   * Waits for the draft's processing pages, then assembles its ready pages (refused ones are left
   * out: the screen showed why). A half-processed draft is never sent.
   */
  async submit(draftId: string, pairs: DocPair[], filename?: string): Promise<StoredDocument> {
    this.require(draftId);
    await this.processing.settled(draftId);
    const stored = this.require(draftId);
    if (stored.pages.some((p) => p.state === 'processing'))
      throw new DeskError(
        'refused',
        'Some pages are still being prepared. Wait until every page shows its picture, then queue the document again.',
      );
    const draft = { ...stored, pages: stored.pages.filter((p) => p.state === 'ready') };
    if (draft.pages.length === 0) throw new DeskError('invalid-input', 'Add at least one scanned page.');
    const unchecked = draft.pages.findIndex(
      (p) => p.quality && p.quality.problems.length > 0 && !p.quality.kept,
    );
    if (unchecked >= 0) {
      const page = draft.pages[unchecked]!;
      throw new DeskError(
        'refused',
        `Page ${unchecked + 1} may be hard to read (${page.quality!.problems.map((q) => q.message).join(' ')}) Scan it again, or choose "Keep as it is".`,
      );
    }
    const target = targetOf(draft.owner);
    const first = draft.pages[0]!;
    // One PDF, all its pages, in order, unturned: keep the file exactly as picked.
    const asIs =
      first.mimeType === 'application/pdf' &&
      draft.pages.length === first.sourcePages &&
      draft.pages.every((p, i) => p.sourceId === first.sourceId && p.pdfPage === i + 1 && p.rotation === 0);
    let entry: { id: string; size: number; sha256: string };
    if (asIs) {
      entry = { id: first.vaultId, size: first.size, sha256: '' };
      entry.sha256 = await this.hashOf(first.vaultId);
    } else {
      const sourceIds = [...new Set(draft.pages.map((p) => p.sourceId))];
      const sources: PdfSource[] = [];
      for (const sourceId of sourceIds) {
        const page = draft.pages.find((p) => p.sourceId === sourceId)!;
        const bytes = await this.deps.vault.readAll(page.vaultId);
        sources.push({
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          mimeType: page.mimeType,
          name: page.sourceName,
        });
      }
      const layout: PagePlacement[] = draft.pages.map((p) => ({
        source: sourceIds.indexOf(p.sourceId),
        page: (p.pdfPage ?? 1) - 1,
        rotation: p.rotation,
      }));
      let bytes: Uint8Array;
      try {
        bytes = await this.pool.assemble(sources, layout);
        checkDocumentSize(filename ?? first.sourceName, bytes.length, target);
      } catch (error) {
        if (error instanceof CaptureError) throw new DeskError('refused', error.message);
        throw error;
      }
      entry = await this.deps.vault.importFile(bytes);
    }
    const name = storedFilename(withPdfExtension(filename?.trim() || first.sourceName));
    let doc: StoredDocument;
    try {
      // The document, its job, its audit line and the draft's removal: one transaction.
      doc = this.deps.cases.documents.addDocument(
        {
          caseId: draft.caseId,
          owner: draft.owner,
          pairs,
          filename: name || 'document.pdf',
          mimeType: 'application/pdf',
          size: entry.size,
          sha256: entry.sha256,
          pageCount: draft.pages.length,
          vaultId: entry.id,
        },
        { alongside: () => this.deps.store.drafts.deleteDraft(draftId) },
      );
    } catch (error) {
      // Nothing was committed: the draft stays as it was, and the assembled copy is no one's.
      if (!asIs) await this.deps.vault.remove(entry.id).catch(() => false);
      throw error;
    }
    // Only now, with the document committed, may the draft's other files go. The document is
    // queued whatever happens here: a file left behind is only space.
    const before = new Set(stored.pages.map((p) => p.vaultId));
    this.previews.forget(before);
    await this.removeUnreferenced(draft.caseId, before).catch((error: unknown) =>
      this.deps.log?.('draft-files-left', { draftId, error: String(error) }),
    );
    return doc;
  }

  /**
   * A finished file captured in one step (a scanner's PDF, a photo), checked like a picked page and
   * stored as is. Not on the IPC contract; the host's tools and the bench use it.
   */
  async importFile(
    caseId: string,
    owner: DocumentOwner,
    pairs: DocPair[],
    filename: string,
    bytes: Uint8Array,
  ): Promise<StoredDocument> {
    let accepted;
    try {
      accepted = checkCapture({ name: filename, bytes, target: targetOf(owner) });
    } catch (error) {
      if (error instanceof CaptureError) throw new DeskError('refused', error.message);
      throw error;
    }
    const entry = await this.deps.vault.importFile(bytes);
    return this.deps.cases.documents.addDocument({
      caseId,
      owner,
      pairs,
      filename: storedFilename(filename),
      mimeType: accepted.mimeType,
      size: entry.size,
      sha256: entry.sha256,
      pageCount: 1,
      vaultId: entry.id,
    });
  }

  private async hashOf(vaultId: string): Promise<string> {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    for await (const chunk of this.deps.vault.createReadStream(vaultId)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  private async dropUnused(
    caseId: string,
    before: DraftPageRecord[],
    after: DraftPageRecord[],
  ): Promise<void> {
    const shown = new Set(after.map((p) => p.vaultId));
    const gone = new Set(before.map((p) => p.vaultId).filter((id) => !shown.has(id)));
    this.previews.forget(gone);
    await this.removeUnreferenced(caseId, gone);
  }

  /**
   * Removes those of `vaultIds` that no document or draft of the case refers to any more (a file
   * belongs to the case it was captured for). Called after the change that let go of them is
   * committed, so a crash can leave a file behind but never take one a record still needs.
   */
  private async removeUnreferenced(caseId: string, vaultIds: Iterable<string>): Promise<void> {
    const referenced = new Set(this.deps.store.vaultIdsOfCase(caseId));
    await this.deps.vault.purge([...vaultIds].filter((id) => !referenced.has(id)));
  }
}

/** The files the draft's pages come from, each once (a PDF's pages share theirs); refused ones left out. */
function sizeOf(pages: readonly DraftPageRecord[]): number {
  const files = new Map(pages.filter((p) => p.state !== 'refused').map((p) => [p.vaultId, p.size]));
  return [...files.values()].reduce((sum, size) => sum + size, 0);
}

function withPdfExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  return /\.pdf$/i.test(base) ? base : `${base.replace(/\.(png|jpe?g)$/i, '')}.pdf`;
}
