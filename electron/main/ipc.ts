// ipcMain wiring generated from the contract: one handler per contract channel, each refusing
// senders that are not the app's top frame, and one forwarder per contract event. Written against
// the few ipcMain/webContents members it uses, so the registration is testable with recorders.
import type { DeskErrorBody, IpcResult } from '../../shared/ipc/errors.js';
import type { CoreLike } from './core-port.js';
import { isTrustedSender } from '../security/ipc-sender.js';
import { eventChannel, invokeChannel } from '../security/ipc-wire.js';

/** The part of IpcMainInvokeEvent the handler reads. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcResult>): void;
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
  /** Where refused calls and core crashes are reported (never the input: it holds client details). */
  onRefused?: (channel: string, senderUrl: string | null) => void;
  onInternalError?: (channel: string, error: unknown) => void;
}

export const REFUSED_SENDER_MESSAGE = 'This request did not come from FICA Desk and was refused.';

const failure = (error: DeskErrorBody): IpcResult => ({ ok: false, error });

/** Reading a disposed WebFrameMain throws; such a sender is simply not trusted. */
function describeSender(frame: InvokeEventLike['senderFrame']): { url: string; isMainFrame: boolean } | null {
  if (!frame) return null;
  try {
    return { url: frame.url, isMainFrame: frame.parent === null };
  } catch {
    return null;
  }
}

export function registerIpc(options: RegisterIpcOptions): void {
  const { ipcMain, core } = options;
  for (const name of options.channelNames) {
    ipcMain.handle(invokeChannel(name), async (event, ...args) => {
      const sender = describeSender(event.senderFrame);
      if (!isTrustedSender(sender)) {
        options.onRefused?.(name, sender?.url ?? null);
        return failure({ code: 'not-allowed', message: REFUSED_SENDER_MESSAGE });
      }
      // Exactly one argument: the preload always sends (input), so more means someone else sent it.
      if (args.length !== 1) {
        return failure({ code: 'invalid-input', message: 'Expected exactly one input.' });
      }
      try {
        // The core validates the input against the contract's schema before acting on it.
        return await core.handle(name, args[0]);
      } catch (error) {
        // The core answers failures as data; a throw is a bug, reported without its details.
        options.onInternalError?.(name, error);
        return failure({ code: 'internal', message: 'Something went wrong in FICA Desk. Try again.' });
      }
    });
  }
  for (const name of options.eventNames) {
    core.on(name, (payload) => {
      const target = options.target();
      if (target && !target.isDestroyed()) target.send(eventChannel(name), payload);
    });
  }
}
