// One owner's documents beyond the first page the case's answer carries: read a page at a time as
// the list scrolls, after the last one shown, in the core's order (those not on the service first,
// then those on file, each in the order captured). After each read of the case, the documents held
// here that the change named are read again, so a long list stays true at the cost of what changed.
import type { DocumentOwner, LocalDocument } from '../../shared/ipc/index.js';
import { DOCUMENTS_PAGE_MAX } from '../../shared/ipc/document-paging.js';
import { call, messageOf } from './desk.js';
import { cursorOf, shownDocuments, staleIds, withFresh, withPage } from './document-list.js';

/** Documents read per page as the list scrolls. */
export const DOCUMENTS_MORE_PAGE = 100;

export class DocumentPages {
  /** Read since the first page, in the order read; replaced, never changed in place. */
  more = $state.raw<LocalDocument[]>([]);
  loading = $state(false);
  error = $state<string | null>(null);

  constructor(
    private readonly caseId: string,
    private readonly owner: DocumentOwner,
  ) {}

  /** What the list shows: the case's first page, then those read since that it does not hold. */
  shown(first: readonly LocalDocument[]): LocalDocument[] {
    return shownDocuments(first, this.more);
  }

  /** The next page after the last document shown. */
  async loadMore(first: readonly LocalDocument[]): Promise<void> {
    const last = this.shown(first).at(-1);
    if (!last || this.loading) return;
    this.loading = true;
    try {
      const { documents } = await call('cases.documents', {
        caseId: this.caseId,
        owner: this.owner,
        after: cursorOf(last),
        limit: DOCUMENTS_MORE_PAGE,
      });
      this.more = withPage(this.more, documents);
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loading = false;
    }
  }

  /**
   * After a read of the case: the documents held here that `documentIds` names are read again (every
   * one when null); one gone or removed leaves the list.
   */
  async refresh(documentIds: readonly string[] | null): Promise<void> {
    const stale = staleIds(this.more, documentIds);
    if (stale.length === 0) return;
    try {
      const fresh: LocalDocument[] = [];
      for (let i = 0; i < stale.length; i += DOCUMENTS_PAGE_MAX) {
        const ids = stale.slice(i, i + DOCUMENTS_PAGE_MAX);
        fresh.push(...(await call('cases.documents', { caseId: this.caseId, ids })).documents);
      }
      this.more = withFresh(this.more, stale, fresh);
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }
}
