// The one document open for reading. Its dialog lives at the top of the app, outside every step's
// fieldset, so a decided case (whose step body is disabled) can still be read page by page.
import type { LocalDocument } from '../../shared/ipc/index.js';

export class DocumentViewer {
  current = $state<LocalDocument | null>(null);

  open(doc: LocalDocument): void {
    this.current = doc;
  }

  close(): void {
    this.current = null;
  }
}

export const documentViewer = new DocumentViewer();
