// The one document open for reading. Its dialog lives at the top of the app, outside every step's
// fieldset, so a decided case (whose step body is disabled) can still be read page by page.
import type { LocalDocument } from '../../shared/ipc/index.js';
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

  close(): void {
    this.current = null;
  }
}

export const documentViewer = new DocumentViewer();
