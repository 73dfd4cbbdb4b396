// A webhook receiver on loopback for the delivery tests: records every request with its raw body
// and answers with whatever the test's responder says (status and optional headers).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { controlHeaders } from '../../support/sandbox.js';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  eventId: string;
  answered: number;
}

export type Responder = (
  delivery: Omit<ReceivedDelivery, 'answered'>,
  attempt: number,
) => { status: number; headers?: Record<string, string> };

export class TestReceiver {
  readonly received: ReceivedDelivery[] = [];
  responder: Responder = () => ({ status: 200 });
  private readonly server: Server;
  private readonly attempts = new Map<string, number>();

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const eventId = String(req.headers['webhook-id'] ?? '');
        const attempt = (this.attempts.get(eventId) ?? 0) + 1;
        this.attempts.set(eventId, attempt);
        const base = { path: req.url ?? '/', headers: req.headers, rawBody, eventId };
        const answer = this.responder(base, attempt);
        this.received.push({ ...base, answered: answer.status });
        res.writeHead(answer.status, answer.headers ?? {});
        res.end();
      });
    });
  }

  static async start(): Promise<TestReceiver> {
    const receiver = new TestReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  of(eventId: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.eventId === eventId);
  }

  /** Waits (polling) until `check` holds; fails with `what` after the deadline. */
  async waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** POST /sandbox/v1/dashboard-actions and return the emitted event ids. */
export async function dashboardAction(url: string, body: Record<string, unknown>): Promise<string[]> {
  const res = await fetch(`${url}/sandbox/v1/dashboard-actions`, {
    method: 'POST',
    headers: { ...controlHeaders(url), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { eventIds?: string[] };
  if (res.status !== 200 || !answer.eventIds)
    throw new Error(`dashboard action failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer.eventIds;
}
