// No slow request is held: a head sent half (slowloris), a body trickling one byte at a time, a
// body that stalls, signed in or not, and a connection that sends nothing are each answered (408,
// or the 401 at once) and closed within the configured limits. The limits here are small so the
// test runs in seconds; each case prints how long the sandbox held it. Without these limits the
// audit measured more than 360 s for a trickle, 73 s for a signed-out stalled body, 80 to 86 s for
// a half-sent head.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entityReadyForOwners,
  expectStatus,
  startTestSandbox,
  uboBody,
  type TestSandbox,
} from './helpers.js';

const LIMITS = {
  headersMs: 600,
  bodyIdleMs: 800,
  jsonBodyMs: 1500,
  uploadGraceMs: 1500,
  uploadMinBytesPerSecond: 2000,
  afterAnswerIdleMs: 300,
  afterAnswerMs: 1000,
};

/** Generous against a loaded machine, and far below what an unlimited server holds such a client. */
const HELD_AT_MOST_MS = 8_000;

let t: TestSandbox;
const figures: string[] = [];

beforeAll(async () => {
  t = await startTestSandbox({ requestLimits: LIMITS });
});
afterAll(async () => {
  console.log(`slow requests (limits ${JSON.stringify(LIMITS)}):\n${figures.join('\n')}`);
  await t.stop();
}, 180_000);

interface Held {
  /** ms from the first byte sent to the first byte of the answer (null: none came). */
  answeredAfter: number | null;
  /** ms from the first byte sent until the sandbox closed the connection. */
  closedAfter: number;
  text: string;
  status: number | null;
}

/**
 * Opens a connection, writes `first`, then keeps writing `drip` every `everyMs` (when given) until
 * the sandbox closes it; gives up after 30 s.
 */
function hold(first: string, drip?: { bytes: string; everyMs: number }): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.sandbox.port, '127.0.0.1');
    const started = Date.now();
    let answeredAfter: number | null = null;
    let text = '';
    let ticker: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => socket.destroy(), 30_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answeredAfter ??= Date.now() - started;
      text += chunk;
    });
    // A reset is a close too: the sandbox dropped the connection.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(ticker);
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      resolve({
        answeredAfter,
        closedAfter: Date.now() - started,
        text,
        status: status ? Number(status[1]) : null,
      });
    });
    socket.once('connect', () => {
      if (first) socket.write(first);
      if (drip)
        ticker = setInterval(() => {
          if (!socket.destroyed) socket.write(drip.bytes);
        }, drip.everyMs);
    });
    socket.once('error', (error) => {
      if (answeredAfter === null && Date.now() - started < 50) reject(error);
    });
  });
}

function note(what: string, held: Held): void {
  figures.push(
    `  ${what}: ${held.status ?? 'no answer'} after ${held.answeredAfter ?? '-'} ms, closed after ${held.closedAfter} ms`,
  );
}

function jsonBody(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;
}

