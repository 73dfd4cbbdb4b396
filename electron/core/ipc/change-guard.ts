// The one gate every changing IPC channel passes through before its handler runs, after the access
// guard (access-guard.ts) has checked who is signed in: a change needs the person acting, and a
// decided case (Approved or Declined) takes no change at all. Each channel of the contract says here what it changes, so a channel added
// to the contract without saying so does not compile.
import type { ChannelName } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { CaseStore } from '../cases/case-store.js';
import { finalityOf, maySend, refusalMessage } from '../cases/finality.js';
import type { JobStore } from '../jobs/job-store.js';
import type { HandlerTable } from './dispatch.js';

/**
 * What a channel changes: nothing of a case (`none`), a new case (`new-case`), or the case named by
 * its input's `caseId`, or by the case of its `draftId`, `documentId` or queued `jobId`.
 */
export type ChangeTarget = 'none' | 'new-case' | 'case' | 'draft' | 'document' | 'job';

export const CHANNEL_CHANGES: Record<ChannelName, ChangeTarget> = {
  'app.info': 'none',
  'status.get': 'none',
  'staff.beginSignIn': 'none',
  'staff.cancelSignIn': 'none',
  'staff.known': 'none',
  'staff.unlock': 'none',
  'staff.setPassphrase': 'none',
  'staff.lock': 'none',
  'staff.signOut': 'none',
  'staff.activity': 'none',
  'profiles.list': 'none',
  'profiles.save': 'none',
  'profiles.remove': 'none',
  'profiles.activate': 'none',
  'profiles.setCredentials': 'none',
  'profiles.signOut': 'none',
  'lookups.get': 'none',
  'lookups.refresh': 'none',
  'settings.get': 'none',
  'settings.update': 'none',
  'cases.list': 'none',
  'cases.get': 'none',
  'cases.documents': 'none',
  'entity.create': 'new-case',
  'entity.saveKyb': 'case',
  'entity.sanctionsReview': 'case',
  'entity.saveUbo': 'case',
  'entity.removeUbo': 'case',
  'entity.uboPepConfirm': 'case',
  'entity.uboConfirmDocs': 'case',
  'entity.saveOrganigram': 'case',
  'entity.verifyOrganigram': 'case',
  'entity.confirmShareholding': 'case',
  'entity.confirmDocs': 'case',
  'entity.decide': 'case',
  'individual.create': 'new-case',
  'individual.update': 'case',
  'individual.runScreening': 'case',
  'individual.runValidation': 'case',
  'individual.pepDecision': 'case',
  'individual.confirmDocs': 'case',
  'individual.decide': 'case',
  'individual.verifyBankAccount': 'case',
  'documents.startDraft': 'case',
  'documents.addPages': 'draft',
  'documents.updateDraft': 'draft',
  'documents.keepPage': 'draft',
  // Reading a page or the drafts, or throwing away an unsent draft, changes nothing the service holds.
  'documents.listDrafts': 'none',
  'documents.pagePreview': 'none',
  'documents.discardDraft': 'none',
  'documents.submitDraft': 'draft',
  'documents.content': 'none',
  'documents.remove': 'document',
  // Looking for scanners, a preview and stopping a scan change nothing; a scan adds pages to a draft.
  // Drafts stay on this laptop; keeping one for a decided case is refused by the drafts themselves.
  'formDrafts.get': 'none',
  'formDrafts.save': 'none',
  'formDrafts.clear': 'none',
  'identity.prepare': 'none',
  'identity.read': 'none',
  'scanners.list': 'none',
  'scanners.preview': 'none',
  'scanners.scan': 'draft',
  'scanners.cancel': 'none',
  'queue.list': 'none',
  'queue.count': 'none',
  'queue.retry': 'job',
  // Discarding is how a person clears work that was stopped; it asks for confirmation.
  'queue.discard': 'none',
  'queue.pause': 'none',
  'queue.resume': 'none',
  'queue.sendNow': 'none',
  // Fetching and caching the report changes nothing of the case.
  'reports.get': 'none',
  'webhooks.list': 'none',
  'webhooks.create': 'none',
  'webhooks.update': 'none',
  'webhooks.remove': 'none',
  'audit.list': 'none',
  'transfer.export': 'none',
  // Imported cases are new here, and someone has to be the person bringing them in.
  'transfer.import': 'new-case',
  // The desk reads the service's cases into cases here and changes nothing on the service; what is
  // then done to such a case goes through the case's own channels and this guard.
  'desk.list': 'none',
  'desk.open': 'none',
  'desk.take': 'none',
};

export interface GuardDeps {
  store: Pick<CaseStore, 'cases' | 'documents' | 'drafts'>;
  jobs: JobStore;
  actingUserId: () => string | null;
}

export const NO_ACTOR_MESSAGE =
  'Sign in first: every change is recorded and sent under the person who made it.';

/** The case a changing call is about, or null when it names none that exists (the handler says so). */
function caseIdOf(target: ChangeTarget, input: Record<string, unknown>, deps: GuardDeps): string | null {
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  switch (target) {
    case 'case':
      return text('caseId');
    case 'draft': {
      const id = text('draftId');
      return id ? (deps.store.drafts.getDraft(id)?.caseId ?? null) : null;
    }
    case 'document': {
      const id = text('documentId');
      return id ? (deps.store.documents.getDocument(id)?.caseId ?? null) : null;
    }
    case 'job': {
      const id = text('jobId');
      return id ? (deps.jobs.get(id)?.caseId ?? null) : null;
    }
    default:
      return null;
  }
}

/** Throws the DeskError that refuses a change, or returns when it may go ahead. */
export function checkChange(channel: ChannelName, input: unknown, deps: GuardDeps): void {
  const target = CHANNEL_CHANGES[channel];
  if (target === 'none') return;
  if (!deps.actingUserId()) throw new DeskError('not-allowed', NO_ACTOR_MESSAGE);
  const fields = (input ?? {}) as Record<string, unknown>;
  const caseId = caseIdOf(target, fields, deps);
  const c = caseId ? deps.store.cases.getCase(caseId) : null;
  if (!c) return;
  const final = finalityOf(c);
  if (!final) return;
  if (target === 'job') {
    const job = deps.jobs.get(fields.jobId as string);
    if (!job || maySend(c, job.payload)) return;
    throw new DeskError(
      'not-allowed',
      `${refusalMessage(c.title, final.decision)} This stopped item can only be discarded.`,
    );
  }
  throw new DeskError('not-allowed', refusalMessage(c.title, final.decision));
}

/** The handler table with every changing channel behind `checkChange`. */
export function guardHandlers(handlers: HandlerTable, deps: GuardDeps): HandlerTable {
  const guarded = { ...handlers } as Record<ChannelName, (input: unknown) => unknown>;
  for (const channel of Object.keys(CHANNEL_CHANGES) as ChannelName[]) {
    if (CHANNEL_CHANGES[channel] === 'none') continue;
    const handler = handlers[channel] as (input: unknown) => unknown;
    guarded[channel] = (input: unknown) => {
      checkChange(channel, input, deps);
      return handler(input);
    };
  }
  return guarded as HandlerTable;
}
