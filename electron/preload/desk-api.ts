// Builds window.desk from the contract's names. Only contract channels cross (anything else is
// refused here, before IPC), listeners get the payload alone (never the IpcRendererEvent, whose
// `sender` would hand the page an ipcRenderer), and every subscription can be undone.
import type { ChannelName, DeskApi, EventName } from '../../shared/ipc/contract.js';
import { eventChannel, invokeChannel, isInvokeResult } from '../security/ipc-wire.js';

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

export function createDeskApi(ipc: IpcRendererLike, names: DeskApiNames): DeskApi {
  const channels = new Set<string>(names.channelNames);
  const events = new Set<string>(names.eventNames);

  const invoke = async (channel: string, input: unknown): Promise<unknown> => {
    if (typeof channel !== 'string' || !channels.has(channel)) {
      throw new Error(`Unknown channel: ${String(channel)}`);
    }
    const result = await ipc.invoke(invokeChannel(channel), input);
    if (!isInvokeResult(result)) throw new Error(`Malformed answer on ${channel}`);
    if (result.ok) return result.value;
    const error = new Error(result.error.message);
    error.name = result.error.name;
    throw error;
  };

  const on = (event: string, handler: (payload: unknown) => void): (() => void) => {
    if (typeof event !== 'string' || !events.has(event)) throw new Error(`Unknown event: ${String(event)}`);
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

  // The generic signatures of DeskApi are a compile-time promise; at run time both functions are
  // name-checked and untyped, which is what crosses the bridge.
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
