// Uploads leave the core through node:http rather than axios: what the service receives, and how
// each way an upload can end is sorted for the queue, must stay what it was. A refusal carries the
// service's words; a 503 waits as long as Retry-After says; a connection cut mid-body or a stopped
// upload may have arrived, so it is reconciled, never resent blind; and with a proxy configured the
// upload goes through it like every other call.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/core/api/errors.js';
import { ServiceClient } from '../../../electron/core/api/client.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const tokens = { getToken: async () => 'test-token', invalidate: () => undefined };
const pdf = Buffer.from('%PDF-1.4 streamed upload test body');
const file = (bytes = pdf) => ({
  open: () => Readable.from([bytes]),
  size: bytes.length,
  filename: 'proof.pdf',
  mimeType: 'application/pdf',
});
const pair = { entityDocsID: 3, entityDocTypesID: 7 };

describe('streamed uploads', () => {
  let server: Server;
  let url: string;
  let handler: Handler;
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (chunk: Buffer) => parts.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(parts);
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        handler(req, res, body);
      });
      req.on('error', () => undefined);
    });
    url = await listen(server);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    received.length = 0;
    delete process.env.http_proxy;
  });

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  it('sends the announced multipart body with the token and key, and reads the answer', async () => {
    handler = (_req, res) => json(res, 201, { entityDocID: 41 });
    const client = new ServiceClient({ baseUrl: `${url}/`, tokens });
    const sent: number[] = [];
    const answer = await client.uploadEntityDocument('e-1', file(), pair, {
      idempotencyKey: 'key-1',
      onProgress: (n) => sent.push(n),
    });
    expect(answer.entityDocID).toBe(41);
    const [got] = received;
    expect(got).toMatchObject({ method: 'POST', url: '/api/v1/entity/e-1/entity-doc' });
    expect(got!.headers.authorization).toBe('Bearer test-token');
    expect(got!.headers['idempotency-key']).toBe('key-1');
    expect(Number(got!.headers['content-length'])).toBe(got!.body.length);
    expect(got!.body.toString()).toContain(JSON.stringify(pair));
    expect(got!.body.includes(pdf)).toBe(true);
    expect(sent.at(-1)).toBe(pdf.length);
  });

  it("sorts a refusal with the service's words, and a 503 with its Retry-After", async () => {
    const client = new ServiceClient({ baseUrl: url, tokens });
    handler = (_req, res) =>
      json(res, 400, { status: 400, error: 'File too large', details: '41 MB, limit 40 MB' });
    await expect(client.uploadEntityDocument('e-1', file(), pair)).rejects.toMatchObject({
      kind: 'permanent',
      status: 400,
      message: 'File too large: 41 MB, limit 40 MB',
    });
    handler = (_req, res) => json(res, 503, { message: 'busy' }, { 'Retry-After': '7' });
    await expect(client.uploadEntityDocument('e-1', file(), pair)).rejects.toMatchObject({
      kind: 'retryable',
      retryAfterMs: 7000,
    });
  });

  it('takes a fresh token once when the service answers 401, and sends the whole body again', async () => {
    let calls = 0;
    handler = (_req, res) =>
      ++calls === 1 ? json(res, 401, { message: 'expired' }) : json(res, 201, { entityDocID: 5 });
    const invalidated: string[] = [];
    const client = new ServiceClient({
      baseUrl: url,
      tokens: { getToken: async () => `token-${calls}`, invalidate: (t) => invalidated.push(t) },
    });
    expect((await client.uploadEntityDocument('e-1', file(), pair)).entityDocID).toBe(5);
    expect(invalidated).toEqual(['token-0']);
    expect(received[1]!.body.includes(pdf)).toBe(true);
  });

  it('calls a connection cut before the answer an unknown outcome, to be reconciled', async () => {
    handler = (req) => req.socket.destroy();
    const client = new ServiceClient({ baseUrl: url, tokens });
    const failure = await client.uploadEntityDocument('e-1', file(), pair).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'outcome-unknown', status: null });
  });

  it('calls a stopped upload an unknown outcome, and a service that is not there not sent', async () => {
    handler = () => undefined; // never answers
    const client = new ServiceClient({ baseUrl: url, tokens });
    const abort = new AbortController();
    const pending = client.uploadEntityDocument('e-1', file(), pair, { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'outcome-unknown' });

    const closed = createServer();
    const closedUrl = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new ServiceClient({ baseUrl: closedUrl, tokens });
    await expect(nowhere.uploadEntityDocument('e-1', file(), pair)).rejects.toMatchObject({
      kind: 'not-sent',
    });
  });

  it('goes through a configured proxy, as the other calls do', async () => {
    handler = (_req, res) => json(res, 201, { entityDocID: 9 });
    const proxied: string[] = [];
    // A forward proxy: takes the absolute URL it is asked for and relays the request there.
    const proxy = createServer((req, res) => {
      proxied.push(`${req.method} ${req.url}`);
      const out = request(req.url!, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(out);
    });
    process.env.http_proxy = await listen(proxy);
    try {
      const client = new ServiceClient({ baseUrl: url, tokens });
      expect((await client.uploadEntityDocument('e-1', file(), pair)).entityDocID).toBe(9);
      expect(proxied).toEqual([`POST ${url}/api/v1/entity/e-1/entity-doc`]);
      expect(received[0]!.body.includes(pdf)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
