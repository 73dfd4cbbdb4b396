// Builds window.desk from the contract's names. Only contract channels cross (anything else is
// refused here, before IPC), listeners get the payload alone (never the IpcRendererEvent, whose
// `sender` would hand the page an ipcRenderer), and every subscription can be undone.
// It imports channel names only (shared/ipc/channels.ts): no schema and no zod in the preload. The
// renderer checks every answer against the contract's schemas in its own realm.
import { eventChannel, invokeChannel, type ChannelName, type EventName } from '../../shared/ipc/channels.js';

/** What crosses the bridge: name-checked, untyped; the renderer's wrapper adds the contract's types. */
export interface PreloadDeskApi {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, handler: (payload: unknown) => void): () => void;
}

/** The error body of an IpcResult ({ code, message, issues? }). */
interface DeskErrorBody {
  code: string;
  message: string;
  issues?: unknown;
}

/** The ipcRenderer members the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export interface DeskApiNames {
  channelNames: readonly ChannelName[];
  eventNames: readonly EventName[];
}

/**
 * Failures reject with the plain DeskErrorBody ({ code, message, issues? }), not an Error:
 * contextBridge keeps only the message of an Error, and forms need the code and field issues. The
 * renderer turns the body back into a DeskError in its own realm (DeskError.fromBody).
 */
const reject = (body: DeskErrorBody): Promise<never> => Promise.reject(body);

/** An IpcResult as the core sends it: `{ ok: true, value }` or `{ ok: false, error: { code, message } }`. */
function readResult(
  answer: unknown,
): { ok: true; value: unknown } | { ok: false; error: DeskErrorBody } | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const result = answer as { ok?: unknown; value?: unknown; error?: unknown };
  if (result.ok === true) return { ok: true, value: result.value };
  const error = result.error as { code?: unknown; message?: unknown } | undefined;
  if (result.ok === false && typeof error?.code === 'string' && typeof error.message === 'string')
    return { ok: false, error: result.error as DeskErrorBody };
  return null;
}

export function createDeskApi(ipc: IpcRendererLike, names: DeskApiNames): PreloadDeskApi {
  const channels = new Set<string>(names.channelNames);
  const events = new Set<string>(names.eventNames);

  const invoke = async (channel: string, input: unknown): Promise<unknown> => {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      return reject({
        code: 'unknown-channel',
        message: `Unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`,
      });
    }
    const result = readResult(await ipc.invoke(invokeChannel(channel), input));
    if (!result)
      return reject({ code: 'internal', message: 'The app answered with something it could not read.' });
    if (result.ok) return result.value;
    return reject(result.error);
  };

  const on = (event: string, handler: (payload: unknown) => void): (() => void) => {
    if (typeof event !== 'string' || !events.has(event)) throw new Error(`Unknown event ${String(event)}`);
    if (typeof handler !== 'function') throw new TypeError('A listener function is required');
    const listener = (_event: unknown, payload: unknown) => handler(payload);
    const channel = eventChannel(event);
    ipc.on(channel, listener);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(channel, listener);
    };
  };

  return Object.freeze({ invoke, on });
}

/** The contextBridge member the preload uses. */
export interface ContextBridgeLike {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

export const DESK_API_KEY = 'desk';

export function exposeDeskApi(bridge: ContextBridgeLike, ipc: IpcRendererLike, names: DeskApiNames): void {
  bridge.exposeInMainWorld(DESK_API_KEY, createDeskApi(ipc, names));
}
