// A case's document, to look at: from the vault when it is on this laptop, otherwise (sent, then
// removed here after the retention period) fetched from the service and sealed into the vault again,
// so a reviewer can open every document at every step and the next look needs no connection.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { CaseStore, StoredDocument } from '../cases/case-store.js';
import type { Vault } from '../vault/index.js';

export interface DocumentContentDeps {
  store: CaseStore;
  vault: Vault;
  /** The active environment's client; null when there is none. */
  api(): ServiceClient | null;
}

export interface DocumentBytes {
  mimeType: string;
  filename: string;
  bytes: Buffer;
}

export class DocumentContent {
  constructor(private readonly deps: DocumentContentDeps) {}

  async read(documentId: string): Promise<DocumentBytes> {
    const doc = this.deps.store.getDocument(documentId);
    if (!doc || doc.removed) throw new DeskError('not-found', 'This document does not exist on this laptop.');
    if (doc.vaultId) {
      const bytes = await this.deps.vault.readAll(doc.vaultId);
      return { mimeType: doc.mimeType, filename: doc.filename, bytes };
    }
    const serverId = doc.serverIds[0];
    if (serverId === undefined)
      throw new DeskError(
        'not-found',
        'This document is no longer on this laptop and was never sent to the service.',
      );
    // Only the first fetch keeps its copy: a second, concurrent one leaves the vault as it found it.
    const bytes = await this.keep(doc);
    return { mimeType: doc.mimeType, filename: doc.filename, bytes };
  }

  /**
   * Fetches every document of the case that is on the service but not on this laptop into the
   * vault, one at a time; answers how many of the case's documents are here afterwards.
   */
  async keepAll(caseId: string): Promise<number> {
    let here = 0;
    for (const doc of this.deps.store.listDocuments(caseId)) {
      if (!doc.vaultId && doc.serverIds.length > 0) await this.keep(doc);
      if (this.deps.store.getDocument(doc.id)?.vaultId) here++;
    }
    return here;
  }

  /** Seals the service's copy of the document into the vault, unless another look did meanwhile. */
  private async keep(doc: StoredDocument): Promise<Buffer> {
    const fetched = await this.fetch(doc, doc.serverIds[0]!);
    const entry = await this.deps.vault.importFile(fetched.bytes);
    const now = this.deps.store.getDocument(doc.id);
    if (now && !now.vaultId && !now.removed) this.deps.store.saveDocumentState(doc.id, { vaultId: entry.id });
    else await this.deps.vault.purge(new Set([entry.id]));
    return fetched.bytes;
  }

  private async fetch(doc: StoredDocument, serverId: number): Promise<{ mimeType: string; bytes: Buffer }> {
    const api = this.deps.api();
    if (!api)
      throw new DeskError(
        'offline',
        'This document was removed from this laptop after the retention period. Choose an environment and connect to fetch it from the service.',
      );
    let answer;
    try {
      if (doc.owner.kind === 'ubo') answer = await api.getUboDocument(serverId);
      else if (doc.owner.kind === 'entity') answer = await api.getEntityDocument(serverId);
      else {
        const individualId = this.deps.store.getCase(doc.caseId)?.serverId;
        if (!individualId) throw new DeskError('not-found', 'This client is not on the service yet.');
        answer = await api.getIndividualDocument(individualId, serverId);
      }
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'not-sent' || error.kind === 'outcome-unknown'))
        throw new DeskError(
          'offline',
          'This document is no longer kept on this laptop and the service cannot be reached right now. Try again when you are online.',
        );
      throw error;
    }
    const bytes = Buffer.from(answer.base64Content, 'base64');
    if (bytes.length === 0) throw new DeskError('refused', 'The service sent this document back empty.');
    return { mimeType: answer.mimeType || doc.mimeType, bytes };
  }
}
