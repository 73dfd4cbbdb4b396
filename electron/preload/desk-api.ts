// Builds window.desk from the contract's names. Only contract channels cross (anything else is
// refused here, before IPC), listeners get the payload alone (never the IpcRendererEvent, whose
// `sender` would hand the page an ipcRenderer), and every subscription can be undone.
import type { ChannelName, DeskApi, EventName } from '../../shared/ipc/contract.js';
import { IpcResultSchema, type DeskErrorBody } from '../../shared/ipc/errors.js';
import { eventChannel, invokeChannel } from '../security/ipc-wire.js';

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

export function createDeskApi(ipc: IpcRendererLike, names: DeskApiNames): DeskApi {
  const channels = new Set<string>(names.channelNames);
  const events = new Set<string>(names.eventNames);

  const invoke = async (channel: string, input: unknown): Promise<unknown> => {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      return reject({
        code: 'unknown-channel',
        message: `Unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`,
      });
    }
    const parsed = IpcResultSchema.safeParse(await ipc.invoke(invokeChannel(channel), input));
    if (!parsed.success)
      return reject({ code: 'internal', message: 'The app answered with something it could not read.' });
    if (parsed.data.ok) return parsed.data.value;
    return reject(parsed.data.error);
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

  // DeskApi's generic signatures are a compile-time promise; at run time both functions are
  // name-checked and untyped, which is all that crosses the bridge.
  return Object.freeze({ invoke, on }) as DeskApi;
}

/** The contextBridge member the preload uses. */
export interface ContextBridgeLike {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

export const DESK_API_KEY = 'desk';

export function exposeDeskApi(bridge: ContextBridgeLike, ipc: IpcRendererLike, names: DeskApiNames): void {
  bridge.exposeInMainWorld(DESK_API_KEY, createDeskApi(ipc, names));
}
