// One handler per channel of shared/ipc/contract.ts. The table's type lists every channel, so a
// channel added to the contract without a handler does not compile.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ChannelOutput, LookupBundle } from '../../../shared/ipc/contract.js';
import type { CaseDetail, Settings, Status } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import type { BankVerification } from '../cases/bank-verification.js';
import type { CaseRefresh } from '../cases/case-refresh.js';
import type { CaseService } from '../cases/case-service.js';
import type { CaseStore } from '../cases/case-store.js';
import type { CaseViews } from '../cases/case-views.js';
import type { EnvironmentScope } from '../cases/environment-scope.js';
import { historyOf } from '../cases/case-history.js';
import type { LookupService } from '../cases/lookups.js';
import type { ReportCache } from '../cases/report-cache.js';
import type { StaffSession } from '../staff/staff-session.js';
import type { ProfileService } from '../profiles/profile-service.js';
import type { AuditLog, ProfileRepository } from '../db/index.js';
import type { DeskService } from '../desk/desk-service.js';
import type { DocumentReadings } from '../documents/document-readings.js';
import type { DraftService } from '../documents/drafts.js';
import type { ReviewRecords } from '../documents/review-records.js';
import type { ScanService } from '../capture/scanning/scan-service.js';
import type { DocumentContent } from '../documents/document-content.js';
import type { FormDrafts } from '../forms/form-drafts.js';
import { readIdentityForScreen, type IdentityOutcome } from '../capture/identity/read-identity.js';
import type { Session } from '../session.js';
import type { SyncQueue } from '../sync/queue.js';
import { ArchiveDamagedError, ArchivePassphraseError } from '../transfer/archive-crypto.js';
import { NothingToExportError, type UnsentWorkTransfer } from '../transfer/unsent-work.js';
import type { Vault } from '../vault/index.js';
import type { HandlerTable } from './dispatch.js';
import { scopedToActiveEnvironment } from './environment-guard.js';

export interface CoreContext {
  store: CaseStore;
  cases: CaseService;
  drafts: DraftService;
  /** Reads proofs of address and registration certificates once queued. */
  readings: DocumentReadings;
  scans: ScanService;
  documentContent: DocumentContent;
  formDrafts: FormDrafts;
  reports: ReportCache;
  bank: BankVerification;
  views: CaseViews;
  /** Reads opened cases back from the service in the background. */
  caseRefresh: CaseRefresh;
  /** Makes the review records a case's subjects carry to the service. */
  reviewRecords: ReviewRecords;
  queue: SyncQueue;
  session: Session;
  environments: ProfileService;
  scope: EnvironmentScope;
  lookups: LookupService;
  profiles: ProfileRepository;
  auditLog: AuditLog;
  vault: Vault;
  info: ChannelOutput<'app.info'>;
  status(): Status;
  settings(): Settings;
  saveSettings(next: Settings): Settings;
  lookupBundle(): LookupBundle;
  audit(action: string, caseId: string | null, detail: string): void;
  transfer: UnsentWorkTransfer;
  /** The active environment's client; refused as offline when no environment is chosen. */
  needApi(): ServiceClient;
  statusChanged(): void;
  staff: StaffSession;
  desk: DeskService;
  /** Reads an identity document in the capture worker. */
  readIdentity(image: Uint8Array): Promise<IdentityOutcome>;
  /** Starts the capture worker's OCR engine ahead of an identity document. */
  prepareIdentityReading(): Promise<void>;
}

function detail(ctx: CoreContext, caseId: string): CaseDetail {
  const view = ctx.views.detail(caseId);
  if (!view) throw new DeskError('not-found', 'This case does not exist on this laptop.');
  return view;
}

const OK = { ok: true as const };

/** Bytes on their own ArrayBuffer, as the contract's Uint8Array type (and structured clone) want. */
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

export function createHandlers(ctx: CoreContext): HandlerTable {
  return scopedToActiveEnvironment(handlerTable(ctx), ctx.scope);
}

