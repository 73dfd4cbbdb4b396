// The arithmetic of a long documents list: what it shows of the case's first page and the pages read
// since, where a page read again puts a document, and which held documents a change makes stale.
import type { DocumentCursor, LocalDocument } from '../../shared/ipc/index.js';

/** Where the core's order (not on the service first, then on file, each as captured) continues after `d`. */
export const cursorOf = (d: LocalDocument): DocumentCursor => ({
  sent: d.state === 'on-file',
  capturedAt: d.capturedAt,
  id: d.id,
});

/** The case's first page, then those read since that it does not hold, each once. */
export function shownDocuments(
  first: readonly LocalDocument[],
  more: readonly LocalDocument[],
): LocalDocument[] {
  const held = new Set(first.map((d) => d.id));
  return [...first, ...more.filter((d) => !held.has(d.id))];
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
