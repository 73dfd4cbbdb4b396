// The arithmetic of a long documents list: what it shows of the case's first page and the pages read
// since, where a page read again puts a document, which held documents a change makes stale, and
// how far the order has been read (DocumentWindow, which the screen's DocumentPages and the queue
// bench's case screen both keep).
import type { DocumentCursor, LocalDocument } from '../../shared/ipc/index.js';

/** Where the core's order (not on the service first, then on file, each as captured) continues after `d`. */
export const cursorOf = (d: LocalDocument): DocumentCursor => ({
  sent: d.state === 'on-file',
  capturedAt: d.capturedAt,
  id: d.id,
});

/** The core's order: not on the service first, then on file, each as captured (SQL's text order). */
export function compareInOrder(a: LocalDocument, b: LocalDocument): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    Number(a.state === 'on-file') - Number(b.state === 'on-file') ||
    text(a.capturedAt, b.capturedAt) ||
    text(a.id, b.id)
  );
}

/** Where `d` stands against a place in the core's order: negative before it, 0 at it, positive after. */
export function compareToCursor(d: LocalDocument, at: DocumentCursor): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    Number(d.state === 'on-file') - Number(at.sent) || text(d.capturedAt, at.capturedAt) || text(d.id, at.id)
  );
}

/** The case's first page and those read since that it does not hold, each once, in the core's order. */
export function shownDocuments(
  first: readonly LocalDocument[],
  more: readonly LocalDocument[],
): LocalDocument[] {
  const held = new Set(first.map((d) => d.id));
  return [...first, ...more.filter((d) => !held.has(d.id))].sort(compareInOrder);
}

/** `page` appended to `more`: a document read again (it moved in the order) takes its new place. */
export function withPage(more: readonly LocalDocument[], page: readonly LocalDocument[]): LocalDocument[] {
  const read = new Set(page.map((d) => d.id));
  return [...more.filter((d) => !read.has(d.id)), ...page];
}

/** The ids of `more` a change named (every one when it named none). */
export function staleIds(more: readonly LocalDocument[], named: readonly string[] | null): string[] {
  const changed = named === null ? null : new Set(named);
  return more.filter((d) => changed === null || changed.has(d.id)).map((d) => d.id);
}

/** `more` with the documents read again in place; one asked for and not answered is gone. */
export function withFresh(
  more: readonly LocalDocument[],
  asked: readonly string[],
  fresh: readonly LocalDocument[],
): LocalDocument[] {
  const askedIds = new Set(asked);
  const byId = new Map(fresh.map((d) => [d.id, d]));
  return more.flatMap((d) => (askedIds.has(d.id) ? (byId.has(d.id) ? [byId.get(d.id)!] : []) : [d]));
}

/** What one read of the case makes a documents list read again (DocumentWindow.changed). */
export interface RefreshPlan {
  ids: string[];
  /** Held documents the change named. */
  stale: string[];
  /** Named documents not held, which may arrive among those read. */
  unheld: string[];
}

/**
 * One owner's documents beyond the case's first page, as a list that reads more as it scrolls keeps
 * them: the pages read cover the order up to a place (the frontier), each page is read after it, and
 * after each read of the case the documents held that the change named are read again, a document
 * that left the first page is kept, and a named one not held is kept when it falls before the
 * frontier. What it holds is exactly the order up to the frontier: a document that moved beyond it
 * (sent while the list has read only part of those waiting) leaves the list and is read again, in
 * its place, by a later page. So none is lost, shown twice or read past, and the list never holds
 * more than was read, however many documents a drain moves.
 */
export class DocumentWindow {
  /** Read since the first page; replaced, never changed in place. */
  more: readonly LocalDocument[] = [];
  /** The first page as the last read of the case carried it. */
  private first: readonly LocalDocument[] = [];
  /** Null before the list read beyond the first page; `end` once a page came back short. */
  private frontier: DocumentCursor | 'end' | null = null;

  /** What the list shows: the case's first page and those read since, in the core's order. */
  shown(first: readonly LocalDocument[]): LocalDocument[] {
    return shownDocuments(first, this.more);
  }

  /** Where the next page is read from, or null when nothing is shown. */
  nextPage(first: readonly LocalDocument[]): DocumentCursor | null {
    this.first = first;
    const last = this.shown(first).at(-1);
    if (!last) return null;
    // With every document read, more to read means documents no change named (too many changed at
    // once): the order is read again after the first page, each document read again taking its place.
    return this.frontier === null || this.frontier === 'end' ? cursorOf(first.at(-1) ?? last) : this.frontier;
  }

  /** A page read from nextPage's place: `limit` was asked, so a shorter page is the end. */
  pageRead(page: readonly LocalDocument[], limit: number): void {
    const end = page.at(-1);
    this.frontier = page.length < limit || !end ? 'end' : cursorOf(end);
    this.more = withPage(this.more, page);
  }

  /**
   * After a read of the case, whose first page is now `first`, told the documents changed since
   * (null: not said): what to read again (`ids`), handed to `read` with what they answered. Reads
   * of one list are made one after another, each answered before the next is asked: an answer
   * read earlier must not land over a later one.
   */
  changed(first: readonly LocalDocument[], documentIds: readonly string[] | null): RefreshPlan {
    const before = this.first;
    this.first = first;
    if (this.frontier === null) return { ids: [], stale: [], unheld: [] };
    const onFirst = new Set(first.map((d) => d.id));
    const heldMore = new Set(this.more.map((d) => d.id));
    const left = before.filter((d) => !onFirst.has(d.id) && !heldMore.has(d.id));
    if (left.length > 0) this.more = this.withinFrontier([...this.more, ...left]);
    // A change that did not say which documents changed may have added some anywhere: later pages
    // read the order again after the first page.
    if (documentIds === null) this.frontier = first.length > 0 ? cursorOf(first.at(-1)!) : 'end';
    const stale = staleIds(this.more, documentIds);
    const held = new Set(this.more.map((d) => d.id));
    // A document not held joins before the frontier only where documents arrive: anywhere among
    // those on file (as each is sent), but among those not sent only at their end (each captured
    // last), which lies beyond a frontier still among them. So while the list has read only part
    // of the documents not sent, the ones a drain sends are not read.
    const arriving = this.frontier === 'end' || this.frontier.sent;
    const unheld = arriving ? (documentIds ?? []).filter((id) => !onFirst.has(id) && !held.has(id)) : [];
    return { ids: [...stale, ...unheld], stale, unheld };
  }

  /** The documents a plan asked for, as read (one not answered is gone). */
  read(plan: RefreshPlan, fresh: readonly LocalDocument[]): void {
    const { stale, unheld } = plan;
    const frontier = this.frontier;
    const unheldIds = new Set(unheld);
    // One beyond the frontier is read by a later page, in its place.
    const joining = fresh.filter(
      (d) =>
        unheldIds.has(d.id) && frontier !== null && (frontier === 'end' || compareToCursor(d, frontier) <= 0),
    );
    this.more = this.withinFrontier([...withFresh(this.more, stale, fresh), ...joining]);
  }

  /** Those of `docs` up to the frontier (all of them once every document was read). */
  private withinFrontier(docs: LocalDocument[]): LocalDocument[] {
    const frontier = this.frontier;
    if (frontier === null || frontier === 'end') return docs;
    return docs.filter((d) => compareToCursor(d, frontier) <= 0);
  }
}
