// Drafts whose pages are prepared: documents.addPages answers as soon as the picked files are in the
// vault, and each page becomes ready (or refused) a moment later in the capture worker.
import type { ChannelInput, ChannelOutput } from '../../shared/ipc/contract.js';
import type { DocumentDraft } from '../../shared/ipc/model.js';
import { waitFor, type TestCore } from './core-harness.js';

/** The draft once no page is processing any more. */
export function preparedDraft(t: TestCore, draftId: string, timeoutMs?: number): Promise<DocumentDraft> {
  return waitFor(
    'the draft’s pages to be prepared',
    () => t.core.internals.drafts.get(draftId),
    (draft) => draft.pages.every((p) => p.state !== 'processing'),
    timeoutMs,
  );
}

/** documents.addPages, answered with the draft once its pages are prepared. */
export async function addPreparedPages(
  t: TestCore,
  input: ChannelInput<'documents.addPages'>,
): Promise<ChannelOutput<'documents.addPages'>> {
  const added = await t.call('documents.addPages', input);
  return { ...added, draft: await preparedDraft(t, input.draftId) };
}
