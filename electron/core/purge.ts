// Retention: the captured files and the personal data of a case decided (Approved or Declined) and
// fully synced are removed from this laptop a configurable time later. Its files are deleted, its
// people, document and draft rows too, and its data key is destroyed, which leaves its title and
// details (and the personal details of its audit entries, which can never be deleted) unreadable.
// What remains is the audit trail: who did what, when.
import type { CaseStore } from './cases/case-store.js';
import type { JobStore } from './jobs/job-store.js';
import type { Vault } from './vault/index.js';

export interface PurgeDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'vaultIdsOfCase'>;
  jobs: JobStore;
  vault: Vault;
  /** Destroys a case's data key (CaseKeys.destroy). */
  destroyCaseKey: (caseId: string) => void;
  retentionMs: () => number;
  audit: (action: string, caseId: string, detail: string) => void;
  changed: (caseId: string) => void;
}

/** Purges every case past its retention; returns the ids of the cases purged. */
export async function purgeDecided(deps: PurgeDeps, now = Date.now()): Promise<string[]> {
  const purged: string[] = [];
  for (const c of deps.store.cases.listCases()) {
    if (!c.decidedAt || c.purgedAt || !c.data.decision?.synced) continue;
    if (Date.parse(c.decidedAt) + deps.retentionMs() > now) continue;
    if (deps.jobs.ofCase(c.id).length > 0) continue;
    const ids = deps.store.vaultIdsOfCase(c.id);
    if (c.data.reportVaultId) ids.push(c.data.reportVaultId);
    await deps.vault.purge(ids);
    const db = deps.store.db;
    db.transaction(() => {
      for (const table of ['documents', 'drafts', 'ubos', 'form_drafts'])
        db.prepare(`DELETE FROM ${table} WHERE case_id = ?`).run(c.id);
      db.prepare('UPDATE cases SET purged_at = ? WHERE id = ?').run(new Date(now).toISOString(), c.id);
      deps.destroyCaseKey(c.id);
    })();
    // The WAL still holds earlier copies of the key's page until it is checkpointed and emptied.
    db.pragma('wal_checkpoint(TRUNCATE)');
    deps.audit(
      'case.purge',
      c.id,
      `${ids.length} captured file(s) and the personal data removed after the retention period`,
    );
    deps.changed(c.id);
    purged.push(c.id);
  }
  return purged;
}
