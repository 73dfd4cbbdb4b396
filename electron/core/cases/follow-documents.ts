// A case's documents follow the service's list of one owner's documents: a document the service no
// longer has is shown as removed there, one added there (on another laptop, on the dashboard)
// appears here, its file fetched when someone opens it. Local documents not yet on the service are
// left alone. Call in a transaction.
import { randomUUID } from 'node:crypto';
import type { CaseStore } from './case-store.js';
import type { StoredDocument } from './store/documents.js';

/** One document as the service lists it, in the local case's terms. */
export interface ServiceDocument {
  id: number;
  groupId: number;
  typeId: number;
  filename: string;
  mimeType: string;
  size: number;
  uploadDate: string;
}

export function followDocuments(
  store: Pick<CaseStore, 'documents'>,
  caseId: string,
  owner: StoredDocument['owner'],
  theirs: readonly ServiceDocument[],
  note: (action: string, message: string) => void,
): void {
  // Where each stands, without decrypting: a name is read only for a document that is written to
  // the history, or whose size matches one the service added.
  const mine = store.documents.documentStandings(caseId, owner);
  const onService = new Set(theirs.map((d) => d.id));
  for (const d of mine) {
    if (d.removed || d.state !== 'on-file' || d.serverIds.length === 0) continue;
    const kept = d.serverIds.filter((id) => onService.has(id));
    if (kept.length === d.serverIds.length) continue;
    if (kept.length > 0) store.documents.saveDocumentState(d.id, { serverIds: kept });
    else {
      store.documents.saveDocumentState(d.id, { removed: true });
      note('document.removed-on-service', `${d.filename()} was removed on the service`);
    }
  }
  const known = new Set(mine.flatMap((d) => d.serverIds));
  for (const s of theirs) {
    if (known.has(s.id)) continue;
    // A copy of a document held here (an upload repeated after a lost answer) is not a new one:
    // the queue has already said so in the case's history.
    if (mine.some((d) => !d.removed && d.size === s.size && d.filename() === s.filename)) continue;
    store.documents.insertDocument({
      id: randomUUID(),
      caseId,
      owner,
      pairs: [{ groupId: s.groupId, typeId: s.typeId }],
      filename: s.filename,
      mimeType: s.mimeType,
      size: s.size,
      sha256: '',
      pageCount: 0,
      vaultId: null,
      state: 'on-file',
      error: null,
      serverIds: [s.id],
      capturedAt: Number.isNaN(Date.parse(s.uploadDate))
        ? new Date().toISOString()
        : new Date(s.uploadDate).toISOString(),
      removed: false,
    });
    note('document.added-on-service', `${s.filename} was added on the service`);
  }
}
