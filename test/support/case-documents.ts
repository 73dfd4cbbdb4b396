// Every document of one owner of a case, walked page by page the way the case screen scrolls: a
// case's detail answers only the first page, so tests that check each document read them all here.
import type { DocumentOwner, LocalDocument } from '../../shared/ipc/model.js';
import { DOCUMENTS_PAGE_MAX } from '../../shared/ipc/model.js';
import type { TestCore } from './core-harness.js';

export async function allDocuments(
  t: Pick<TestCore, 'call'>,
  caseId: string,
  owner: DocumentOwner,
): Promise<LocalDocument[]> {
  const walked: LocalDocument[] = [];
  for (;;) {
    const last = walked.at(-1);
    const { documents } = await t.call('cases.documents', {
      caseId,
      owner,
      after: last ? { sent: last.state === 'on-file', capturedAt: last.capturedAt, id: last.id } : null,
      limit: DOCUMENTS_PAGE_MAX,
    });
    walked.push(...documents);
    if (documents.length < DOCUMENTS_PAGE_MAX) return walked;
  }
}
