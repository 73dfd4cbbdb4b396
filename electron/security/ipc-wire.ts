// How contract calls travel over Electron IPC. Shared by main and preload so both sides derive the
// same IPC channel names from the same contract names.

/** A namespace keeps contract channels apart from anything Electron or a library might send. */
const INVOKE_PREFIX = 'desk:invoke:';
const EVENT_PREFIX = 'desk:event:';

export function invokeChannel(name: string): string {
  return `${INVOKE_PREFIX}${name}`;
}

export function eventChannel(name: string): string {
  return `${EVENT_PREFIX}${name}`;
}

/**
 * What an invoke returns. Electron would turn a thrown error into "Error invoking remote method
 * ...: Error: ...", losing the core's message and name; the envelope carries them intact.
 */
export type InvokeResult =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; code?: string } };

export function toErrorResult(error: unknown): InvokeResult {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      error: {
        name: error.name,
        message: error.message,
        ...(typeof code === 'string' ? { code } : {}),
      },
    };
  }
  return { ok: false, error: { name: 'Error', message: String(error) } };
}

export function isInvokeResult(value: unknown): value is InvokeResult {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  if (ok === true) return 'value' in value;
  if (ok !== false) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { name?: unknown }).name === 'string'
  );
}
