// The one document open for reading. Its dialog lives at the top of the app, outside every step's
// fieldset, so a decided case (whose step body is disabled) can still be read page by page. A
// document is anything with a name that can be read: a case's own, or one of the service's on the
// reviewer's desk.
import type { LocalDocument } from '../../shared/ipc/index.js';
import type { DeskCaseRef, DeskDocument } from '../../shared/ipc/desk-model.js';
import { call } from './desk.js';

export interface ViewableDocument {
  filename: string;
  read(): Promise<{ mimeType: string; bytes: Uint8Array }>;
}

export class DocumentViewer {
  current = $state<ViewableDocument | null>(null);

  open(doc: LocalDocument): void {
    this.current = {
      filename: doc.filename,
      read: () => call('documents.content', { documentId: doc.id }),
    };
  }

  /** A document of a service case on the desk (from the copy taken for review when there is one). */
  openDesk(ref: DeskCaseRef, doc: DeskDocument): void {
    this.current = {
      filename: doc.filename,
      read: () => call('desk.document', { ...ref, owner: doc.owner, docId: doc.docId }),
    };
  }

  close(): void {
    this.current = null;
  }
}

export const documentViewer = new DocumentViewer();
