// The services that change cases on this laptop: editing, documents and their readings, drafts
// and scans, the review records, reports and bank checks. Nothing here sends; what is queued is
// sent by the sync services (sync-services.ts).
import { BankVerification } from '../cases/bank-verification.js';
import { CaseService } from '../cases/case-service.js';
import { ReportCache } from '../cases/report-cache.js';
import { CapturePool } from '../capture/capture-pool.js';
import { SaneBackend } from '../capture/scanning/sane-backend.js';
import { ScanService } from '../capture/scanning/scan-service.js';
import { DocumentContent } from '../documents/document-content.js';
import { DocumentReadings } from '../documents/document-readings.js';
import { DraftService } from '../documents/drafts.js';
import { ReviewRecords } from '../documents/review-records.js';
import { FormDrafts } from '../forms/form-drafts.js';
import { JobRemoval } from '../jobs/job-removal.js';
import { join } from 'node:path';
import type { CoreBase } from './core-base.js';

export type CaseServices = ReturnType<typeof wireCaseServices>;

export function wireCaseServices(base: CoreBase, dataDir: string) {
  const { store, jobs, vault, lookups, lookupBundle, actingUserId, audit, events, changed, log } = base;
  const removal = new JobRemoval({ store, jobs, audit });
  const actor = () => {
    const who = base.staff.acting();
    return who ? { id: who.userId, roles: who.roles } : null;
  };
  const cases = new CaseService({
    store,
    jobs,
    removal,
    lookups: lookupBundle,
    currentUserId: actingUserId,
    actor,
    profileId: base.activeProfileId,
    audit,
    changed: base.edited,
  });
  const reviewRecords = new ReviewRecords({
    store,
    vault,
    lookups: lookupBundle,
    actingUserId,
    addDocument: (doc, history) => void cases.documents.addDocument(doc, { history }),
    audit,
    log,
  });
  // One capture worker: the laptops have two cores, and the core's event loop needs the other.
  const capturePool = new CapturePool();
  const readings = new DocumentReadings({
    store,
    vault,
    readText: (bytes, mimeType) => capturePool.readText(bytes, mimeType),
    lookupsOf: (profileId) => lookups.current(profileId),
    changed,
    ...(log ? { log } : {}),
  });
  const drafts = new DraftService({
    store,
    cases,
    vault,
    pool: capturePool,
    draftChanged: (draft) => events.emit('draft.changed', draft),
    ...(log ? { log } : {}),
  });
  const scans = new ScanService({
    backend: new SaneBackend({ workDir: join(dataDir, 'scan-work') }),
    drafts,
    progress: (p) => events.emit('scan.progress', p),
  });
  const reports = new ReportCache({
    store,
    vault,
    auditLog: base.auditLog,
    requireCase: (caseId) => cases.requireCase(caseId),
    api: base.needApi,
    audit,
  });
  const bank = new BankVerification({
    store,
    requireIndividual: (caseId) => cases.requireIndividual(caseId),
    api: base.needApi,
    audit,
  });
  return {
    removal,
    cases,
    reviewRecords,
    readings,
    drafts,
    scans,
    reports,
    bank,
    formDrafts: new FormDrafts({
      db: base.db,
      store,
      scope: base.scope,
      caseKeys: base.caseKeys,
      fields: vault.fields,
    }),
    documentContent: new DocumentContent({ store, vault, api: () => base.session.api() }),
  };
}
