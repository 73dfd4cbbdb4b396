// One load of ipc-checks.ts for the whole page, started by the first call to the core.
import { DeskError } from '../../shared/ipc/desk-error.js';
import type * as IpcChecks from './ipc-checks.js';

/** What a person reads when an answer from the core is not well-formed. */
export const UNREADABLE_ANSWER = 'The app answered with something it could not read.';

let loading: Promise<typeof IpcChecks> | null = null;

/** The checks; when their code cannot be fetched, a DeskError a person can act on. */
export function ipcChecks(): Promise<typeof IpcChecks> {
  loading ??= import('./ipc-checks.js').catch(() => {
    // The host went away for a moment, or an update replaced the chunk: the next call tries again.
    loading = null;
    throw new DeskError('internal', 'Part of FICA Desk could not be loaded. Reload the page to try again.');
  });
  return loading;
}
