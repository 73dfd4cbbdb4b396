// Electron cannot run here, so ipcMain, ipcRenderer and contextBridge are recorders: the one place
// fakes are right, because what is under test is which calls the wiring makes on them.
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../../shared/ipc/contract.js';
import { registerIpc, REFUSED_SENDER_MESSAGE, type InvokeEventLike } from '../../../electron/main/ipc.js';
import type { CoreLike } from '../../../electron/main/core-port.js';
import {
  createDeskApi,
  DESK_API_KEY,
  exposeDeskApi,
  type IpcRendererLike,
} from '../../../electron/preload/desk-api.js';
import { eventChannel, invokeChannel } from '../../../electron/security/ipc-wire.js';
import { DeskError, type IpcResult } from '../../../shared/ipc/errors.js';

type MainHandler = (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcResult>;
type RendererListener = (event: unknown, ...args: unknown[]) => void;

const appFrame = { url: 'app://fica-desk/index.html', parent: null };

/** A core that records calls and lets the test emit events. */
function recordingCore(
  answer: (channel: string, input: unknown) => IpcResult = () => ({ ok: true, value: { ok: true } }),
) {
  const calls: { channel: string; input: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const core: CoreLike = {
    async handle(channel, input) {
      calls.push({ channel, input });
      return answer(channel, input);
    },
    on(name, listener) {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    },
    shutdown: async () => undefined,
  };
  return { core, calls, listeners };
}

/** ipcMain and ipcRenderer joined in memory, as Electron joins them across processes. */
function linkedIpc() {
  const handlers = new Map<string, MainHandler>();
  const rendererListeners = new Map<string, Set<RendererListener>>();
  let senderFrame: InvokeEventLike['senderFrame'] = appFrame;
  const ipcMain = {
    handle(channel: string, listener: MainHandler) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      // Structured clone, as Electron does: nothing but data crosses.
      return structuredClone(await handler({ senderFrame }, ...structuredClone(args)));
    },
    on(channel, listener) {
      const set = rendererListeners.get(channel) ?? new Set();
      set.add(listener);
      rendererListeners.set(channel, set);
    },
    removeListener(channel, listener) {
      rendererListeners.get(channel)?.delete(listener);
    },
  };
  const webContents = {
    isDestroyed: () => false,
    send(channel: string, payload: unknown) {
      const ipcEvent = { sender: 'the ipcRenderer itself', senderId: 0 };
      for (const listener of rendererListeners.get(channel) ?? [])
        listener(ipcEvent, structuredClone(payload));
    },
  };
  return {
    ipcMain,
    ipcRenderer,
    webContents,
    handlers,
    rendererListeners,
    setSenderFrame: (frame: InvokeEventLike['senderFrame']) => (senderFrame = frame),
  };
}

function wire(answer?: (channel: string, input: unknown) => IpcResult) {
  const ipc = linkedIpc();
  const core = recordingCore(answer);
  const refused: string[] = [];
  const crashes: string[] = [];
  registerIpc({
    ipcMain: ipc.ipcMain,
    core: core.core,
    channelNames: CHANNEL_NAMES,
    eventNames: EVENT_NAMES,
    target: () => ipc.webContents,
    onRefused: (channel) => refused.push(channel),
    onInternalError: (channel) => crashes.push(channel),
  });
  const desk = createDeskApi(ipc.ipcRenderer, { channelNames: CHANNEL_NAMES, eventNames: EVENT_NAMES });
  return { ...ipc, ...core, desk, refused, crashes };
}

describe('IPC wiring from the contract', () => {
  it('registers exactly one main handler per contract channel and subscribes to every contract event', () => {
    const { handlers, listeners } = wire();
    expect([...handlers.keys()].sort()).toStrictEqual(CHANNEL_NAMES.map(invokeChannel).sort());
    expect([...listeners.keys()].sort()).toStrictEqual([...EVENT_NAMES].sort());
  });

  it('lets the preload reach every contract channel, and the core receives name and input', async () => {
    const { desk, calls } = wire((channel) => ({ ok: true, value: { answered: channel } }));
    for (const name of CHANNEL_NAMES) {
      const input = { probe: name };
      // Inputs are the core's to validate; the wiring passes them through untouched.
      await expect(desk.invoke(name, input as never)).resolves.toStrictEqual({ answered: name });
    }
    expect(calls).toStrictEqual(CHANNEL_NAMES.map((name) => ({ channel: name, input: { probe: name } })));
  });

  it('delivers every contract event to preload listeners as the payload alone, until unsubscribed', () => {
    const { desk, listeners, rendererListeners } = wire();
    for (const name of EVENT_NAMES) {
      const received: unknown[][] = [];
      const unsubscribe = desk.on(name, (...args: unknown[]) => received.push(args));
      listeners.get(name)?.({ event: name });
      expect(received).toStrictEqual([[{ event: name }]]);
      unsubscribe();
      unsubscribe();
      listeners.get(name)?.({ event: name });
      expect(received).toHaveLength(1);
      expect(rendererListeners.get(eventChannel(name))?.size ?? 0).toBe(0);
    }
  });

  it('refuses unknown channels and events in the preload, before anything crosses', async () => {
    const { desk, calls } = wire();
    const loose = desk as unknown as {
      invoke(c: unknown, i: unknown): Promise<unknown>;
      on(e: unknown, h: unknown): unknown;
    };
    for (const name of ['shell.openExternal', '__proto__', 'constructor', invokeChannel('cases.list'), 42]) {
      await expect(loose.invoke(name, {})).rejects.toMatchObject({ code: 'unknown-channel' });
    }
    expect(() => loose.on('ipc-message', () => undefined)).toThrow('Unknown event');
    expect(() => loose.on(EVENT_NAMES[0], 'not a function')).toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });

  it('has no main handler for a channel outside the contract', async () => {
    const { ipcRenderer } = wire();
    await expect(ipcRenderer.invoke(invokeChannel('debug.eval'), {})).rejects.toThrow(
      'No handler registered',
    );
  });

  it.each([
    ['a subframe', { url: 'app://fica-desk/index.html', parent: {} }],
    ['another origin', { url: 'https://evil.example/', parent: null }],
    ['a file:// page', { url: 'file:///tmp/index.html', parent: null }],
    ['a destroyed frame', null],
    [
      'a disposed frame that throws when read',
      {
        get url(): string {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed');
        },
        parent: null,
      },
    ],
  ])('refuses calls from %s without reaching the core', async (_label, frame) => {
    const { desk, calls, setSenderFrame, refused } = wire();
    setSenderFrame(frame);
    await expect(desk.invoke('cases.list', {})).rejects.toStrictEqual({
      code: 'not-allowed',
      message: REFUSED_SENDER_MESSAGE,
    });
    expect(calls).toHaveLength(0);
    expect(refused).toStrictEqual(['cases.list']);
  });

  it('refuses a call carrying more than the one input argument', async () => {
    const { ipcRenderer, calls } = wire();
    const result = await ipcRenderer.invoke(invokeChannel('cases.list'), {}, 'extra');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(calls).toHaveLength(0);
  });

  it('rejects with the core’s error body intact, so the renderer can rebuild the DeskError', async () => {
    const body = {
      code: 'invalid-input' as const,
      message: 'Some fields need attention.',
      issues: [{ path: 'kyb.registrationNumber', message: 'Required' }],
    };
    const { desk } = wire(() => ({ ok: false, error: body }));
    const failure = await desk.invoke('cases.get', { caseId: 'c1' }).catch((error: unknown) => error);
    // A plain object, because contextBridge would keep only an Error's message.
    expect(failure).toStrictEqual(body);
    expect(DeskError.fromBody(body).issues).toStrictEqual(body.issues);
  });

  it('turns a core that throws into an internal error without its details', async () => {
    const { desk, crashes } = wire(() => {
      throw new Error('SQLITE_CORRUPT at /home/clerk/.config/FICA Desk/desk.db');
    });
    const failure = await desk.invoke('cases.list', {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'internal' });
    expect(JSON.stringify(failure)).not.toContain('SQLITE');
    expect(crashes).toStrictEqual(['cases.list']);
  });

  it('refuses an answer that is not an IpcResult', async () => {
    const ipc = linkedIpc();
    const desk = createDeskApi(
      { ...ipc.ipcRenderer, invoke: async () => ({ value: 'no ok flag' }) },
      { channelNames: CHANNEL_NAMES, eventNames: EVENT_NAMES },
    );
    await expect(desk.invoke('cases.list', {})).rejects.toMatchObject({ code: 'internal' });
  });

  it('exposes window.desk through contextBridge under one key, with invoke and on only', () => {
    const exposed: [string, unknown][] = [];
    const { ipcRenderer } = linkedIpc();
    exposeDeskApi({ exposeInMainWorld: (key, api) => exposed.push([key, api]) }, ipcRenderer, {
      channelNames: CHANNEL_NAMES,
      eventNames: EVENT_NAMES,
    });
    expect(exposed).toHaveLength(1);
    const [key, api] = exposed[0] ?? [];
    expect(key).toBe(DESK_API_KEY);
    expect(Object.keys(api as object).sort()).toStrictEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
  });
});
