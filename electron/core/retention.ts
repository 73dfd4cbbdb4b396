// The retention purge (purge.ts) run now and on a timer: hourly by default.
import type { Settings } from '../../shared/ipc/model.js';
import type { CaseStore } from './cases/case-store.js';
import type { CoreBus } from './events.js';
import { purgeDecided } from './purge.js';
import type { JobStore } from './jobs/job-store.js';
import type { CaseKeys } from './vault/case-keys.js';
import type { Vault } from './vault/index.js';

const DAY_MS = 24 * 3600 * 1000;

export interface RetentionDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'vaultIdsOfCase' | 'forgetDecrypted'>;
  jobs: JobStore;
  vault: Vault;
  caseKeys: CaseKeys;
  settings: () => Settings;
  audit: (action: string, caseId: string, detail: string) => void;
  bus: CoreBus;
  /** Overrides the retention setting (tests). */
  retentionMs?: number;
  /** How often the purge runs. */
  intervalMs?: number;
}

export class RetentionPurge {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: RetentionDeps) {}

  /** Purges every case past its retention; returns the ids of the cases purged. */
  purgeNow(now?: number): Promise<string[]> {
    const { store, jobs, vault, caseKeys, settings, audit, bus } = this.deps;
    return purgeDecided(
      {
        store,
        jobs,
        vault,
        destroyCaseKey: (caseId) => {
          caseKeys.destroy(caseId);
          // No decrypted copy of a purged case's data outlives its key in memory.
          store.forgetDecrypted();
        },
        retentionMs: () => this.deps.retentionMs ?? settings().retentionDays * DAY_MS,
        audit,
        changed: (caseId) => bus.emit('case.changed', caseId),
      },
      now,
    );
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.purgeNow().catch(() => undefined),
      this.deps.intervalMs ?? 3600_000,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
