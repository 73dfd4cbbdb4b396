// Reading captured documents at the desk: a proof of address (its date and address) and a CIPC
// registration certificate (its number and name), chosen by the names of their document group and
// type in the case's environment's look-ups. The document's file is read in the capture worker
// (its text layer, else OCR), one document at a time; the text is kept with the case, sealed under
// its key, so the findings follow the typed details and the settings without reading it again.
// Nothing waits for a reading: the document is queued and sent as any other.
import { readingKindOf, type ReadingKind } from '../../../shared/domain/document-reading.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { DocumentText } from '../capture/reading/document-text.js';
import type { DocumentTextRecord } from '../cases/case-data.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredDocument } from '../cases/store/documents.js';
import { finalityOf } from '../cases/finality.js';
import type { Vault } from '../vault/index.js';

/** The text kept of a document: enough for every date, address and name a document carries. */
const MAX_TEXT = 20_000;

export interface DocumentReadingsDeps {
  store: Pick<CaseStore, 'cases' | 'documents' | 'readings'>;
  vault: Vault;
  /** The capture worker pool (one worker for drafts and readings). */
  readText: (bytes: Uint8Array, mimeType: string) => Promise<DocumentText>;
  /** The look-ups of an environment profile (the case's own). */
  lookupsOf: (profileId: string | null) => LookupBundle;
  /** A document of the case was read. */
  changed: (caseId: string) => void;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export class DocumentReadings {
  /** Documents waiting to be read or being read. */
  private readonly pending = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: DocumentReadingsDeps) {}

  /** What reading this document asks for, by its group and type names; null for the others. */
  kindOf(
    doc: Pick<StoredDocument, 'caseId' | 'owner' | 'pairs'>,
    profileId?: string | null,
  ): ReadingKind | null {
    const lookups = this.deps.lookupsOf(
      profileId ?? this.deps.store.cases.getCase(doc.caseId)?.profileId ?? null,
    );
    return doc.owner.kind === 'entity'
      ? readingKindOf(doc.pairs, lookups.entityDocGroups, lookups.entityDocTypes, 'entity')
      : readingKindOf(doc.pairs, lookups.individualDocGroups, lookups.individualDocTypes, 'person');
  }

  /** True while the document waits to be read or is being read. */
  isReading(documentId: string): boolean {
    return this.pending.has(documentId);
  }

  /** Reads the document when it is one to read; its case is told when it has been. */
  schedule(documentId: string): void {
    if (this.closed || this.pending.has(documentId)) return;
    const doc = this.deps.store.documents.getDocument(documentId);
    if (!doc?.vaultId || doc.removed || this.kindOf(doc) === null) return;
    this.pending.add(documentId);
    this.running = this.running
      .then(() => this.read(documentId))
      .catch((error: unknown) =>
        this.deps.log?.('document-reading-failed', { documentId, error: String(error) }),
      );
  }

  /**
   * Documents held here with nothing read yet, in cases still to be decided: every one of the cases
   * named (work brought in by an import), or else those not yet on the service (captured before
   * the core last stopped and not read then).
   */
  catchUp(caseIds?: readonly string[]): void {
    const unread = caseIds
      ? caseIds.flatMap((id) => this.deps.store.readings.unreadDocuments(id))
      : this.deps.store.readings.unreadDocuments();
    for (const { id, caseId } of unread) {
      const c = this.deps.store.cases.getCase(caseId);
      if (c && !finalityOf(c)) this.schedule(id);
    }
  }

  /** Takes no more documents and waits for the one being read. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async read(documentId: string): Promise<void> {
    try {
      const doc = this.deps.store.documents.getDocument(documentId);
      if (this.closed || !doc?.vaultId || doc.removed) return;
      const kind = this.kindOf(doc);
      if (!kind) return;
      let record: DocumentTextRecord;
      try {
        const bytes = await this.deps.vault.readAll(doc.vaultId);
        // A buffer of its own, handed over to the worker rather than copied.
        const own = new Uint8Array(bytes.byteLength);
        own.set(bytes);
        const read = await this.deps.readText(own, doc.mimeType);
        record = { kind, text: read.text.slice(0, MAX_TEXT), source: read.source };
      } catch (error) {
        // Stopping, or the document went meanwhile: nothing to record; it is read at the next start.
        if (this.closed || !this.deps.store.documents.getDocument(documentId)) return;
        this.deps.log?.('document-reading-failed', { documentId, error: String(error) });
        record = { kind, text: null, source: null };
      }
      if (this.closed || !this.deps.store.documents.getDocument(documentId)) return;
      this.deps.store.readings.saveReading(documentId, doc.caseId, record, new Date().toISOString());
      this.deps.changed(doc.caseId);
    } finally {
      this.pending.delete(documentId);
    }
  }
}
