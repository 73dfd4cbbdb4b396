// One open case, read again when the core says it changed: the case itself, or its queued items
// (a queue delta naming the case, or one after which every item may read differently). The reads
// are coalesced (case-follow.ts), and each says which documents changed, for the lists that hold
// more of them than the case's answer carries (document-pages.svelte.ts).
import type { CaseDetail } from '../../shared/ipc/index.js';
import { followCase } from './case-follow.js';
import { call, desk, messageOf } from './desk.js';

/** The documents the last read of the case was told about; `version` grows with each read. */
export interface CaseChanges {
  version: number;
  /** Null when a change did not name them: a list reads again what it holds. */
  documentIds: string[] | null;
}

export class CaseStore {
  readonly id: string;
  detail = $state<CaseDetail | null>(null);
  error = $state<string | null>(null);
  changes = $state.raw<CaseChanges>({ version: 0, documentIds: [] });
  private off: (() => void) | null = null;

  constructor(id: string) {
    this.id = id;
  }

  start(): () => void {
    void this.load([], true);
    this.off = followCase(desk().on.bind(desk()), this.id, (documentIds) => this.load(documentIds));
    return () => this.stop();
  }

  stop(): void {
    this.off?.();
    this.off = null;
  }

  /**
   * `documentIds`: the documents changed since the last read (null: not said). `fresh` when the
   * screen opens the case: the core reads it from the service first.
   */
  async load(documentIds: string[] | null = [], fresh = false): Promise<void> {
    try {
      this.detail = await call('cases.get', { caseId: this.id, ...(fresh ? { fresh } : {}) });
      this.error = null;
      this.changes = { version: this.changes.version + 1, documentIds };
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  /** Takes the case an action answered with, so the screen shows it at once. */
  set(detail: CaseDetail): void {
    this.detail = detail;
  }
}
