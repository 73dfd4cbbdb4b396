// The renderer checks every answer of the loopback bridge before a screen gets it: a value only from
// a well-formed success, the core's refusal as a DeskError, anything else refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeClient } from '../../../../renderer/lib/desk.js';
import { DeskError } from '../../../../shared/ipc/desk-error.js';
import { encodeWire } from '../../../../shared/ipc/wire.js';
import { FRAME_CONTENT_TYPE, encodeFrame } from '../../../../shared/ipc/wire-frame.js';

/** What the test server answers on each channel, as a frame. */
const answers: Record<string, unknown> = {
  'status.get': { ok: true, value: { unsentCount: 3, scan: new Uint8Array([1, 2, 3]) } },
  'cases.get': { ok: false, error: { code: 'not-found', message: 'No such case.' } },
  'settings.get': { ok: 'yes', value: {} },
  'lookups.get': { ok: false, error: { code: 'not-a-code', message: 'Odd.' } },
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const channel = decodeURIComponent((request.url ?? '').replace('/ipc/', ''));
    request.resume();
    request.on('end', () => {
      if (channel === 'profiles.list') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(encodeWire({ ok: true, value: [] }));
        return;
      }
      response.writeHead(200, { 'content-type': FRAME_CONTENT_TYPE });
      response.end(Buffer.concat(encodeFrame(answers[channel] ?? { nothing: true })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the bridge client's answers", () => {
  const client = () => createBridgeClient({ token: 'test-token', baseUrl });

  it('hands over the value of a well-formed answer, bytes as bytes, JSON or frame', async () => {
    const status = (await client().invoke('status.get', {})) as unknown as Record<string, unknown>;
    expect(status.unsentCount).toBe(3);
    expect(status.scan).toEqual(new Uint8Array([1, 2, 3]));
    await expect(client().invoke('profiles.list', {})).resolves.toEqual([]);
  });

  it("turns the core's refusal into a DeskError with its code and words", async () => {
    const error = await client()
      .invoke('cases.get', { caseId: 'c1' } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({ code: 'not-found', message: 'No such case.' });
  });

  it('refuses an answer that is not an IPC result, or an error with an unknown code', async () => {
    for (const channel of ['settings.get', 'lookups.get', 'app.info'] as const) {
      const error = await client()
        .invoke(channel, {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeskError);
      expect(error).toMatchObject({
        code: 'internal',
        message: 'The app answered with something it could not read.',
      });
    }
  });
});
