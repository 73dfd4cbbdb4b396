// What renderer/lib/desk.ts does in the browser, without its DOM types: a channel called over the
// headless host's loopback bridge in binary frames, with the bridge token.
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { DeskError, IpcResultSchema } from '../../shared/ipc/errors.js';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { decodeFrame, encodeFrame, FRAME_CONTENT_TYPE } from '../../shared/ipc/wire-frame.js';

export interface BridgeClient {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
}

export function bridgeClient(host: { url: string; token: string }): BridgeClient {
  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
      const response = await fetch(new URL(BRIDGE.invokePath(channel), host.url), {
        method: 'POST',
        headers: {
          'content-type': FRAME_CONTENT_TYPE,
          accept: FRAME_CONTENT_TYPE,
          [BRIDGE.tokenHeader]: host.token,
        },
        body: new Blob(encodeFrame(input) as Uint8Array<ArrayBuffer>[]),
      });
      const result = IpcResultSchema.parse(decodeFrame(new Uint8Array(await response.arrayBuffer())));
      if (!result.ok) throw DeskError.fromBody(result.error);
      return result.value as ChannelOutput<C>;
    },
  };
}
