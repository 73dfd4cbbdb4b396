// Electron's window.desk made to fail like the bridge client: always with a DeskError.
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  DeskApi,
  EventName,
  EventPayload,
} from '../../shared/ipc/contract.js';
import { DeskError } from '../../shared/ipc/desk-error.js';
import { isDeskErrorBody } from '../../shared/ipc/result-guards.js';

/** Any failure as a DeskError when it has a DeskError's shape (code, message, issues). */
export function toDeskError(error: unknown): unknown {
  if (error instanceof DeskError) return error;
  return isDeskErrorBody(error) ? DeskError.fromBody(error) : error;
}

/**
 * The preload's window.desk with its rejections made DeskErrors again: contextBridge copies an
 * Error subclass as a plain object ({code, message, issues}), losing the class callers test for.
 */
export function wrapPreloadApi(api: DeskApi): DeskApi {
  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
      try {
        return await api.invoke(channel, input);
      } catch (error) {
        throw toDeskError(error);
      }
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return api.on(event, listener);
    },
  };
}
