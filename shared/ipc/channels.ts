// The names of the IPC contract and nothing else: what the sandboxed preload needs to expose
// window.desk. It carries no schema and no zod, so the preload bundle stays small; contract.ts
// defines each channel's schemas and is checked at compile time to have exactly these names.

export const CHANNEL_NAMES = [
  'app.info',
  'status.get',
  'staff.beginSignIn',
  'staff.cancelSignIn',
  'staff.known',
  'staff.unlock',
  'staff.setPassphrase',
  'staff.lock',
  'staff.signOut',
  'staff.activity',
  'profiles.list',
  'profiles.save',
  'profiles.remove',
  'profiles.activate',
  'profiles.setCredentials',
  'profiles.signOut',
  'lookups.get',
  'lookups.refresh',
  'settings.get',
  'settings.update',
  'cases.list',
  'cases.get',
  'cases.documents',
  'entity.create',
  'entity.saveKyb',
  'entity.sanctionsReview',
  'entity.saveUbo',
  'entity.removeUbo',
  'entity.uboPepConfirm',
  'entity.uboConfirmDocs',
  'entity.saveOrganigram',
  'entity.verifyOrganigram',
  'entity.confirmShareholding',
  'entity.confirmDocs',
  'entity.decide',
  'individual.create',
  'individual.update',
  'individual.runScreening',
  'individual.runValidation',
  'individual.pepDecision',
  'individual.confirmDocs',
  'individual.decide',
  'individual.verifyBankAccount',
  'documents.startDraft',
  'documents.listDrafts',
  'documents.addPages',
  'documents.updateDraft',
  'documents.pagePreview',
  'documents.keepPage',
  'documents.discardDraft',
  'documents.submitDraft',
  'documents.content',
  'documents.remove',
  'formDrafts.get',
  'formDrafts.save',
  'formDrafts.clear',
  'identity.prepare',
  'identity.read',
  'scanners.list',
  'scanners.preview',
  'scanners.scan',
  'scanners.cancel',
  'queue.list',
  'queue.count',
  'queue.retry',
  'queue.discard',
  'queue.pause',
  'queue.resume',
  'queue.sendNow',
  'reports.get',
  'webhooks.list',
  'webhooks.create',
  'webhooks.update',
  'webhooks.remove',
  'audit.list',
  'transfer.export',
  'transfer.import',
  'desk.list',
  'desk.open',
  'desk.take',
] as const;

export const EVENT_NAMES = [
  'status.changed',
  'queue.changed',
  'queue.progress',
  'case.changed',
  'scan.progress',
  'draft.changed',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && EVENTS.has(value);
}

/** A namespace keeps contract channels apart from anything Electron or a library might send. */
const INVOKE_PREFIX = 'desk:invoke:';
const EVENT_PREFIX = 'desk:event:';

/** The Electron IPC channel a contract channel is invoked on. */
export function invokeChannel(name: string): string {
  return `${INVOKE_PREFIX}${name}`;
}

/** The Electron IPC channel a contract event is sent on. */
export function eventChannel(name: string): string {
  return `${EVENT_PREFIX}${name}`;
}
