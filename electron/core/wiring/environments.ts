// The environment profiles (profiles/profile-service.ts): chosen, signed in, restored at start.
import type { KeychainChoice } from '../keychain/development-keychain.js';
import { keychainKind } from '../keychain/development-keychain.js';
import { ProfileService } from '../profiles/profile-service.js';
import type { CoreBase } from './core-base.js';

export function wireEnvironments(
  base: CoreBase,
  keychain: KeychainChoice,
  sendNow: () => void,
): ProfileService {
  const { profiles, session, credentials, tokens, connectivity, scope, lookups, audit, bus, log } = base;
  return new ProfileService({
    profiles,
    settings: base.settingsRepo,
    session,
    credentials,
    tokens,
    connectivity,
    scope,
    lookups,
    keychain: keychainKind(keychain),
    sendNow,
    audit,
    statusChanged: () => bus.emit('status.changed'),
    activated: () => bus.emit('environment.activated'),
    forgetStaff: (profileId) => base.staffAccounts.forgetProfile(profileId),
    log,
  });
}
