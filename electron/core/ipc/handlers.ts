// One handler per channel of shared/ipc/contract.ts. The table's type lists every channel, so a
// channel added to the contract without a handler does not compile.
import { createHash } from 'node:crypto';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ChannelOutput, LookupBundle } from '../../../shared/ipc/contract.js';
import type { CaseDetail, Settings, Status } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import type { CaseService } from '../cases/case-service.js';
import type { CaseStore } from '../cases/case-store.js';
import type { CaseViews } from '../cases/case-views.js';
import type { EnvironmentScope } from '../cases/environment-scope.js';
import { caseFingerprint, firstChangeSince } from '../cases/report-freshness.js';
import type { LookupService } from '../cases/lookups.js';
import type { AuditLog, ProfileRepository } from '../db/index.js';
import type { DraftService } from '../documents/drafts.js';
import type { ScanService } from '../capture/scanning/scan-service.js';
import type { DocumentContent } from '../documents/document-content.js';
import type { FormDrafts } from '../forms/form-drafts.js';
import { readIdentityForScreen } from '../capture/identity/read-identity.js';
import type { Session } from '../session.js';
import type { ConnectivityState } from '../sync/connectivity.js';
import type { JobStore } from '../sync/job-store.js';
import type { SyncQueue } from '../sync/queue.js';
import { ArchiveDamagedError, ArchivePassphraseError } from '../transfer/archive-crypto.js';
import { NothingToExportError, type UnsentWorkTransfer } from '../transfer/unsent-work.js';
import type { Vault } from '../vault/index.js';
import type { HandlerTable } from './dispatch.js';
import { scopedToActiveEnvironment } from './environment-guard.js';

export interface CoreContext {
  store: CaseStore;
  jobs: JobStore;
  cases: CaseService;
  drafts: DraftService;
  scans: ScanService;
  documentContent: DocumentContent;
  formDrafts: FormDrafts;
  views: CaseViews;
  queue: SyncQueue;
  session: Session;
  scope: EnvironmentScope;
  lookups: LookupService;
  profiles: ProfileRepository;
  auditLog: AuditLog;
  vault: Vault;
  connectivity: ConnectivityState;
  info: ChannelOutput<'app.info'>;
  status(): Status;
  settings(): Settings;
  saveSettings(next: Settings): Settings;
  lookupBundle(): LookupBundle;
  audit(action: string, caseId: string | null, detail: string): void;
  transfer: UnsentWorkTransfer;
  /** Saves credentials after the service accepted them; false with the reason otherwise. */
  signIn(
    profileId: string,
    clientId: string,
    clientSecret: string,
  ): Promise<{ verified: boolean; message: string }>;
  signOut(profileId: string): Promise<void>;
  activate(profileId: string | null): Promise<void>;
  statusChanged(): void;
}

function needApi(ctx: CoreContext): ServiceClient {
  const api = ctx.session.api();
  if (!api) throw new DeskError('offline', 'Choose an environment profile first.');
  return api;
}

function detail(ctx: CoreContext, caseId: string): CaseDetail {
  const view = ctx.views.detail(caseId);
  if (!view) throw new DeskError('not-found', 'This case does not exist on this laptop.');
  return view;
}

const OK = { ok: true as const };

/**
 * A profile's service address and kind say where its work goes: while it has unsent work they
 * stay as they are (the work must reach the service it was captured for), and the active profile
 * is not turned into Live in place (Live is entered by a confirmed switch).
 */
function checkProfileChange(
  ctx: CoreContext,
  current: { id: string; kind: string; baseUrl: string; tokenUrl: string | null },
  next: { kind: string; baseUrl: string; tokenUrl: string | null },
): void {
  const moved =
    next.baseUrl !== current.baseUrl || next.tokenUrl !== current.tokenUrl || next.kind !== current.kind;
  const unsent = ctx.scope.unsentOf(current.id);
  if (moved && unsent > 0) {
    throw new DeskError(
      'not-allowed',
      `This environment has ${unsent} unsent item${unsent === 1 ? '' : 's'} captured for ${current.baseUrl}. Send or discard them before changing its address or kind.`,
    );
  }
  if (next.kind === 'live' && current.kind !== 'live' && ctx.session.activeId === current.id) {
    throw new DeskError('not-allowed', 'Switch to another environment before making this one Live.');
  }
}

