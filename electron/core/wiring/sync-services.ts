// The services that send work and read cases back: the queue, the background case refresh, the
// desk's cases, the unsent-work transfer, and the case views that show what is waiting.
import { CaseRefresh, type CaseRefreshOptions } from '../cases/case-refresh.js';
import { CaseViews } from '../cases/case-views.js';
import { DeskCaseFollower } from '../desk/desk-case-follower.js';
import { DeskService } from '../desk/desk-service.js';
import { caseDocumentReading } from '../documents/case-document-reading.js';
import { HANDLERS } from '../sync/handlers.js';
import { SyncQueue, type QueueOptions } from '../sync/queue.js';
import { UnsentWorkTransfer } from '../transfer/unsent-work.js';
import type { CaseServices } from './case-services.js';
import type { CoreBase } from './core-base.js';

export interface SyncOptions {
  queue?: Partial<QueueOptions>;
  caseRefresh?: Partial<CaseRefreshOptions>;
}

export type SyncServices = ReturnType<typeof wireSyncServices>;

export function wireSyncServices(base: CoreBase, local: CaseServices, options: SyncOptions) {
  const { store, jobs, vault, lookups, session, connectivity, bus, audit, changed, log } = base;
  const queue = new SyncQueue({
    store,
    jobs,
    removal: local.removal,
    vault,
    lookups: base.lookupBundle,
    currentUserId: base.actingUserId,
    audit: (action, caseId, message) => audit(action, caseId, message),
    api: () => session.api(),
    environment: {
      activeId: base.activeProfileId,
      clientFor: (profileId) => session.clientFor(profileId),
      nameOf: (profileId) => base.profiles.get(profileId)?.name ?? null,
      lookupsOf: (profileId) => lookups.current(profileId),
    },
    connectivity,
    learnedAudit: base.learnedAudit,
    handlers: HANDLERS,
    options: options.queue,
    log,
    events: {
      queueChanged: (everyJob) => bus.emit('queue.changed', everyJob ?? false),
      progress: (p) => base.events.emit('queue.progress', p),
      caseChanged: changed,
    },
  });
  const deskCases = new DeskCaseFollower({
    store,
    jobs,
    lookups: (profileId) => lookups.current(profileId),
    drafts: local.formDrafts,
    audit,
    changed,
  });
  const caseRefresh = new CaseRefresh({
    followDeskCase: (c, api) => deskCases.follow(api, c.profileId!, { kind: c.kind, serverId: c.serverId }),
    store,
    jobs,
    connectivity,
    activeProfileId: base.activeProfileId,
    api: () => session.api(),
    isRunning: (jobId) => queue.isRunning(jobId),
    audit: base.learnedAudit,
    changed,
    options: options.caseRefresh,
    log,
  });
  const views = new CaseViews({
    store,
    jobs,
    lookups: base.lookupBundle,
    readingOf: caseDocumentReading(local.readings, () => base.settings().proofOfAddressMonths),
    waiting: (caseRow, heads, failed) => queue.waitingOfHeads(caseRow, heads, failed),
    firstWaiting: (caseRow) => queue.firstWaiting(caseRow),
    progressOf: (documentId) => queue.progressOfDocument(documentId),
    serviceCheck: (caseId) => caseRefresh.checkOf(caseId),
    lastHistoryId: (caseId) => base.auditLog.lastIdOf(caseId),
  });
  const transfer = new UnsentWorkTransfer({
    store,
    jobs,
    vault,
    profiles: base.profiles,
    partnerOf: (profileId) => lookups.current(profileId).partner ?? null,
    rememberPartner: (profileId, partner) => lookups.remember(profileId, partner),
    activeProfileId: base.activeProfileId,
    currentUserId: base.actingUserId,
    audit,
    changed: base.edited,
    imported: (caseIds) => {
      caseRefresh.follow(caseIds);
      // The archive carries documents, not what was read on them.
      local.readings.catchUp(caseIds);
    },
  });
  const desk = new DeskService({
    store,
    jobs,
    activeProfileId: base.activeProfileId,
    api: () => session.api(),
    actingUserId: base.actingUserId,
    keepDocuments: (caseId) => local.documentContent.keepAll(caseId),
    keepReport: async (caseId) => void (await local.reports.get(caseId, true)),
    refreshCaptured: (caseId) => caseRefresh.refresh(caseId),
    follower: deskCases,
    audit,
    changed,
  });
  return { queue, caseRefresh, views, transfer, desk };
}
