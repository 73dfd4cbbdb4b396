// The case's own screen as the renderer drives it, for the queue bench: it opens the case `fresh`
// (read from the service first, as renderer/lib/case-store.svelte.ts opens it); its reads follow the
// core's events through renderer/lib/case-follow.ts (coalesced, each handed the documents the changes
// named); each read is a `cases.get`; the history is read again when the case's newest history entry
// changed (CaseHistory.svelte); and the documents list holds one page beyond the case's first (a
// person scrolled once), kept true after each read as the screen keeps it (DocumentWindow in
// renderer/lib/document-list.ts: what a change named read again).
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../../../shared/ipc/contract.js';
import { DOCUMENTS_PAGE_MAX } from '../../../shared/ipc/document-paging.js';
import type { CaseDetail, DocumentOwner, LocalDocument } from '../../../shared/ipc/model.js';
import { encodeWire } from '../../../shared/ipc/wire.js';
import { followCase } from '../../../renderer/lib/case-follow.js';
import { DocumentWindow } from '../../../renderer/lib/document-list.js';

type Call = <C extends ChannelName>(channel: C, input: ChannelInput<C>) => Promise<ChannelOutput<C>>;

export interface CaseScreen {
  event<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Reads made and bytes answered so far. */
  readonly reads: number;
  readonly bytes: number;
  /** Milliseconds from opening until the case and its first pages were shown. */
  readonly opened: Promise<number>;
  stop(): Promise<void>;
}

/** Read beyond the first page as the list scrolls (renderer/lib/document-pages.svelte.ts). */
const MORE_PAGE = 100;

export function openCaseScreen(
  call: Call,
  caseId: string,
  owner: DocumentOwner = { kind: 'entity' },
): CaseScreen {
  let reads = 0;
  let bytes = 0;
  let history: number | null | undefined;
  const list = new DocumentWindow();
  /** The owner's first page, as the case's answer carries it. */
  const firstOf = (detail: CaseDetail): readonly LocalDocument[] =>
    owner.kind === 'ubo' && detail.kind === 'entity'
      ? (detail.ubos.find((u) => u.id === owner.uboId)?.documents ?? [])
      : detail.documents;
  let pending: Promise<void> = Promise.resolve();
  const answered = (value: unknown) => {
    reads++;
    bytes += encodeWire(value).length;
  };
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const on = <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) => {
    const set = listeners.get(name) ?? new Set();
    set.add(listener as (payload: never) => void);
    listeners.set(name, set);
    return () => set.delete(listener as (payload: never) => void);
  };
  const read = async (documentIds: string[] | null, fresh = false) => {
    const detail = await call('cases.get', { caseId, ...(fresh ? { fresh } : {}) });
    answered(detail);
    if (detail.lastHistoryId !== history) {
      history = detail.lastHistoryId;
      answered(await call('audit.list', { caseId }));
    }
    const plan = list.changed(firstOf(detail), documentIds);
    if (plan.ids.length > 0) {
      const fresh: LocalDocument[] = [];
      for (let i = 0; i < plan.ids.length; i += DOCUMENTS_PAGE_MAX) {
        const page = await call('cases.documents', {
          caseId,
          ids: plan.ids.slice(i, i + DOCUMENTS_PAGE_MAX),
        });
        answered(page);
        fresh.push(...page.documents);
      }
      list.read(plan, fresh);
    }
  };
  const open = async () => {
    const start = performance.now();
    await read([], true);
    const detail = await call('cases.get', { caseId });
    const after = list.nextPage(firstOf(detail));
    if (after) {
      const page = await call('cases.documents', { caseId, owner, after, limit: MORE_PAGE });
      answered(page);
      list.pageRead(page.documents, MORE_PAGE);
    }
    return performance.now() - start;
  };
  const opened = open();
  pending = opened.then(() => undefined);
  const off = followCase(on, caseId, (documentIds) => (pending = read(documentIds)));
  return {
    event(name, payload) {
      listeners.get(name)?.forEach((listener) => (listener as (p: typeof payload) => void)(payload));
    },
    get reads() {
      return reads;
    },
    get bytes() {
      return bytes;
    },
    opened,
    async stop() {
      off();
      await pending.catch(() => undefined);
    },
  };
}
