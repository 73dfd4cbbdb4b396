// The IPC result envelope checked without zod: the renderer's first screen reads every answer
// through these before zod has loaded (zod and the schemas cost ~100 ms of evaluation at start).
// They accept exactly what errors.ts's IpcResultSchema and DeskErrorBodySchema accept; a unit test
// holds the two to the same answers.
import { DESK_ERROR_CODES } from './desk-error.js';
import type { DeskErrorBody, IpcResult } from './errors.js';

const CODES: ReadonlySet<string> = new Set(DESK_ERROR_CODES);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): boolean =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

export function isDeskErrorBody(value: unknown): value is DeskErrorBody {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    CODES.has(value.code) &&
    typeof value.message === 'string' &&
    (value.issues === undefined || (Array.isArray(value.issues) && value.issues.every(isIssue)))
  );
}

export function isIpcResult(value: unknown): value is IpcResult {
  if (!isRecord(value)) return false;
  if (value.ok === true) return 'value' in value;
  return value.ok === false && isDeskErrorBody(value.error);
}
