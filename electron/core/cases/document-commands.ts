// A case's documents: a captured document joins its owner and is queued for upload; removing one
// takes back its upload before it is sent, or queues the deletion of the service's copy.
import { randomUUID } from 'node:crypto';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import type { CaseCommandKit } from './case-commands.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredDocument } from './store/documents.js';

/** A document as captured: what the store keeps of it, before any state, id or upload. */
export type NewDocument = Pick<
  StoredDocument,
  'caseId' | 'owner' | 'pairs' | 'filename' | 'mimeType' | 'size' | 'sha256' | 'pageCount'
> & { vaultId: string };

export class DocumentCommands {
  constructor(private readonly kit: CaseCommandKit) {}

  /**
   * The document, its upload job and its audit line in one transaction. `history` says what the
   * document is in the case's history, when not a captured one; `alongside` runs in the same
   * transaction (a submitted draft's removal), so all of them commit together or none does.
   */
  addDocument(doc: NewDocument, options: { history?: string; alongside?: () => void } = {}): StoredDocument {
    const { history, alongside } = options;
    const c = this.kit.requireCase(doc.caseId);
    if (doc.owner.kind === 'ubo') this.kit.requireUbo(doc.caseId, doc.owner.uboId);
    if (doc.owner.kind === 'individual' && c.kind !== 'individual')
      throw new DeskError('invalid-input', 'This case has no individual client.');
    if (doc.owner.kind !== 'individual' && c.kind !== 'entity')
      throw new DeskError('invalid-input', 'This case is not an entity application.');
    if (doc.owner.kind !== 'individual' && doc.pairs.length !== 1) {
      throw new DeskError('invalid-input', 'An entity or owner document serves exactly one document type.');
    }
    const stored: StoredDocument = {
      id: randomUUID(),
      ...doc,
      state: 'queued',
      error: null,
      serverIds: [],
      capturedAt: this.kit.now(),
      removed: false,
    };
    const upload: JobPayload =
      doc.owner.kind === 'ubo'
        ? { kind: 'ubo.doc-upload', uboId: doc.owner.uboId, documentId: stored.id }
        : doc.owner.kind === 'entity'
          ? { kind: 'entity.doc-upload', documentId: stored.id }
          : { kind: 'individual.doc-upload', documentId: stored.id };
    this.kit.record(doc.caseId, {
      write: () => {
        this.kit.store.documents.insertDocument(stored);
        alongside?.();
      },
      touches: c,
      job: { add: upload },
      audit: [
        'document.capture',
        history ?? `Document captured (${doc.pageCount} page${doc.pageCount === 1 ? '' : 's'})`,
      ],
    });
    return stored;
  }

  /** Before upload the file and its job go; after upload the service's copy is deleted by a job. */
  removeDocument(documentId: string): { vaultIdToPurge: string | null } {
    const doc = this.kit.store.documents.getDocument(documentId);
    if (!doc || doc.removed) throw new DeskError('not-found', 'This document does not exist on this laptop.');
    const c = this.kit.requireCase(doc.caseId);
    const withdrawn = this.kit.record(doc.caseId, {
      write: () => this.takeBack(doc, c),
      touches: c,
      job: (withdrawn) =>
        withdrawn
          ? null
          : {
              add: {
                kind: 'document.delete',
                documentId,
                uboId: doc.owner.kind === 'ubo' ? doc.owner.uboId : null,
              },
            },
      audit: (withdrawn) => [
        'document.remove',
        withdrawn ? 'Document removed before upload' : 'Document removal queued',
      ],
    });
    return { vaultIdToPurge: withdrawn ? doc.vaultId : null };
  }

  /**
   * Takes back the document's upload: one never sent goes with its file (answers true), one that may
   * be on the service stays marked removed until its deletion is sent.
   */
  private takeBack(doc: StoredDocument, c: StoredCase): boolean {
    const documentId = doc.id;
    const upload = this.kit
      .jobsOf(doc.caseId)
      .find(
        (j) =>
          'documentId' in j.payload &&
          j.payload.documentId === documentId &&
          j.payload.kind !== 'document.delete',
      );
    if (upload?.state === 'running')
      throw new DeskError('conflict', 'This document is being sent right now. Try again in a moment.');
    // Removing the document the service refused fixes what stopped the case: its banner goes,
    // and the case's other items go on, unless something else of it failed too.
    const clearsRefusal = (): void => {
      if (upload?.state !== 'failed') return;
      if (this.kit.hasFailedWork(doc.caseId)) return;
      c.blockedReason = null;
    };
    if (upload && !upload.maybeSent && doc.serverIds.length === 0) {
      this.kit.withdraw(upload.id);
      this.kit.store.documents.deleteDocument(documentId);
      clearsRefusal();
      return true;
    }
    if (upload) this.kit.withdraw(upload.id);
    clearsRefusal();
    this.kit.store.documents.saveDocumentState(documentId, { state: 'removing', removed: true });
    return false;
  }
}
