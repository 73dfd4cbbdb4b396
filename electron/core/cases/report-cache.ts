// The PDF report of a case, kept in the vault for reading offline. A cached report records the state
// of the case it was made from: after a change it is fetched afresh when the service answers, and
// otherwise given back marked stale with the first change since it was fetched.
import { createHash } from 'node:crypto';
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ServiceClient } from '../api/client.js';
import type { AuditLog } from '../db/index.js';
import type { Vault } from '../vault/index.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';
import { caseFingerprint, firstChangeSince } from './report-freshness.js';

export interface ReportCacheDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents'>;
  vault: Vault;
  auditLog: AuditLog;
  requireCase: (caseId: string) => StoredCase;
  /** The active environment's client; throws (offline) when there is none. */
  api: () => ServiceClient;
  audit: (action: string, caseId: string | null, detail: string) => void;
}

type Report = ChannelOutput<'reports.get'>;

/** Bytes on their own ArrayBuffer, as the contract's Uint8Array type (and structured clone) want. */
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

export class ReportCache {
  constructor(private readonly deps: ReportCacheDeps) {}

  async get(caseId: string, refresh: boolean | undefined): Promise<Report> {
    const { store, vault } = this.deps;
    const c = this.deps.requireCase(caseId);
    const cached = c.data.reportVaultId;
    // The state the report is fetched for: recorded with it, so a later change shows it stale.
    const fingerprint = caseFingerprint(store, c);
    const fromCache = async (stale: boolean): Promise<Report> => {
      const bytes = await vault.readAll(cached!);
      const fetchedAt = c.reportCachedAt ?? '';
      return {
        filename: `fica-report-${c.serverId}.pdf`,
        bytes: copy(bytes),
        fetchedAt,
        stale: stale ? { change: firstChangeSince(this.deps.auditLog, caseId, fetchedAt) } : null,
      };
    };
    const current = cached !== null && c.data.reportFingerprint === fingerprint;
    if (cached && current && !refresh) return fromCache(false);
    if (!c.serverId) {
      if (cached) return fromCache(true);
      throw new DeskError('offline', 'The report is available once the case has been sent to the service.');
    }
    let report;
    try {
      const api = this.deps.api();
      report =
        c.kind === 'entity' ? await api.entityReport(c.serverId) : await api.individualReport(c.serverId);
    } catch (error) {
      if (cached) return fromCache(!current);
      throw error;
    }
    const bytes = Buffer.from(report.base64Content, 'base64');
    const entry = await vault.importFile(bytes);
    const fetchedAt = new Date().toISOString();
    store.db.transaction(() => {
      const fresh = this.deps.requireCase(caseId);
      fresh.data.reportVaultId = entry.id;
      fresh.data.reportFingerprint = fingerprint;
      fresh.reportCachedAt = fetchedAt;
      store.cases.saveCase(fresh);
    })();
    if (cached) await vault.remove(cached);
    this.deps.audit(
      'report.fetch',
      caseId,
      `Report fetched (${createHash('sha256').update(bytes).digest('hex').slice(0, 12)})`,
    );
    return { filename: report.filename, bytes: copy(bytes), fetchedAt, stale: null };
  }
}
