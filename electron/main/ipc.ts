// ipcMain wiring generated from the contract: one handler per contract channel, each refusing
// senders that are not the app's top frame, and one forwarder per contract event. Written against
// the few ipcMain/webContents members it uses, so the registration is testable with recorders.
import type { CoreLike } from './core-port.js';
import { isTrustedSender } from '../security/ipc-sender.js';
import { eventChannel, invokeChannel, toErrorResult, type InvokeResult } from '../security/ipc-wire.js';

/** The part of IpcMainInvokeEvent the handler reads. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<InvokeResult>,
  ): void;
}

export interface EventTargetLike {
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainLike;
  core: CoreLike;
  channelNames: readonly string[];
  eventNames: readonly string[];
  /** The window's webContents when there is one; events are dropped while there is none. */
  target: () => EventTargetLike | null;
  /** Where refused calls are reported (never the payload: it may hold client details). */
  onRefused?: (channel: string, senderUrl: string | null) => void;
}

export const REFUSED_SENDER_MESSAGE = 'This request did not come from FICA Desk and was refused.';

export function registerIpc(options: RegisterIpcOptions): void {
  const { ipcMain, core } = options;
  for (const name of options.channelNames) {
    ipcMain.handle(invokeChannel(name), async (event, ...args) => {
      const frame = event.senderFrame;
      const facts = frame ? { url: frame.url, isMainFrame: frame.parent === null } : null;
      if (!isTrustedSender(facts)) {
        options.onRefused?.(name, frame?.url ?? null);
        return { ok: false, error: { name: 'ForbiddenSender', message: REFUSED_SENDER_MESSAGE } };
      }
      // One argument exactly: the preload sends (input); extra arguments mean someone else sent it.
      if (args.length !== 1) {
        return { ok: false, error: { name: 'BadRequest', message: 'Expected exactly one input.' } };
      }
      try {
        // The core validates the input against the contract's schema before acting on it.
        const value = await core.handle(name, args[0], { shell: 'electron', senderUrl: frame?.url ?? '' });
        return { ok: true, value };
      } catch (error) {
        return toErrorResult(error);
      }
    });
  }
  for (const name of options.eventNames) {
    core.events.on(name, (payload) => {
      const target = options.target();
      if (target && !target.isDestroyed()) target.send(eventChannel(name), payload);
    });
  }
}
