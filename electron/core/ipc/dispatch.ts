// Every IPC call goes through here: unknown channels refused, then who may call the channel (a
// locked app or a person without the role is refused before anything of the input is looked at,
// so a malformed call never learns the channel's field names), then the input validated with the
// channel's schema, and failures turned into DeskError bodies (never stack traces, tokens or Node
// errors).
import { channels, isChannelName, type ChannelName, type Channels } from '../../../shared/ipc/contract.js';
import { DeskError, issuesFromZod, type IpcResult } from '../../../shared/ipc/errors.js';
import type { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { KeychainUnavailableError } from '../keychain/index.js';

export type HandlerTable = {
  [C in ChannelName]: (
    input: z.output<Channels[C]['input']>,
  ) => Promise<z.input<Channels[C]['output']>> | z.input<Channels[C]['output']>;
};

export function toDeskError(error: unknown): DeskError {
  if (error instanceof DeskError) return error;
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'not-sent':
      case 'outcome-unknown':
        return new DeskError(
          'offline',
          'The service cannot be reached right now. Your work is kept and will be sent later.',
        );
      case 'retryable':
        return new DeskError('offline', `The service is busy (${error.message}). Try again in a moment.`);
      case 'needs-sign-in':
        return new DeskError('needs-sign-in', error.message);
      case 'permanent':
        return new DeskError(error.status === 404 ? 'not-found' : 'refused', error.message);
    }
  }
  if (error instanceof KeychainUnavailableError) return new DeskError('internal', error.message);
  return new DeskError(
    'internal',
    'Something went wrong in FICA Desk. Try again; if it keeps happening, restart the app.',
  );
}

export interface DispatchOptions {
  /** Throws (a DeskError) when the caller may not use the channel; runs before the input is validated. */
  authorize?: (channel: ChannelName, input: unknown) => void;
  onInternalError?: (channel: string, error: unknown) => void;
}

export async function dispatch(
  handlers: HandlerTable,
  channel: string,
  input: unknown,
  { authorize, onInternalError }: DispatchOptions = {},
): Promise<IpcResult> {
  if (!isChannelName(channel)) {
    return {
      ok: false,
      error: new DeskError(
        'unknown-channel',
        `Unknown channel ${JSON.stringify(channel).slice(0, 80)}`,
      ).toBody(),
    };
  }
  try {
    authorize?.(channel, input);
  } catch (error) {
    const desk = toDeskError(error);
    if (desk.code === 'internal') onInternalError?.(channel, error);
    return { ok: false, error: desk.toBody() };
  }
  const contract = channels[channel];
  const parsed = contract.input.safeParse(input ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      error: new DeskError(
        'invalid-input',
        'Some fields need attention.',
        issuesFromZod(parsed.error),
      ).toBody(),
    };
  }
  try {
    const handler = handlers[channel] as (input: unknown) => unknown;
    const value = await handler(parsed.data);
    const output = contract.output.safeParse(value);
    if (!output.success) {
      onInternalError?.(channel, output.error);
      return {
        ok: false,
        error: new DeskError('internal', `The answer to ${channel} did not match the contract.`).toBody(),
      };
    }
    return { ok: true, value: output.data };
  } catch (error) {
    const desk = toDeskError(error);
    if (desk.code === 'internal') onInternalError?.(channel, error);
    return { ok: false, error: desk.toBody() };
  }
}
