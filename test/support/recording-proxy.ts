// An HTTP proxy in front of a sandbox that records every request (method, path, and the body of
// small JSON requests) and can hold chosen requests until the test releases them: "what reached
// this service, and what happens if something changes while a request is in flight".
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The body of a request under 64 KB (JSON and form bodies), else ''. */
  body: string;
}

export interface Hold {
  /** Resolves when a matching request has arrived (and is being held). */
  arrived: Promise<RecordedRequest>;
  /** Lets the held request go on to the service. */
  release(): void;
}

export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  /** API calls only (`/api/v1/…`), leaving out sign-in. */
  apiRequests(): RecordedRequest[];
  /** Holds the next request matching `match` until released. */
  hold(match: (r: RecordedRequest) => boolean): Hold;
  stop(): Promise<void>;
}

const SMALL = 64 * 1024;

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const holds: {
    match: (r: RecordedRequest) => boolean;
    arrive: (r: RecordedRequest) => void;
    gate: Promise<void>;
  }[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => req.socket.destroy());
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        body: body.length < SMALL ? body.toString('utf8') : '',
      };
      requests.push(recorded);
      const index = holds.findIndex((h) => h.match(recorded));
      if (index < 0) return forward(req, res, body);
      const [hold] = holds.splice(index, 1);
      hold!.arrive(recorded);
      void hold!.gate.then(() => forward(req, res, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    apiRequests: () => requests.filter((r) => r.path.startsWith('/api/v1/')),
    hold(match) {
      let arrive!: (r: RecordedRequest) => void;
      let release!: () => void;
      const arrived = new Promise<RecordedRequest>((resolve) => (arrive = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.push({ match, arrive, gate });
      return { arrived, release };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
