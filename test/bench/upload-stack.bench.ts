// The CPU a streamed upload costs the core through each HTTP stack it could use: node:http as the
// queue sends uploads (api/streamed-request.ts), and axios configured as api/http.ts configures it
// for JSON calls, given the same body as a stream. Same multipart bodies (exact Content-Length,
// progress counted as the file's bytes are handed over), four at a time, to a server in another
// process that discards them; the two alternate round by round and the median round is printed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import axios from 'axios';
import { multipartBody } from '../../electron/core/api/multipart-body.js';
import { sendStreamed } from '../../electron/core/api/streamed-request.js';
import { median } from './support/median.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const server = spawn(
  process.execPath,
  [
    '-e',
    `const s = require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => r.writeHead(201, { 'content-type': 'application/json' }).end('{"uboDocsID":1}')); });
     s.keepAliveTimeout = 60000; s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<number>((resolve) =>
  server.stdout.once('data', (d: Buffer) => resolve(Number(d))),
);
const base = `http://127.0.0.1:${port}`;
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 16 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 16 }),
};
const client = axios.create({
  baseURL: base,
  timeout: 30_000,
  maxContentLength: 100 * 1024 * 1024,
  maxRedirects: 0,
  httpAgent: agents.http,
  httpsAgent: agents.https,
  validateStatus: (status) => status >= 200 && status < 300,
});

type Stack = (bytes: number) => Promise<unknown>;

const headersOf = (h: Record<string, string>) => ({
  ...h,
  Accept: 'application/json',
  Authorization: 'Bearer token',
  'Idempotency-Key': randomUUID(),
});

/** A file's bytes as the vault hands them over: chunks of up to 1 MiB (one buffer, reused). */
const MIB = Buffer.alloc(1024 * 1024, 7);

function upload(bytes: number) {
  const chunk = MIB.subarray(0, Math.min(bytes, MIB.length));
  return multipartBody(
    [['documents', '{"individualDocsID":1,"IndividualDocTypesID":1}']],
    {
      field: 'file',
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      size: bytes,
      open: async function* () {
        for (let sent = 0; sent < bytes; sent += chunk.length)
          yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      },
    },
    () => undefined,
  );
}

const stacks: Record<string, Stack> = {
  'node:http': async (bytes) => {
    const { chunks, headers } = upload(bytes);
    return sendStreamed({
      method: 'POST',
      url: new URL(`${base}/api/v1/entity/x/ubo-doc-upload`),
      headers: headersOf(headers),
      body: chunks,
      timeoutMs: 30_000,
      maxAnswerBytes: 100 * 1024 * 1024,
      agents,
    });
  },
  axios: async (bytes) => {
    const { chunks, headers } = upload(bytes);
    return client.request({
      method: 'POST',
      url: '/api/v1/entity/x/ubo-doc-upload',
      data: Readable.from(chunks, { objectMode: false }),
      headers: headersOf(headers),
    });
  },
};

async function round(stack: Stack, bytes: number, count: number): Promise<number> {
  let next = 0;
  const start = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        next++;
        await stack(bytes);
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / count;
}

for (const [bytes, count] of [
  [16 * 1024, 1000],
  [1024 * 1024, 100],
] as const) {
  const figures: Record<string, number[]> = { 'node:http': [], axios: [] };
  for (const stack of Object.values(stacks)) await round(stack, bytes, count / 4);
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, stack] of Object.entries(stacks)) figures[name]!.push(await round(stack, bytes, count));
  const size = bytes < 1024 * 1024 ? `${bytes / 1024} KB` : `${bytes / (1024 * 1024)} MB`;
  for (const [name, values] of Object.entries(figures))
    console.log(
      `upload stack, ${size} uploads, ${name}: ${median(values).toFixed(2)} ms of CPU an upload (rounds ${values.map((v) => v.toFixed(2)).join(', ')})`,
    );
}
server.kill();
agents.http.destroy();
