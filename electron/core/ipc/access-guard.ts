// Who may call what: every channel of the contract says here whether it needs nobody (signing in,
// the lock screen, choosing the environment to sign in to), a signed-in and unlocked person, or a
// role's act. A channel added to the contract without saying so does not compile. The change guard
// (change-guard.ts) then applies the case rules.
import type { ChannelName } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { StaffAct } from '../../../shared/domain/staff-roles.js';
import type { StaffSession } from '../staff/staff-session.js';
import { CHANNEL_CHANGES } from './change-guard.js';
import type { HandlerTable } from './dispatch.js';

/**
 * `open`: anyone at the screen; `signed-in`: a signed-in, unlocked person; an act: a person whose
 * roles allow it; `environment`: an administrator, or anyone while nobody has yet signed in to that
 * environment on this laptop (setting a new one up); `settings`: the theme is anyone's, the policies
 * (retention, idle lock, offline unlock) an administrator's.
 */
export type Access = 'open' | 'signed-in' | StaffAct | 'environment' | 'settings';

export const CHANNEL_ACCESS: Record<ChannelName, Access> = {
  'app.info': 'open',
  'status.get': 'open',
  'staff.beginSignIn': 'open',
  'staff.cancelSignIn': 'open',
  'staff.known': 'open',
  'staff.unlock': 'open',
  'staff.setPassphrase': 'signed-in',
  'staff.lock': 'open',
  'staff.signOut': 'open',
  'staff.activity': 'open',
  'profiles.list': 'open',
  // Each environment has its own identity provider: choosing where to sign in comes first.
  'profiles.activate': 'open',
  'profiles.save': 'environment',
  'profiles.remove': 'environment',
  'profiles.setCredentials': 'environment',
  'profiles.signOut': 'environment',
  // The theme follows the person at the screen before anyone signs in.
  'settings.get': 'open',
  'settings.update': 'settings',
  'lookups.get': 'signed-in',
  'lookups.refresh': 'signed-in',
  'cases.list': 'signed-in',
  'cases.get': 'signed-in',
  'cases.documents': 'signed-in',
  'entity.create': 'capture',
  'entity.saveKyb': 'capture',
  'entity.sanctionsReview': 'capture',
  'entity.saveUbo': 'capture',
  'entity.removeUbo': 'capture',
  'entity.uboPepConfirm': 'capture',
  'entity.uboConfirmDocs': 'capture',
  'entity.saveOrganigram': 'capture',
  'entity.verifyOrganigram': 'capture',
  'entity.confirmShareholding': 'capture',
  'entity.confirmDocs': 'capture',
  'entity.decide': 'decide',
  'individual.create': 'capture',
  'individual.update': 'capture',
  'individual.runScreening': 'capture',
  'individual.runValidation': 'capture',
  'individual.pepDecision': 'capture',
  'individual.confirmDocs': 'capture',
  'individual.decide': 'decide',
  'individual.verifyBankAccount': 'capture',
  'documents.startDraft': 'capture',
  'documents.listDrafts': 'signed-in',
  'documents.addPages': 'capture',
  'documents.updateDraft': 'capture',
  'documents.pagePreview': 'signed-in',
  'documents.keepPage': 'capture',
  'documents.discardDraft': 'capture',
  'documents.submitDraft': 'capture',
  'documents.content': 'signed-in',
  'documents.remove': 'capture',
  'formDrafts.get': 'signed-in',
  'formDrafts.save': 'signed-in',
  'formDrafts.clear': 'signed-in',
  'identity.prepare': 'capture',
  'identity.read': 'capture',
  'scanners.list': 'capture',
  'scanners.preview': 'capture',
  'scanners.scan': 'capture',
  'scanners.cancel': 'capture',
  'queue.list': 'signed-in',
  'queue.count': 'signed-in',
  'queue.retry': 'signed-in',
  'queue.discard': 'signed-in',
  'queue.pause': 'signed-in',
  'queue.resume': 'signed-in',
  'queue.sendNow': 'signed-in',
  'reports.get': 'signed-in',
  'webhooks.list': 'manage-webhooks',
  'webhooks.create': 'manage-webhooks',
  'webhooks.update': 'manage-webhooks',
  'webhooks.remove': 'manage-webhooks',
  'audit.list': 'signed-in',
  // The reviewer's desk: anyone signed in may look; taking a case for review is a reviewer's.
  'desk.list': 'signed-in',
  'desk.open': 'signed-in',
  'desk.take': 'decide',
  'transfer.export': 'capture',
  'transfer.import': 'capture',
};

export interface AccessDeps {
  staff: StaffSession;
  /** True once someone has signed in to this environment on this laptop. */
  environmentHasStaff: (profileId: string) => boolean;
  activeProfileId: () => string | null;
}

const POLICY_SETTINGS = ['retentionDays', 'idleLockMinutes', 'offlineUnlockDays', 'proofOfAddressMonths'];

function profileOf(channel: ChannelName, input: Record<string, unknown>, deps: AccessDeps): string | null {
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  if (channel === 'profiles.save') return text('id');
  if (channel === 'profiles.remove') return text('id');
  return text('profileId') ?? deps.activeProfileId();
}

/**
 * Throws unless the person at the screen may call `channel`. Runs on the input as it came, before
 * validation (dispatch.ts), so it reads only what it needs and trusts none of it.
 */
export function checkAccess(channel: ChannelName, input: unknown, deps: AccessDeps): void {
  const access = CHANNEL_ACCESS[channel];
  const fields: Record<string, unknown> =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  switch (access) {
    case 'open':
      return;
    case 'signed-in':
      deps.staff.require();
      return;
    case 'settings':
      if (Object.keys(fields).some((key) => POLICY_SETTINGS.includes(key)))
        deps.staff.require('manage-environments');
      return;
    case 'environment': {
      const profileId = profileOf(channel, fields, deps);
      // A new profile, or one nobody has signed in to here yet, is being set up.
      if (profileId === null || !deps.environmentHasStaff(profileId)) return;
      if (profileId !== deps.activeProfileId())
        throw new DeskError(
          'not-allowed',
          'Switch to this environment and sign in as its administrator to change it.',
        );
      deps.staff.require('manage-environments');
      return;
    }
    default:
      deps.staff.require(access);
  }
}

/**
 * The handler table behind `checkAccess` (dispatch.ts runs it first, on the raw input; here again on
 * the validated one, for callers of the table itself); changing calls also count as activity for
 * the idle lock.
 */
export function guardAccess(handlers: HandlerTable, deps: AccessDeps): HandlerTable {
  const guarded = { ...handlers } as Record<ChannelName, (input: unknown) => unknown>;
  for (const channel of Object.keys(CHANNEL_ACCESS) as ChannelName[]) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    guarded[channel] = (input: unknown) => {
      checkAccess(channel, input, deps);
      if (CHANNEL_CHANGES[channel] !== 'none') deps.staff.activity();
      return handler(input);
    };
  }
  return guarded as HandlerTable;
}
