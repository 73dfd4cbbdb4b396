// What electron/main needs from the core, stated structurally so the wiring is testable with a
// recording stand-in; electron/core's Core satisfies it (start-core.ts checks that at compile time).
import type { IpcResult } from '../../shared/ipc/errors.js';

export interface CoreLike {
  /** Validates the input against the contract and never throws: failures come back as data. */
  handle(channel: string, input: unknown): Promise<IpcResult>;
  /** Subscribes to a contract event; main subscribes once for the app's lifetime. */
  on(event: string, listener: (payload: unknown) => void): unknown;
  /** Lets in-flight jobs record their state; resolves when it is safe to exit. */
  shutdown(): Promise<void>;
}
