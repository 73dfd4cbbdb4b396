// One open case, reloaded whenever the core says it changed: the case itself, or its queued items
// (a queue delta naming the case, or one after which every item may read differently).
import type { CaseDetail } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';

export class CaseStore {
  readonly id: string;
  detail = $state<CaseDetail | null>(null);
  error = $state<string | null>(null);
  private off: Array<() => void> = [];

  constructor(id: string) {
    this.id = id;
  }

  start(): () => void {
    void this.load(true);
    const api = desk();
    this.off.push(
      api.on('case.changed', ({ caseId }) => {
        if (caseId === this.id) void this.load();
      }),
      api.on('queue.changed', ({ caseIds, reset }) => {
        if (reset || caseIds.includes(this.id)) void this.load();
      }),
    );
    return () => this.stop();
  }

  stop(): void {
    for (const off of this.off) off();
    this.off = [];
  }

  /** `fresh` when the screen opens the case: the core reads it from the service first. */
  async load(fresh = false): Promise<void> {
    try {
      this.detail = await call('cases.get', { caseId: this.id, ...(fresh ? { fresh } : {}) });
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  /** Takes the case an action answered with, so the screen shows it at once. */
  set(detail: CaseDetail): void {
    this.detail = detail;
  }
}