const head = (path: string, length: number, type = 'application/json', token: string | null = t.api.token) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  (token ? `Authorization: Bearer ${token}\r\n` : '') +
  `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

describe('requests that arrive slowly', () => {
  it('cuts a half-sent head (slowloris) with a 408', async () => {
    const held = await hold('POST /api/v1/entity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty', {
      bytes: 'p',
      everyMs: 200,
    });
    note('half-sent head, a byte every 200 ms', held);
    expect(held.status).toBe(408);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('closes a connection that sends nothing', async () => {
    const held = await hold('');
    note('connection that sends nothing', held);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('cuts a signed-in JSON body trickling one byte every 200 ms with a 408 in the published shape', async () => {
    const held = await hold(`${head('/api/v1/entity', 1000)}{`, { bytes: ' ', everyMs: 200 });
    note('signed-in JSON body, a byte every 200 ms', held);
    expect(held.status).toBe(408);
    expect(jsonBody(held.text)).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('cuts an upload trickling below the minimum rate with a 408', async () => {
    const entity = await entityReadyForOwners(t.api);
    const ubo = await expectStatus(
      t.api.post(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Trickle', 'Upload')),
      201,
    );
    const boundary = 'trickleboundary';
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n` +
      `{"individualDocsID":1,"IndividualDocTypesID":1}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const held = await hold(
      head(
        `/api/v1/entity/${String(ubo.body.uboID)}/ubo-doc-upload`,
        5 * 1024 * 1024,
        `multipart/form-data; boundary=${boundary}`,
      ) + part,
      { bytes: 'x', everyMs: 200 },
    );
    note('signed-in upload of 5 MB, a byte every 200 ms', held);
    expect(held.status).toBe(408);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('cuts a signed-in body that stalls with a 408', async () => {
    const held = await hold(`${head('/api/v1/entity', 1000)}{"entityRegName": "Stalled`);
    note('signed-in JSON body that stalls', held);
    expect(held.status).toBe(408);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('answers a signed-out stalled body with its 401 at once, before the body, and closes', async () => {
    const held = await hold(`${head('/api/v1/entity', 1000, 'application/json', null)}{"entityRegName": "`);
    note('signed-out JSON body that stalls', held);
    expect(held.status).toBe(401);
    expect(jsonBody(held.text)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    // At once: well inside the idle limit, which a server reading the body first would wait out.
    expect(held.answeredAfter!).toBeLessThan(LIMITS.bodyIdleMs);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('answers a signed-out trickling upload with its 401 at once and closes', async () => {
    const held = await hold(
      head('/api/v1/entity/x/ubo-doc-upload', 5 * 1024 * 1024, 'multipart/form-data; boundary=b', null),
      {
        bytes: 'x',
        everyMs: 200,
      },
    );
    note('signed-out upload of 5 MB, a byte every 200 ms', held);
    expect(held.status).toBe(401);
    expect(held.answeredAfter!).toBeLessThan(LIMITS.bodyIdleMs);
    expect(held.closedAfter).toBeLessThan(HELD_AT_MOST_MS);
  });

  it('keeps the connection of a refused body sent whole for the next request, past the tighter limits', async () => {
    const answers = await new Promise<string[]>((resolve, reject) => {
      const socket = connect(t.sandbox.port, '127.0.0.1');
      const seen: string[] = [];
      let text = '';
      socket.setEncoding('utf8');
      socket.on('error', reject);
      socket.on('close', () => resolve(seen));
      socket.on('data', (chunk: string) => {
        text += chunk;
        const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]!);
        if (statuses.length > seen.length) {
          seen.splice(0, seen.length, ...statuses);
          // Longer than every after-answer limit: the body ended, so they no longer apply.
          if (seen.length === 1)
            setTimeout(
              () =>
                socket.write(
                  'GET /oidc/.well-known/openid-configuration HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
                ),
              LIMITS.afterAnswerIdleMs + LIMITS.afterAnswerMs,
            );
          else socket.destroy();
        }
      });
      const body = JSON.stringify({ padding: 'p'.repeat(100) });
      socket.write(`${head('/api/v1/entity', Buffer.byteLength(body), 'application/json', null)}${body}`);
    });
    expect(answers).toEqual(['401', '200']);
  });

  it('still answers a body that arrives steadily, and a refused one sent whole is read to its end', async () => {
    // 200 bytes in 50-byte pieces every 100 ms: slower than one packet, inside every limit.
    const body = JSON.stringify({
      entityRegName: 'Steady Ltd',
      entityRegNumber: '2015/000001/07',
      entityType: 1,
      padding: 'p'.repeat(100),
    });
    const res = await fetch(`${t.url}/api/v1/entity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.api.token}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        async start(controller) {
          const bytes = new TextEncoder().encode(body);
          for (let i = 0; i < bytes.length; i += 50) {
            controller.enqueue(bytes.slice(i, i + 50));
            await new Promise((r) => setTimeout(r, 100));
          }
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    // The body's unknown field is refused by the schema: what matters is that it was read and answered.
    expect([201, 400]).toContain(res.status);
    const signedOut = await fetch(`${t.url}/api/v1/entity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'p'.repeat(2 * 1024 * 1024) }),
    });
    expect(signedOut.status).toBe(401);
  });
});
