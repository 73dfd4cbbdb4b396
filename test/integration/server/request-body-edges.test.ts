// The edges of reading a request body: a body over the JSON limit always gets a 413 in the
// published shape that the client can read (never a reset or a broken pipe), and a body that stops
// arriving is answered with a 408 and closed instead of holding the connection open.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entityReadyForOwners,
  expectStatus,
  isErrorBody,
  startTestSandbox,
  uboBody,
  type TestSandbox,
} from './helpers.js';

const MB = 1024 * 1024;
const BODY_IDLE_TIMEOUT_MS = 400;

// Two instances: the big bodies are sent at the default idle timeout, so a loaded machine that
// pauses a sender for a moment is not mistaken for a stalled client; the stall tests use a short one.
let t: TestSandbox;
let quick: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  quick = await startTestSandbox({ bodyIdleTimeoutMs: BODY_IDLE_TIMEOUT_MS });
});
afterAll(async () => {
  await t.stop();
  await quick.stop();
});

type Outcome = { kind: 'answer'; status: number; body: unknown } | { kind: 'error'; code: string };

/**
 * POSTs `body` the way curl and Python's http.client do: the whole request is written before the
 * answer is read, so a server that closes while the body is still coming in shows up as the
 * broken pipe or reset such clients report, not as an answer.
 */
function post(path: string, body: Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.api.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const socket = connect(t.sandbox.port, '127.0.0.1');
    let sent = false;
    const received: Buffer[] = [];
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!sent) resolve({ kind: 'error', code: e.code ?? e.message });
    });
    socket.on('data', (chunk: Buffer) => {
      if (sent) received.push(chunk);
    });
    socket.on('close', () => {
      if (!sent) return;
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
      } catch {
        // Not JSON: the shape check fails on it.
      }
      resolve({ kind: 'answer', status, body: parsed });
    });
    socket.write(Buffer.concat([Buffer.from(head), body]), (error) => {
      if (error) return;
      sent = true;
      socket.resume();
    });
    // Like a client that reads only once its request is out: nothing is read before then.
    socket.pause();
  });
}

const tally = (outcomes: Outcome[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key =
      o.kind === 'error'
        ? o.code
        : isErrorBody(o.body, o.status)
          ? String(o.status)
          : `${o.status} other shape`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('JSON bodies over the limit', () => {
  it('answers each of 25 bodies of 10 MB sent at once with a readable 413', async () => {
    const body = Buffer.from(JSON.stringify({ entityRegName: 'x'.repeat(10 * MB), entityType: 1 }));
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => post('/api/v1/entity', body)));
    const counts = tally(outcomes);
    console.log(`25 bodies of 10 MB: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 413: 25 });
  });

  it('answers a 5 MB string field with a readable 413, ten times in a row', async () => {
    const body = Buffer.from(
      JSON.stringify({ entityRegName: 'A'.repeat(5 * MB), entityRegNumber: '2015/000001/07', entityType: 1 }),
    );
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 10; i += 1) outcomes.push(await post('/api/v1/entity', body));
    const counts = tally(outcomes);
    console.log(`5 MB string field: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 413: 10 });
  });
});

describe('a body that stops arriving', () => {
  /** Sends the head and part of the body on a raw socket, then nothing; resolves with all it reads. */
  function stall(head: string, partialBody: string): Promise<{ text: string; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = connect(quick.sandbox.port, '127.0.0.1');
      let text = '';
      const giveUp = setTimeout(() => {
        socket.destroy();
        resolve({ text, closed: false });
      }, 20_000);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve({ text, closed: true });
      });
      socket.write(head + partialBody);
    });
  }

  const jsonHead = (length: number) =>
    `POST /api/v1/entity HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${quick.api.token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers a stalled JSON body with 408 in the published shape and closes the connection', async () => {
    const { text, closed } = await stall(jsonHead(1000), '{"entityRegName": "Stalled');
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
  });

  it('answers a stalled upload with 408 and closes the connection', async () => {
    const entity = await entityReadyForOwners(quick.api);
    const ubo = await expectStatus(
      quick.api.post(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Stalled', 'Upload')),
      201,
    );
    const boundary = 'stalledboundary';
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n` +
      `{"individualDocsID":1,"IndividualDocTypesID":1}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const head =
      `POST /api/v1/entity/${String(ubo.body.uboID)}/ubo-doc-upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${quick.api.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${5 * MB}\r\n\r\n`;
    const { text, closed } = await stall(head, part);
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps answering a slow body that never stops for longer than the idle time', async () => {
    const body = JSON.stringify({
      entityRegName: 'Slow But Steady Ltd',
      entityRegNumber: '2015/000001/07',
      entityType: 1,
    });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(quick.sandbox.port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.write(jsonHead(Buffer.byteLength(body)));
      // Each piece arrives well inside the idle time; the whole body takes several idle times.
      const pieces = body.match(/.{1,8}/g) ?? [];
      const step = () => {
        const next = pieces.shift();
        if (next === undefined) return;
        socket.write(next);
        setTimeout(step, BODY_IDLE_TIMEOUT_MS / 8);
      };
      step();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});