function handlerTable(ctx: CoreContext): HandlerTable {
  return {
    'app.info': () => ctx.info,
    'status.get': () => ctx.status(),

    'staff.beginSignIn': () => ctx.staff.beginSignIn(),
    'staff.cancelSignIn': () => {
      ctx.staff.cancelSignIn();
      ctx.statusChanged();
      return OK;
    },
    'staff.known': () => ctx.staff.known(),
    'staff.unlock': async ({ userId, passphrase }) => {
      await ctx.staff.unlockWithPassphrase(userId, passphrase);
      return OK;
    },
    'staff.setPassphrase': async ({ passphrase }) => {
      await ctx.staff.setPassphrase(passphrase);
      return OK;
    },
    'staff.lock': () => {
      ctx.staff.lock();
      return OK;
    },
    'staff.signOut': () => {
      ctx.staff.signOut();
      return OK;
    },
    'staff.activity': () => {
      ctx.staff.activity();
      return OK;
    },

    'profiles.list': () => ctx.profiles.list().map((p) => ctx.session.view(p)),
    'profiles.save': (input) => ctx.environments.save(input),
    'profiles.remove': async ({ id }) => {
      await ctx.environments.remove(id);
      return OK;
    },
    'profiles.activate': async ({ id, confirmLive }) => {
      await ctx.environments.switchTo(id, confirmLive);
      return ctx.status();
    },
    'profiles.setCredentials': ({ profileId, clientId, clientSecret }) =>
      ctx.environments.signIn(profileId, clientId, clientSecret),
    'profiles.signOut': async ({ profileId }) => {
      await ctx.environments.signOut(profileId);
      return OK;
    },

    'lookups.get': () => ctx.lookupBundle(),
    'lookups.refresh': async () => {
      const id = ctx.session.activeId;
      if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
      return ctx.lookups.refresh(id, ctx.needApi());
    },

    'settings.get': () => ctx.settings(),
    'settings.update': (patch) => ctx.saveSettings({ ...ctx.settings(), ...patch }),

    'cases.list': (request) => {
      const activeId = ctx.session.activeId;
      return activeId ? ctx.views.list(activeId, request) : { cases: [], total: 0, needsReview: 0 };
    },
    'cases.get': async ({ caseId, fresh }) => {
      detail(ctx, caseId);
      // Read from the service first when online (bounded); a slower answer arrives as a case.changed.
      await ctx.caseRefresh.opened(caseId, { fresh: fresh === true });
      ctx.reviewRecords.opened(caseId);
      return detail(ctx, caseId);
    },
    'cases.documents': (request) => ctx.views.documents(request),

    'entity.create': (input) => ({ caseId: ctx.cases.entities.createEntity(input) }),
    'entity.saveKyb': ({ caseId, kyb }) => {
      ctx.cases.entities.saveKyb(caseId, kyb);
      return detail(ctx, caseId);
    },
    // A review (or check) recorded here goes to reviewers elsewhere in its review record, made
    // and queued before the answer.
    'entity.sanctionsReview': async ({ caseId, review, screening }) => {
      ctx.cases.entities.sanctionsReview(caseId, review, screening);
      await ctx.reviewRecords.made(caseId);
      return detail(ctx, caseId);
    },
    'entity.saveUbo': ({ caseId, uboId, body }) => {
      const id = ctx.cases.people.saveUbo(caseId, uboId, body);
      return { uboId: id, case: detail(ctx, caseId) };
    },
    'entity.removeUbo': ({ caseId, uboId }) => {
      ctx.cases.people.removeUbo(caseId, uboId);
      return detail(ctx, caseId);
    },
    'entity.uboPepConfirm': async ({ caseId, uboId, review, screening }) => {
      ctx.cases.people.uboPepConfirm(caseId, uboId, review, screening);
      await ctx.reviewRecords.made(caseId);
      return detail(ctx, caseId);
    },
    // A confirmation closes its owner's documents on the service: the review records being made
    // for the case join them first.
    'entity.uboConfirmDocs': async ({ caseId, uboId }) => {
      await ctx.reviewRecords.settled();
      ctx.cases.people.uboConfirmDocs(caseId, uboId);
      return detail(ctx, caseId);
    },
    'entity.saveOrganigram': ({ caseId, tree }) => {
      ctx.cases.entities.saveOrganigram(caseId, tree);
      return detail(ctx, caseId);
    },
    'entity.verifyOrganigram': async ({ caseId }) => {
      ctx.cases.entities.verifyOrganigram(caseId);
      await ctx.reviewRecords.made(caseId);
      return detail(ctx, caseId);
    },
    'entity.confirmShareholding': async ({ caseId }) => {
      ctx.cases.entities.confirmShareholding(caseId);
      await ctx.reviewRecords.made(caseId);
      return detail(ctx, caseId);
    },
    'entity.confirmDocs': async ({ caseId }) => {
      await ctx.reviewRecords.settled();
      ctx.cases.entities.confirmEntityDocs(caseId);
      return detail(ctx, caseId);
    },
    'entity.decide': ({ caseId, decision }) => {
      ctx.cases.entities.decideEntity(caseId, decision);
      return detail(ctx, caseId);
    },

    'individual.create': (input) => ({ caseId: ctx.cases.individuals.createIndividual(input) }),
    'individual.update': ({ caseId, changes }) => {
      ctx.cases.individuals.updateIndividual(caseId, changes);
      return detail(ctx, caseId);
    },
    'individual.runScreening': ({ caseId }) => {
      ctx.cases.individuals.runScreening(caseId);
      return detail(ctx, caseId);
    },
    'individual.runValidation': ({ caseId, overrides }) => {
      ctx.cases.individuals.runValidation(caseId, overrides);
      return detail(ctx, caseId);
    },
    'individual.pepDecision': async ({ caseId, ...decision }) => {
      ctx.cases.individuals.pepDecision(caseId, decision);
      await ctx.reviewRecords.made(caseId);
      return detail(ctx, caseId);
    },
    'individual.confirmDocs': async ({ caseId }) => {
      await ctx.reviewRecords.settled();
      ctx.cases.individuals.confirmIndividualDocs(caseId);
      return detail(ctx, caseId);
    },
    'individual.decide': ({ caseId, ...decision }) => {
      ctx.cases.individuals.decideIndividual(caseId, decision);
      return detail(ctx, caseId);
    },
    'individual.verifyBankAccount': async ({ caseId, request }) => {
      const answer = await ctx.bank.verify(caseId, request);
      await ctx.reviewRecords.made(caseId);
      return answer;
    },

    'documents.startDraft': ({ caseId, owner }) => ctx.drafts.start(caseId, owner),
    'documents.listDrafts': ({ caseId, owner }) => ctx.drafts.list(caseId, owner),
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
      ctx.readings.schedule(doc.id);
      const found = ctx.views.documentOf(doc.id);
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
    'identity.prepare': async () => {
      await ctx.prepareIdentityReading();
      return OK;
    },
    'identity.read': async ({ bytes }) => {
      const answer = await readIdentityForScreen(bytes, (image) => ctx.readIdentity(image));
      return { ...answer, strip: answer.strip && copy(answer.strip) };
    },
    'scanners.list': () => ctx.scans.list(),
    'scanners.preview': async (settings) => {
      const page = await ctx.scans.preview(settings);
      return { ...page, bytes: copy(page.bytes) };
    },
    'scanners.scan': ({ draftId, settings }) => ctx.scans.scan(draftId, settings),
    'scanners.cancel': ({ draftId }) => ({ cancelled: ctx.scans.cancel(draftId) }),
    'documents.remove': async ({ documentId }) => {
      const { vaultIdToPurge } = ctx.cases.documents.removeDocument(documentId);
      if (vaultIdToPurge) await ctx.vault.remove(vaultIdToPurge);
      // The case's items stopped behind a refused upload may go now.
      ctx.queue.pump();
      ctx.statusChanged();
      return OK;
    },

    'queue.list': (page) => ctx.queue.views(page),
    'queue.count': () => ({ total: ctx.queue.count() }),
    'queue.retry': ({ jobId }) => {
      if (!ctx.queue.retry(jobId)) throw new DeskError('not-found', 'This item is no longer in the queue.');
      return OK;
    },
    'queue.discard': ({ jobId }) => {
      const outcome = ctx.queue.discard(jobId);
      if ('refused' in outcome)
        throw new DeskError(
          outcome.refused.startsWith('This item is no longer') ? 'not-found' : 'conflict',
          outcome.refused,
        );
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

    'reports.get': ({ caseId, refresh }) => ctx.reports.get(caseId, refresh),

    'webhooks.list': () => ctx.needApi().listSubscriptions(),
    'webhooks.create': async (input) => {
      const created = await ctx.needApi().createSubscription(input);
      ctx.audit('webhook.create', null, `Webhook subscription ${created.id} created`);
      return created;
    },
    'webhooks.update': async ({ id, changes }) => {
      const updated = await ctx.needApi().updateSubscription(id, changes);
      ctx.audit('webhook.update', null, `Webhook subscription ${id} changed`);
      return updated;
    },
    'webhooks.remove': async ({ id }) => {
      await ctx.needApi().deleteSubscription(id);
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

    'desk.list': (query) => ctx.desk.list(query),
    'desk.open': ({ kind, serverId }) => ctx.desk.open({ kind, serverId }),
    'desk.take': ({ kind, serverId }) => ctx.desk.take({ kind, serverId }),

    // A case's trail (its environment checked by the guard), else the active environment's.
    'audit.list': ({ caseId }) =>
      historyOf(ctx.auditLog, caseId !== undefined ? { caseId } : { profileId: ctx.session.activeId ?? '' }),
  };
}

/** Archive refusals are for the person holding the archive: the message says what to do. */
function transferError(error: unknown): unknown {
  if (error instanceof ArchivePassphraseError || error instanceof ArchiveDamagedError)
    return new DeskError('refused', error.message);
  if (error instanceof NothingToExportError) return new DeskError('not-found', error.message);
  return error;
}
