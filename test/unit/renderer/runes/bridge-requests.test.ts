// What the bridge client sends: every call's input as one binary frame the host decodes whole, a
// small call as one buffer and a call with files with the files' bytes as they were picked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeClient } from '../../../../renderer/lib/desk.js';
import { FRAME_CONTENT_TYPE, decodeFrame, encodeFrame } from '../../../../shared/ipc/wire-frame.js';

/** Each request's channel, content type and decoded input, in order. */
const received: Array<{ channel: string; type: string | undefined; input: unknown }> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let input: unknown;
      try {
        input = decodeFrame(new Uint8Array(Buffer.concat(chunks)));
      } catch (error) {
        input = `not a whole frame: ${String(error)}`;
      }
      received.push({
        channel: decodeURIComponent((request.url ?? '').replace('/ipc/', '')),
        type: request.headers['content-type'],
        input,
      });
      response.writeHead(200, { 'content-type': FRAME_CONTENT_TYPE });
      response.end(Buffer.concat(encodeFrame({ ok: true, value: null })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the bridge client's requests", () => {
  const client = () => createBridgeClient({ token: 'test-token', baseUrl });

  it('sends a call without files as a whole frame', async () => {
    received.length = 0;
    await client().invoke('cases.list', { offset: 0, limit: 50, search: 'Ölçer & Sons' });
    expect(received).toEqual([
      {
        channel: 'cases.list',
        type: FRAME_CONTENT_TYPE,
        input: { offset: 0, limit: 50, search: 'Ölçer & Sons' },
      },
    ]);
  });

  it("sends a call with files as a whole frame, each file's bytes intact", async () => {
    received.length = 0;
    const scan = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    const page = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    await client().invoke(
      'capture.addDocuments' as never,
      {
        draftId: 'd-1',
        files: [
          { name: 'scan.pdf', bytes: scan },
          { name: 'page.jpg', bytes: page },
        ],
      } as never,
    );
    const input = received[0]?.input as {
      draftId: string;
      files: Array<{ name: string; bytes: Uint8Array }>;
    };
    expect(input.draftId).toBe('d-1');
    expect(input.files.map((f) => f.name)).toEqual(['scan.pdf', 'page.jpg']);
    // Compared as bytes: toEqual walks a 300 kB array element by element, seconds on a busy machine.
    const same = (a: Uint8Array | undefined, b: Uint8Array) =>
      a !== undefined && Buffer.from(a).equals(Buffer.from(b));
    expect(same(input.files[0]?.bytes, scan)).toBe(true);
    expect(same(input.files[1]?.bytes, page)).toBe(true);
  });
});
