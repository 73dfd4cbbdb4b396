// The environment profiles (chosen, saved, signed in) and the lookups of the active one.
import { DeskError } from '../../../../shared/ipc/errors.js';
import type { LookupBundle } from '../../../../shared/ipc/contract.js';
import type { Status } from '../../../../shared/ipc/model.js';
import type { ServiceClient } from '../../api/client.js';
import type { LookupService } from '../../cases/lookups.js';
import type { ProfileRepository } from '../../db/index.js';
import type { ProfileService } from '../../profiles/profile-service.js';
import type { Session } from '../../session.js';
import { OK, type HandlersOf } from './group.js';

export interface EnvironmentHandlerDeps {
  profiles: Pick<ProfileRepository, 'list'>;
  session: Pick<Session, 'view' | 'activeId'>;
  environments: ProfileService;
  lookups: Pick<LookupService, 'refresh'>;
  lookupBundle(): LookupBundle;
  /** The active environment's client; refused as offline when no environment is chosen. */
  needApi(): ServiceClient;
  status(): Status;
}

export function environmentHandlers(deps: EnvironmentHandlerDeps): HandlersOf<'profiles' | 'lookups'> {
  const { environments, session } = deps;
  return {
    'profiles.list': () => deps.profiles.list().map((p) => session.view(p)),
    'profiles.save': (input) => environments.save(input),
    'profiles.remove': async ({ id }) => {
      await environments.remove(id);
      return OK;
    },
    'profiles.activate': async ({ id, confirmLive }) => {
      await environments.switchTo(id, confirmLive);
      return deps.status();
    },
    'profiles.setCredentials': ({ profileId, clientId, clientSecret }) =>
      environments.signIn(profileId, clientId, clientSecret),
    'profiles.signOut': async ({ profileId }) => {
      await environments.signOut(profileId);
      return OK;
    },

    'lookups.get': () => deps.lookupBundle(),
    'lookups.refresh': async () => {
      const id = session.activeId;
      if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
      return deps.lookups.refresh(id, deps.needApi());
    },
  };
}
