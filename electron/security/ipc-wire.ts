// How contract names map to Electron IPC channel names. Shared by main and preload so both sides
// derive the same channels from the same contract; answers travel as shared/ipc's IpcResult.

/** A namespace keeps contract channels apart from anything Electron or a library might send. */
const INVOKE_PREFIX = 'desk:invoke:';
const EVENT_PREFIX = 'desk:event:';

export function invokeChannel(name: string): string {
  return `${INVOKE_PREFIX}${name}`;
}

export function eventChannel(name: string): string {
  return `${EVENT_PREFIX}${name}`;
}
