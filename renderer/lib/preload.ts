// Electron's window.desk made to fail like the bridge client: always with a DeskError.
import {
  DeskError,
  DeskErrorBodySchema,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type DeskApi,
  type EventName,
  type EventPayload,
} from '../../shared/ipc/index.js';

/** Any failure as a DeskError when it has a DeskError's shape (code, message, issues). */
export function toDeskError(error: unknown): unknown {
  if (error instanceof DeskError) return error;
  const body = DeskErrorBodySchema.safeParse(error);
  return body.success ? DeskError.fromBody(body.data) : error;
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
