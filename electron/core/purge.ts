// Retention: the captured files of a case decided (Approved or Declined) and fully synced are
// removed from this laptop a configurable time later. The case row stays as the record of the work.
import type { CaseStore } from './cases/case-store.js';
import type { JobStore } from './sync/job-store.js';
import type { Vault } from './vault/index.js';

export interface PurgeDeps {
  store: CaseStore;
  jobs: JobStore;
  vault: Vault;
  retentionMs: () => number;
  audit: (action: string, caseId: string, detail: string) => void;
  changed: (caseId: string) => void;
}

/** Purges every case past its retention; returns the ids of the cases purged. */
export async function purgeDecided(deps: PurgeDeps, now = Date.now()): Promise<string[]> {
  const purged: string[] = [];
  for (const c of deps.store.listCases()) {
    if (!c.decidedAt || c.purgedAt || !c.data.decision?.synced) continue;
    if (Date.parse(c.decidedAt) + deps.retentionMs() > now) continue;
    if (deps.jobs.ofCase(c.id).length > 0) continue;
    const ids = deps.store.vaultIdsOfCase(c.id);
    if (c.data.reportVaultId) ids.push(c.data.reportVaultId);
    await deps.vault.purge(ids);
    deps.store.db.transaction(() => {
      for (const d of deps.store.listDocuments(c.id, true)) deps.store.saveDocumentState(d.id, { vaultId: null });
      for (const draft of deps.store.listDrafts(c.id)) deps.store.deleteDraft(draft.id);
      const fresh = deps.store.getCase(c.id);
      if (fresh) {
        fresh.purgedAt = new Date(now).toISOString();
        fresh.data.reportVaultId = null;
        deps.store.saveCase(fresh);
      }
    })();
    deps.audit('case.purge', c.id, `${ids.length} captured file(s) removed after the retention period`);
    deps.changed(c.id);
    purged.push(c.id);
  }
  return purged;
}
