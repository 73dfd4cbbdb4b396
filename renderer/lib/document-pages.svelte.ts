// One owner's documents beyond the first page the case's answer carries, read a page at a time as
// the list scrolls and kept true after each read of the case at the cost of what changed
// (DocumentWindow in document-list.ts says how).
import type { DocumentOwner, LocalDocument } from '../../shared/ipc/index.js';
import { DOCUMENTS_PAGE_MAX } from '../../shared/ipc/document-paging.js';
import { call, messageOf } from './desk.js';
import { DocumentWindow, shownDocuments } from './document-list.js';

/** Documents read per page as the list scrolls. */
export const DOCUMENTS_MORE_PAGE = 100;

export class DocumentPages {
  /** Read since the first page; replaced, never changed in place. */
  more = $state.raw<readonly LocalDocument[]>([]);
  loading = $state(false);
  error = $state<string | null>(null);
  private readonly window = new DocumentWindow();
  /** Pages and refreshes, one after another: an answer asked earlier never lands over a later one. */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly caseId: string,
    private readonly owner: DocumentOwner,
  ) {}

  /** What the list shows: the case's first page and those read since, in the core's order. */
  shown(first: readonly LocalDocument[]): LocalDocument[] {
    return shownDocuments(first, this.more);
  }

  private inTurn(task: () => Promise<void>): Promise<void> {
    const next = this.turn.then(task);
    this.turn = next.catch(() => undefined);
    return next;
  }

  /** The next page of the order, after where it was read to. */
  async loadMore(first: readonly LocalDocument[]): Promise<void> {
    if (this.loading || first.length === 0) return;
    this.loading = true;
    await this.inTurn(() => this.readPage(first));
  }

  private async readPage(first: readonly LocalDocument[]): Promise<void> {
    try {
      const after = this.window.nextPage(first);
      if (!after) return;
      const { documents } = await call('cases.documents', {
        caseId: this.caseId,
        owner: this.owner,
        after,
        limit: DOCUMENTS_MORE_PAGE,
      });
      this.window.pageRead(documents, DOCUMENTS_MORE_PAGE);
      this.more = this.window.more;
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loading = false;
    }
  }

  /**
   * After a read of the case, whose first page is now `first`: what the change named (every document
   * held when null) is read again, and kept as DocumentWindow says.
   */
  refresh(first: readonly LocalDocument[], documentIds: readonly string[] | null): Promise<void> {
    return this.inTurn(() => this.readAgain(first, documentIds));
  }

  private async readAgain(first: readonly LocalDocument[], documentIds: readonly string[] | null) {
    const plan = this.window.changed(first, documentIds);
    this.more = this.window.more;
    if (plan.ids.length === 0) return;
    try {
      const fresh: LocalDocument[] = [];
      for (let i = 0; i < plan.ids.length; i += DOCUMENTS_PAGE_MAX) {
        const ids = plan.ids.slice(i, i + DOCUMENTS_PAGE_MAX);
        fresh.push(...(await call('cases.documents', { caseId: this.caseId, ids })).documents);
      }
      this.window.read(plan, fresh);
      this.more = this.window.more;
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }
}
