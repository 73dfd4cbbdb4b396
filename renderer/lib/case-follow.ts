// Which of the core's events make an open case screen read its case again, and what they say
// changed. A drain tells a case's change several times a second and a queue delta names it as
// often: the reads are coalesced like the cases list's (the first at once, then at most one per
// 250 ms, never two at a time), and each read is handed the documents written since the last one,
// which the screen's longer lists re-read (null when some change did not say which).
import type { EventName, EventPayload } from '../../shared/ipc/index.js';
import { coalesce } from './coalesce.js';

/** How long a case screen waits between two reads while changes keep coming. */
export const CASE_REFRESH_GAP_MS = 250;

type On = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/**
 * Follows one case: `read(documentIds)` runs for the first change at once, then at most once per
 * gap, with the ids of every document the changes since the last read named (null when one did not
 * name them). Answers the unsubscribe.
 */
export function followCase(
  on: On,
  caseId: string,
  read: (documentIds: string[] | null) => Promise<void>,
  gapMs = CASE_REFRESH_GAP_MS,
): () => void {
  // Bookkeeping of the pending read, not shown: a plain set.
  let documentIds: Set<string> | null = new Set();
  const reads = coalesce(async () => {
    const named = documentIds ? [...documentIds] : null;
    documentIds = new Set();
    await read(named);
  }, gapMs);
  const offCase = on('case.changed', (change) => {
    if (change.caseId !== caseId) return;
    if (change.documentIds === null) documentIds = null;
    else for (const id of change.documentIds) documentIds?.add(id);
    reads.trigger();
  });
  // A queue delta changes what the case's steps wait for; its documents change only with a case.changed.
  const offQueue = on('queue.changed', ({ caseIds, reset }) => {
    if (reset || caseIds.includes(caseId)) reads.trigger();
  });
  return () => {
    offCase();
    offQueue();
    reads.cancel();
  };
}
