// Capturing at the desk: document drafts page by page (files or the scanner), reading an identity
// document, and the forms kept while they are typed.
import { DeskError } from '../../../../shared/ipc/errors.js';
import { readIdentityForScreen, type IdentityOutcome } from '../../capture/identity/read-identity.js';
import type { ScanService } from '../../capture/scanning/scan-service.js';
import type { CaseViews } from '../../cases/case-views.js';
import type { DocumentReadings } from '../../documents/document-readings.js';
import type { DraftService } from '../../documents/drafts.js';
import type { FormDrafts } from '../../forms/form-drafts.js';
import { OK, copy, type HandlersOf } from './group.js';

type DraftChannel =
  | 'documents.startDraft'
  | 'documents.listDrafts'
  | 'documents.addPages'
  | 'documents.updateDraft'
  | 'documents.keepPage'
  | 'documents.pagePreview'
  | 'documents.discardDraft'
  | 'documents.submitDraft';

export interface CaptureHandlerDeps {
  drafts: DraftService;
  scans: ScanService;
  /** Reads proofs of address and registration certificates once queued. */
  readings: Pick<DocumentReadings, 'schedule'>;
  views: Pick<CaseViews, 'documentOf'>;
  formDrafts: FormDrafts;
  /** Reads an identity document in the capture worker. */
  readIdentity(image: Uint8Array): Promise<IdentityOutcome>;
  /** Starts the capture worker's OCR engines ahead of an identity document. */
  prepareIdentityReading(): Promise<void>;
}

export function captureHandlers(
  deps: CaptureHandlerDeps,
): HandlersOf<'scanners' | 'identity' | 'formDrafts', DraftChannel> {
  const { drafts, scans, formDrafts } = deps;
  return {
    'documents.startDraft': ({ caseId, owner }) => drafts.start(caseId, owner),
    'documents.listDrafts': ({ caseId, owner }) => drafts.list(caseId, owner),
    'documents.addPages': ({ draftId, files }) => drafts.addPages(draftId, files),
    'documents.updateDraft': ({ draftId, pages }) => drafts.update(draftId, pages),
    'documents.keepPage': ({ draftId, pageId }) => drafts.keepPage(draftId, pageId),
    'documents.pagePreview': async ({ draftId, pageId }) => {
      const page = await drafts.preview(draftId, pageId);
      return { ...page, bytes: copy(page.bytes) };
    },
    'documents.discardDraft': async ({ draftId }) => {
      await drafts.discard(draftId);
      return OK;
    },
    'documents.submitDraft': async ({ draftId, pairs, filename }) => {
      const doc = await drafts.submit(draftId, pairs, filename);
      deps.readings.schedule(doc.id);
      const found = deps.views.documentOf(doc.id);
      if (!found) throw new DeskError('internal', 'The document was stored but cannot be shown.');
      return found;
    },

    'identity.prepare': async () => {
      await deps.prepareIdentityReading();
      return OK;
    },
    'identity.read': async ({ bytes }) => {
      const answer = await readIdentityForScreen(bytes, (image) => deps.readIdentity(image));
      return { ...answer, strip: answer.strip && copy(answer.strip) };
    },
    'scanners.list': () => scans.list(),
    'scanners.preview': async (settings) => {
      const page = await scans.preview(settings);
      return { ...page, bytes: copy(page.bytes) };
    },
    'scanners.scan': ({ draftId, settings }) => scans.scan(draftId, settings),
    'scanners.cancel': ({ draftId }) => ({ cancelled: scans.cancel(draftId) }),

    'formDrafts.get': (ref) => formDrafts.get(ref),
    'formDrafts.save': ({ data, ...ref }) => formDrafts.save(ref, data),
    'formDrafts.clear': (ref) => {
      formDrafts.clear(ref);
      return OK;
    },
  };
}
