// The work waiting to be sent (listed, retried, discarded, paused, sent now) and the unsent work
// carried to another laptop in an archive.
import { DeskError } from '../../../../shared/ipc/errors.js';
import type { Status } from '../../../../shared/ipc/model.js';
import type { SyncQueue } from '../../sync/queue.js';
import { ArchiveDamagedError, ArchivePassphraseError } from '../../transfer/archive-crypto.js';
import { NothingToExportError, type UnsentWorkTransfer } from '../../transfer/unsent-work.js';
import { OK, type HandlersOf } from './group.js';

export interface QueueHandlerDeps {
  queue: Pick<SyncQueue, 'views' | 'count' | 'retry' | 'discard' | 'pause' | 'resume' | 'sendNow'>;
  transfer: Pick<UnsentWorkTransfer, 'export' | 'import'>;
  status(): Status;
  statusChanged(): void;
}

export function queueHandlers(deps: QueueHandlerDeps): HandlersOf<'queue' | 'transfer'> {
  const { queue, transfer } = deps;
  const changed = () => {
    deps.statusChanged();
    return deps.status();
  };
  return {
    'queue.list': (page) => queue.views(page),
    'queue.count': () => ({ total: queue.count() }),
    'queue.retry': ({ jobId }) => {
      if (!queue.retry(jobId)) throw new DeskError('not-found', 'This item is no longer in the queue.');
      return OK;
    },
    'queue.discard': ({ jobId }) => {
      const outcome = queue.discard(jobId);
      if ('refused' in outcome)
        throw new DeskError(
          outcome.refused.startsWith('This item is no longer') ? 'not-found' : 'conflict',
          outcome.refused,
        );
      deps.statusChanged();
      return OK;
    },
    'queue.pause': () => {
      queue.pause();
      return changed();
    },
    'queue.resume': () => {
      queue.resume();
      return changed();
    },
    'queue.sendNow': () => {
      queue.sendNow();
      return changed();
    },

    'transfer.export': async ({ passphrase }) => {
      try {
        const result = await transfer.export(passphrase);
        const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
        return { ...result, filename: `fica-desk-unsent-work-${stamp}.fdxa` };
      } catch (error) {
        throw transferError(error);
      }
    },
    'transfer.import': async ({ bytes, passphrase }) => {
      try {
        return await transfer.import(bytes, passphrase);
      } catch (error) {
        throw transferError(error);
      }
    },
  };
}

/** Archive refusals are for the person holding the archive: the message says what to do. */
function transferError(error: unknown): unknown {
  if (error instanceof ArchivePassphraseError || error instanceof ArchiveDamagedError)
    return new DeskError('refused', error.message);
  if (error instanceof NothingToExportError) return new DeskError('not-found', error.message);
  return error;
}
