// The schemas every answer from the core is checked against. Loaded on the first call rather than
// with the page (desk.ts): zod and its schemas would otherwise be evaluated before the first screen
// can ask for anything, while this way they load during the call's round trip.
import './zod-config.js';
import { DeskError } from '../../shared/ipc/desk-error.js';
import { DeskErrorBodySchema, IpcResultSchema } from '../../shared/ipc/errors.js';
import { UNREADABLE_ANSWER } from './ipc-checks-loader.js';

/** A decoded bridge answer's value when it is a well-formed success; a DeskError otherwise. */
export function ipcValue(decoded: unknown): unknown {
  const parsed = IpcResultSchema.safeParse(decoded);
  if (!parsed.success) throw new DeskError('internal', UNREADABLE_ANSWER);
  if (!parsed.data.ok) throw DeskError.fromBody(parsed.data.error);
  return parsed.data.value;
}

/** Any failure as a DeskError when it has a DeskError's shape (code, message, issues). */
export function asDeskError(error: unknown): unknown {
  if (error instanceof DeskError) return error;
  const body = DeskErrorBodySchema.safeParse(error);
  return body.success ? DeskError.fromBody(body.data) : error;
}
