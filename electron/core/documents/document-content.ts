// A case's document, to look at: from the vault when it is on this laptop, otherwise (sent, then
// removed here after the retention period) fetched from the service and sealed into the vault again,
// so a reviewer can open every document at every step and the next look needs no connection.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredDocument } from '../cases/store/documents.js';
import type { Vault } from '../vault/index.js';
import { Readable } from 'node:stream';

export interface DocumentContentDeps {
  store: Pick<CaseStore, 'cases' | 'documents'>;
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
    const doc = this.deps.store.documents.getDocument(documentId);
    if (!doc || doc.removed) throw new DeskError('not-found', 'This document does not exist on this laptop.');
    if (doc.vaultId) {
      const bytes = await this.deps.vault.readAll(doc.vaultId);
      return { mimeType: doc.mimeType, filename: doc.filename, bytes };
    }
    if (doc.serverIds.length === 0)
      throw new DeskError(
        'not-found',
        'This document is no longer on this laptop and was never sent to the service.',
      );
    const vaultId = await this.keep(doc);
    return { mimeType: doc.mimeType, filename: doc.filename, bytes: await this.deps.vault.readAll(vaultId) };
  }

  /**
   * Fetches every document of the case that is on the service but not on this laptop into the
   * vault, one at a time; answers how many of the case's documents are here afterwards.
   */
  async keepAll(caseId: string): Promise<number> {
    let here = 0;
    for (const doc of this.deps.store.documents.listDocuments(caseId)) {
      if (!doc.vaultId && doc.serverIds.length > 0) await this.keep(doc);
      if (this.deps.store.documents.getDocument(doc.id)?.vaultId) here++;
    }
    return here;
  }

  /**
   * Streams the service's copy of the document into the vault as it arrives (decoded from base64 a
   * chunk at a time, never held whole), unless another look kept one meanwhile. Answers its vault id.
   */
  private async keep(doc: StoredDocument): Promise<string> {
    const answer = await this.offlineSays(async () => {
      const api = this.requireApi();
      const docId = doc.serverIds[0]!;
      const stream = await api.documentStream(
        doc.owner.kind === 'individual'
          ? { kind: 'individual', individualId: this.individualId(doc), docId }
          : { kind: doc.owner.kind, docId },
      );
      const entry = await this.deps.vault.importFile(Readable.from(stream.bytes));
      if (entry.size === 0) {
        await this.deps.vault.purge([entry.id]);
        throw new DeskError('refused', 'The service sent this document back empty.');
      }
      return entry;
    });
    // Only the first fetch keeps its copy: a second, concurrent one leaves the vault as it found it.
    const now = this.deps.store.documents.getDocument(doc.id);
    if (now && !now.vaultId && !now.removed) {
      this.deps.store.documents.saveDocumentState(doc.id, { vaultId: answer.id });
      return answer.id;
    }
    await this.deps.vault.purge(new Set([answer.id]));
    return now?.vaultId ?? answer.id;
  }

  private requireApi(): ServiceClient {
    const api = this.deps.api();
    if (!api)
      throw new DeskError(
        'offline',
        'This document was removed from this laptop after the retention period. Choose an environment and connect to fetch it from the service.',
      );
    return api;
  }

  private individualId(doc: StoredDocument): string {
    const individualId = this.deps.store.cases.getCase(doc.caseId)?.serverId;
    if (!individualId) throw new DeskError('not-found', 'This client is not on the service yet.');
    return individualId;
  }

  /** The service out of reach is said in plain words. */
  private async offlineSays<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'not-sent' || error.kind === 'outcome-unknown'))
        throw new DeskError(
          'offline',
          'This document is no longer kept on this laptop and the service cannot be reached right now. Try again when you are online.',
        );
      throw error;
    }
  }
}
