// The person who acts at this desk, signed in at the active environment's identity provider.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { Settings } from '../../../shared/ipc/model.js';
import type { LookupService } from '../cases/lookups.js';
import { issuerUrlOf } from '../db/index.js';
import type { CoreBus } from '../events.js';
import type { Session } from '../session.js';
import { beginIdentityProviderSignIn } from './identity-provider-sign-in.js';
import type { StaffAccounts } from './staff-accounts.js';
import { StaffSession } from './staff-session.js';

export interface DeskStaffDeps {
  accounts: StaffAccounts;
  session: Session;
  lookups: LookupService;
  settings: () => Settings;
  openBrowser?: (url: string) => Promise<void>;
  audit: (action: string, userId: string, detail: string) => void;
  bus: CoreBus;
}

export function deskStaffSession({
  accounts,
  session,
  lookups,
  settings,
  openBrowser,
  audit,
  bus,
}: DeskStaffDeps) {
  return new StaffSession({
    accounts,
    activeProfile: () => session.activeProfile(),
    beginSignIn: () => {
      const profile = session.activeProfile();
      if (!profile) throw new DeskError('not-allowed', 'Choose an environment before signing in.');
      return beginIdentityProviderSignIn(issuerUrlOf(profile));
    },
    partnerId: async () => {
      const profileId = session.activeId;
      const api = session.api();
      if (!profileId || !api) return lookups.current(profileId).partner?.id ?? null;
      return lookups.partnerOf(profileId, api).catch(() => null);
    },
    policy: () => settings(),
    openBrowser,
    audit,
    changed: () => bus.emit('status.changed'),
  });
}
