// The environment profiles: listed, saved, removed, chosen, signed in and out.
import type { Status } from '../../../../shared/ipc/model.js';
import type { ProfileRepository } from '../../db/index.js';
import type { ProfileService } from '../../profiles/profile-service.js';
import type { Session } from '../../session.js';
import { OK, type HandlersOf } from './group.js';

export interface EnvironmentHandlerDeps {
  profiles: Pick<ProfileRepository, 'list'>;
  session: Pick<Session, 'view'>;
  environments: ProfileService;
  status(): Status;
}

export function environmentHandlers(deps: EnvironmentHandlerDeps): HandlersOf<'profiles'> {
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
  };
}
