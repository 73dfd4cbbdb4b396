// The active environment's lookups (document types, countries, the partner): as kept, or read
// again from the service.
import { DeskError } from '../../../../shared/ipc/errors.js';
import type { LookupBundle } from '../../../../shared/ipc/contract.js';
import type { ServiceClient } from '../../api/client.js';
import type { LookupService } from '../../cases/lookups.js';
import type { HandlersOf } from './group.js';

export interface LookupHandlerDeps {
  lookups: Pick<LookupService, 'refresh'>;
  lookupBundle(): LookupBundle;
  activeProfileId(): string | null;
  /** The active environment's client; refused as offline when no environment is chosen. */
  needApi(): ServiceClient;
}

export function lookupHandlers(deps: LookupHandlerDeps): HandlersOf<'lookups'> {
  return {
    'lookups.get': () => deps.lookupBundle(),
    'lookups.refresh': async () => {
      const id = deps.activeProfileId();
      if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
      return deps.lookups.refresh(id, deps.needApi());
    },
  };
}
