// The desk's cases: the service's cases of this partner, opened to read or taken to work on here.
import type { DeskService } from '../../desk/desk-service.js';
import type { HandlersOf } from './group.js';

export interface DeskHandlerDeps {
  desk: Pick<DeskService, 'list' | 'open' | 'take'>;
}

export function deskHandlers({ desk }: DeskHandlerDeps): HandlersOf<'desk'> {
  return {
    'desk.list': (query) => desk.list(query),
    'desk.open': ({ kind, serverId }) => desk.open({ kind, serverId }),
    'desk.take': ({ kind, serverId }) => desk.take({ kind, serverId }),
  };
}