/** Bytes on their own ArrayBuffer, as the contract's Uint8Array type (and structured clone) want. */
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

export function createHandlers(ctx: CoreContext): HandlerTable {
  const allowSelf = () => ctx.settings().allowSelfApproval;
  return scopedToActiveEnvironment(handlerTable(ctx, allowSelf), ctx.scope);
}

function handlerTable(ctx: CoreContext, allowSelf: () => boolean): HandlerTable {
  return {
    'app.info': () => ctx.info,
    'status.get': () => ctx.status(),

    'profiles.list': () => ctx.profiles.list().map((p) => ctx.session.view(p)),
    'profiles.save': async (input) => {
      const fields = {
        name: input.name,
        kind: input.kind,
        baseUrl: input.baseUrl,
        tokenUrl: input.tokenUrl ?? null,
      };
      if (ctx.info.keychain === 'development-file' && input.kind !== 'sandbox') {
        throw new DeskError(
          'not-allowed',
          'FICA Desk is running with the insecure development keychain, which holds only the training sandbox. Test and live profiles need the OS keychain.',
        );
      }
      let profile;
      if (input.id) {
        const current = ctx.profiles.get(input.id);
        if (!current) throw new DeskError('not-found', 'This profile does not exist.');
        checkProfileChange(ctx, current, fields);
        profile = ctx.profiles.update(input.id, fields);
        if (!profile) throw new DeskError('not-found', 'This profile does not exist.');
        if (ctx.session.activeId === input.id) ctx.session.rebuild();
      } else {
        profile = ctx.profiles.create(fields);
        await ctx.session.refreshHasCredentials(profile.id);
        // Live is only ever entered by a confirmed switch.
        if (!ctx.session.activeId && profile.kind !== 'live') await ctx.activate(profile.id);
      }
      ctx.audit('profile.save', null, `Profile ${profile.name} saved`);
      return ctx.session.view(profile);
    },
    'profiles.remove': async ({ id }) => {
      const unsent = ctx.scope.unsentOf(id);
      if (unsent > 0) {
        throw new DeskError(
          'not-allowed',
          `This profile still has ${unsent} unsent item${unsent === 1 ? '' : 's'}. Switch to it and send or discard them before removing the profile.`,
        );
      }
      await ctx.signOut(id).catch(() => undefined);
      if (!ctx.profiles.remove(id)) throw new DeskError('not-found', 'This profile does not exist.');
      ctx.lookups.forget(id);
      if (ctx.session.activeId === null || ctx.session.activeId === id) await ctx.activate(null);
      ctx.audit('profile.remove', null, 'Profile removed');
      return OK;
    },
    'profiles.activate': async ({ id, confirmLive }) => {
      const profile = ctx.profiles.get(id);
      if (!profile) throw new DeskError('not-found', 'This profile does not exist.');
      if (profile.kind === 'live' && confirmLive !== true && ctx.session.activeId !== id) {
        throw new DeskError(
          'not-allowed',
          `Switching to ${profile.name} (Live) needs a person's confirmation: work captured from then on goes to real client records.`,
        );
      }
      await ctx.activate(id);
      return ctx.status();
    },
    'profiles.setCredentials': ({ profileId, clientId, clientSecret }) => {
      if (!ctx.profiles.get(profileId)) throw new DeskError('not-found', 'This profile does not exist.');
      return ctx.signIn(profileId, clientId, clientSecret);
    },
    'profiles.signOut': async ({ profileId }) => {
      await ctx.signOut(profileId);
      return OK;
    },

    'lookups.get': () => ctx.lookupBundle(),
    'lookups.refresh': async () => {
      const id = ctx.session.activeId;
      if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
      return ctx.lookups.refresh(id, needApi(ctx));
    },

    'settings.get': () => ctx.settings(),
    'settings.update': (patch) => ctx.saveSettings({ ...ctx.settings(), ...patch }),

    'cases.list': ({ kind, status, search }) => {
      const needle = search?.trim().toLowerCase();
      const activeId = ctx.session.activeId;
      if (!activeId) return [];
      return ctx.store
        .listCasesOf(activeId)
        .filter((c) => !kind || c.kind === kind)
        .filter(
          (c) =>
            !needle ||
            c.title.toLowerCase().includes(needle) ||
            c.clientReference.toLowerCase().includes(needle),
        )
        .map((c) => ctx.views.summary(c))
        .filter((s) => !status || s.status === status);
    },
    'cases.get': ({ caseId }) => detail(ctx, caseId),

    'entity.create': (input) => ({ caseId: ctx.cases.createEntity(input) }),
    'entity.saveKyb': ({ caseId, kyb }) => {
      ctx.cases.saveKyb(caseId, kyb);
      return detail(ctx, caseId);
    },
    'entity.sanctionsReview': ({ caseId, review, screening }) => {
      ctx.cases.sanctionsReview(caseId, review, screening);
      return detail(ctx, caseId);
    },
    'entity.saveUbo': ({ caseId, uboId, body }) => {
      const id = ctx.cases.saveUbo(caseId, uboId, body);
      return { uboId: id, case: detail(ctx, caseId) };
    },
    'entity.removeUbo': ({ caseId, uboId }) => {
      ctx.cases.removeUbo(caseId, uboId);
      return detail(ctx, caseId);
    },
    'entity.uboPepConfirm': ({ caseId, uboId, review, screening }) => {
      ctx.cases.uboPepConfirm(caseId, uboId, review, screening);
      return detail(ctx, caseId);
    },
    'entity.uboConfirmDocs': ({ caseId, uboId }) => {
      ctx.cases.uboConfirmDocs(caseId, uboId);
      return detail(ctx, caseId);
    },
    'entity.saveOrganigram': ({ caseId, tree }) => {
      ctx.cases.saveOrganigram(caseId, tree);
      return detail(ctx, caseId);
    },
    'entity.verifyOrganigram': ({ caseId }) => {
      ctx.cases.verifyOrganigram(caseId);
      return detail(ctx, caseId);
    },
    'entity.confirmShareholding': ({ caseId }) => {
      ctx.cases.confirmShareholding(caseId);
      return detail(ctx, caseId);
    },
    'entity.confirmDocs': ({ caseId }) => {
      ctx.cases.confirmEntityDocs(caseId);
      return detail(ctx, caseId);
    },
    'entity.decide': ({ caseId, decision }) => {
      ctx.cases.decideEntity(caseId, decision, allowSelf());
      return detail(ctx, caseId);
    },

    'individual.create': (input) => ({ caseId: ctx.cases.createIndividual(input) }),
    'individual.update': ({ caseId, changes }) => {
      ctx.cases.updateIndividual(caseId, changes);
      return detail(ctx, caseId);
    },
    'individual.runScreening': ({ caseId }) => {
      ctx.cases.runScreening(caseId);
      return detail(ctx, caseId);
    },
    'individual.runValidation': ({ caseId, overrides }) => {
      ctx.cases.runValidation(caseId, overrides);
      return detail(ctx, caseId);
    },
    'individual.pepDecision': ({ caseId, ...decision }) => {
      ctx.cases.pepDecision(caseId, decision);
      return detail(ctx, caseId);
    },
    'individual.confirmDocs': ({ caseId }) => {
      ctx.cases.confirmIndividualDocs(caseId);
      return detail(ctx, caseId);
    },
    'individual.decide': ({ caseId, ...decision }) => {
      ctx.cases.decideIndividual(caseId, decision, allowSelf());
      return detail(ctx, caseId);
    },
    'individual.verifyBankAccount': async ({ caseId, request }) => {
      const c = ctx.cases.requireIndividual(caseId);
      if (!c.serverId)
        throw new DeskError(
          'conflict',
          'The client is not on the service yet: verify the account once it has been sent.',
        );
      const answer = await needApi(ctx).verifyBankAccount(c.serverId, request);
      ctx.store.db.transaction(() => {
        const fresh = ctx.cases.requireIndividual(caseId);
        fresh.data.bankVerification = answer;
        ctx.store.saveCase(fresh);
      })();
      ctx.audit(
        'individual.bank-verification',
        caseId,
        answer.verified ? 'Bank account verified' : 'Bank account not verified',
      );
      return answer;
    },

    'documents.startDraft': ({ caseId, owner }) => ctx.drafts.start(caseId, owner),
    'documents.addPages': ({ draftId, files }) => ctx.drafts.addPages(draftId, files),
    'documents.updateDraft': ({ draftId, pages }) => ctx.drafts.update(draftId, pages),
    'documents.keepPage': ({ draftId, pageId }) => ctx.drafts.keepPage(draftId, pageId),
    'documents.pagePreview': async ({ draftId, pageId }) => {
      const page = await ctx.drafts.preview(draftId, pageId);
      return { ...page, bytes: copy(page.bytes) };
    },
    'documents.discardDraft': async ({ draftId }) => {
      await ctx.drafts.discard(draftId);
      return OK;
    },
    'documents.submitDraft': async ({ draftId, pairs, filename }) => {
      const doc = await ctx.drafts.submit(draftId, pairs, filename);
      const view = ctx.views.detail(doc.caseId);
      const all = view
        ? [...view.documents, ...(view.kind === 'entity' ? view.ubos.flatMap((u) => u.documents) : [])]
        : [];
      const found = all.find((d) => d.id === doc.id);
      if (!found) throw new DeskError('internal', 'The document was stored but cannot be shown.');
      return found;
    },
    'documents.content': async ({ documentId }) => {
      const doc = await ctx.documentContent.read(documentId);
      return { ...doc, bytes: copy(doc.bytes) };
    },
    'formDrafts.get': (ref) => ctx.formDrafts.get(ref),
    'formDrafts.save': ({ data, ...ref }) => ctx.formDrafts.save(ref, data),
    'formDrafts.clear': (ref) => {
      ctx.formDrafts.clear(ref);
      return OK;
    },
    'identity.read': ({ bytes }) => readIdentityForScreen(bytes),
    'scanners.list': () => ctx.scans.list(),
    'scanners.preview': async (settings) => {
      const page = await ctx.scans.preview(settings);
      return { ...page, bytes: copy(page.bytes) };
    },
    'scanners.scan': ({ draftId, settings }) => ctx.scans.scan(draftId, settings),
    'scanners.cancel': ({ draftId }) => ({ cancelled: ctx.scans.cancel(draftId) }),
    'documents.remove': async ({ documentId }) => {
      const { vaultIdToPurge } = ctx.cases.removeDocument(documentId);
      if (vaultIdToPurge) await ctx.vault.remove(vaultIdToPurge);
      // The case's items stopped behind a refused upload may go now.
      ctx.queue.pump();
      ctx.statusChanged();
      return OK;
    },

    'queue.list': () => ctx.queue.views(),
    'queue.retry': ({ jobId }) => {
      if (!ctx.queue.retry(jobId)) throw new DeskError('not-found', 'This item is no longer in the queue.');
      return OK;
    },
    'queue.discard': ({ jobId }) => {
      const job = ctx.jobs.get(jobId);
      if (!job) throw new DeskError('not-found', 'This item is no longer in the queue.');
      if (ctx.queue.isRunning(jobId)) throw new DeskError('conflict', 'This item is being sent right now.');
      const refusal = ctx.queue.cancelRefusal(jobId);
      if (refusal) throw new DeskError('conflict', refusal);
      const cancelled = job.state !== 'failed';
      const label = ctx.queue.label(job);
      ctx.store.db.transaction(() => {
        ctx.jobs.remove(jobId);
        if ('documentId' in job.payload && job.payload.kind !== 'document.delete') {
          ctx.store.saveDocumentState(job.payload.documentId, {
            state: 'failed',
            error: cancelled
              ? 'Not sent: cancelled before it was sent'
              : 'Not sent: discarded from the queue',
          });
        }
        const c = ctx.store.getCase(job.caseId);
        // A decision that will never be sent is no decision: the case is open again, and says so.
        const decisionKind =
          job.payload.kind === 'entity.decision' || job.payload.kind === 'individual.decision';
        if (c && decisionKind && c.data.decision && !c.data.decision.synced) {
          c.data.decision = null;
          c.data.decisionBody = null;
          ctx.store.saveCase(c);
          ctx.audit(
            'decision.withdraw',
            job.caseId,
            cancelled
              ? 'Decision withdrawn before it was sent'
              : 'Decision not sent: discarded from the queue',
          );
        }
        if (c && !ctx.jobs.ofCase(job.caseId).some((j) => j.state === 'failed')) {
          c.blockedReason = null;
          ctx.store.saveCase(c);
        }
      })();
      ctx.audit(
        'queue.discard',
        job.caseId,
        cancelled ? `Cancelled before it was sent: ${label}` : `Discarded from the queue: ${label}`,
      );
      ctx.views.refreshStatus(job.caseId);
      ctx.queue.pump();
      ctx.statusChanged();
      return OK;
    },
    'queue.pause': () => {
      ctx.queue.pause();
      ctx.statusChanged();
      return ctx.status();
    },
    'queue.resume': () => {
      ctx.queue.resume();
      ctx.statusChanged();
      return ctx.status();
    },
    'queue.sendNow': () => {
      ctx.queue.sendNow();
      ctx.statusChanged();
      return ctx.status();
    },

    'reports.get': async ({ caseId, refresh }) => {
      const c = ctx.cases.requireCase(caseId);
      const cached = c.data.reportVaultId;
      // The state the report is fetched for: recorded with it, so a later change shows it stale.
      const fingerprint = caseFingerprint(ctx.store, c);
      const fromCache = async (stale: boolean) => {
        const bytes = await ctx.vault.readAll(cached!);
        const fetchedAt = c.reportCachedAt ?? '';
        return {
          filename: `fica-report-${c.serverId}.pdf`,
          bytes: copy(bytes),
          fetchedAt,
          stale: stale ? { change: firstChangeSince(ctx.auditLog, caseId, fetchedAt) } : null,
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
        report =
          c.kind === 'entity'
            ? await needApi(ctx).entityReport(c.serverId)
            : await needApi(ctx).individualReport(c.serverId);
      } catch (error) {
        if (cached) return fromCache(!current);
        throw error;
      }
      const bytes = Buffer.from(report.base64Content, 'base64');
      const entry = await ctx.vault.importFile(bytes);
      const fetchedAt = new Date().toISOString();
      ctx.store.db.transaction(() => {
        const fresh = ctx.cases.requireCase(caseId);
        fresh.data.reportVaultId = entry.id;
        fresh.data.reportFingerprint = fingerprint;
        fresh.reportCachedAt = fetchedAt;
        ctx.store.saveCase(fresh);
      })();
      if (cached) await ctx.vault.remove(cached);
      ctx.audit(
        'report.fetch',
        caseId,
        `Report fetched (${createHash('sha256').update(bytes).digest('hex').slice(0, 12)})`,
      );
      return { filename: report.filename, bytes: copy(bytes), fetchedAt, stale: null };
    },

    'webhooks.list': () => needApi(ctx).listSubscriptions(),
    'webhooks.create': async (input) => {
      const created = await needApi(ctx).createSubscription(input);
      ctx.audit('webhook.create', null, `Webhook subscription ${created.id} created`);
      return created;
    },
    'webhooks.update': async ({ id, changes }) => {
      const updated = await needApi(ctx).updateSubscription(id, changes);
      ctx.audit('webhook.update', null, `Webhook subscription ${id} changed`);
      return updated;
    },
    'webhooks.remove': async ({ id }) => {
      await needApi(ctx).deleteSubscription(id);
      ctx.audit('webhook.remove', null, `Webhook subscription ${id} removed`);
      return OK;
    },

    'transfer.export': async ({ passphrase }) => {
      try {
        const result = await ctx.transfer.export(passphrase);
        const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
        return { ...result, filename: `fica-desk-unsent-work-${stamp}.fdxa` };
      } catch (error) {
        throw transferError(error);
      }
    },
    'transfer.import': async ({ bytes, passphrase }) => {
      try {
        return await ctx.transfer.import(bytes, passphrase);
      } catch (error) {
        throw transferError(error);
      }
    },

    // A case's trail (its environment checked by the guard), else the active environment's.
    'audit.list': ({ caseId }) =>
      ctx.auditLog
        .list(
          caseId !== undefined
            ? { caseId, limit: 500 }
            : { profileId: ctx.session.activeId ?? '', limit: 500 },
        )
        .map((e) => ({
          id: e.id,
          at: e.at,
          userId: e.userId === 'local' ? null : e.userId,
          action: e.action,
          caseId: e.caseId,
          detail:
            e.detail.removed === true
              ? 'Details removed with the personal data after the retention period'
              : typeof e.detail.message === 'string'
                ? e.detail.message
                : JSON.stringify(e.detail),
        })),
  };
}

/** Archive refusals are for the person holding the archive: the message says what to do. */
function transferError(error: unknown): unknown {
  if (error instanceof ArchivePassphraseError || error instanceof ArchiveDamagedError)
    return new DeskError('refused', error.message);
  if (error instanceof NothingToExportError) return new DeskError('not-found', error.message);
  return error;
}
