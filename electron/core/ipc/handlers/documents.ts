// A document kept with its case: its content (from the vault, or fetched from the service and
// kept), and removing it.
import type { CaseService } from '../../cases/case-service.js';
import type { DocumentContent } from '../../documents/document-content.js';
import type { SyncQueue } from '../../sync/queue.js';
import type { Vault } from '../../vault/index.js';
import { OK, copy, type HandlersOf } from './group.js';

export interface DocumentHandlerDeps {
  documentContent: Pick<DocumentContent, 'read'>;
  cases: Pick<CaseService, 'documents'>;
  vault: Pick<Vault, 'remove'>;
  queue: Pick<SyncQueue, 'pump'>;
  statusChanged(): void;
}

export function documentHandlers(
  deps: DocumentHandlerDeps,
): HandlersOf<never, 'documents.content' | 'documents.remove'> {
  return {
    'documents.content': async ({ documentId }) => {
      const doc = await deps.documentContent.read(documentId);
      return { ...doc, bytes: copy(doc.bytes) };
    },
    'documents.remove': async ({ documentId }) => {
      const { vaultIdToPurge } = deps.cases.documents.removeDocument(documentId);
      if (vaultIdToPurge) await deps.vault.remove(vaultIdToPurge);
      // The case's items stopped behind a refused upload may go now.
      deps.queue.pump();
      deps.statusChanged();
      return OK;
    },
  };
}
