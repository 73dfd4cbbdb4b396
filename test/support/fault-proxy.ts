// A fault-injecting HTTP proxy between the core and the sandbox: connection resets mid-upload,
// responses dropped after the service committed, 500s, 429s with Retry-After, and latency. Seeded,
// so a failing run can be replayed.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { kind: 'pass' }
  /** Reads part of the request, then drops the connection: the service never sees it. */
  | { kind: 'reset' }
  /** Forwards the request, lets the service answer, then drops the connection: work done, answer lost. */
  | { kind: 'drop-response' }
  /** Forwards the request, lets the service answer, then holds the answer back for `ms`: work done, answer late. */
  | { kind: 'hold-response'; ms: number }
  | { kind: 'status'; status: 500 | 503 | 429; retryAfterSeconds?: number };

export interface FaultPlan {
  /** The fault for one request; latency is added separately. */
  decide(req: { method: string; path: string; n: number }): Fault;
  latencyMs?: (n: number) => number;
}

export interface FaultProxy {
  url: string;
  stats: Record<Fault['kind'] | 'status-500' | 'status-429' | 'requests' | 'token-requests', number>;
  plan: FaultPlan;
  stop(): Promise<void>;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PASS: FaultPlan = { decide: () => ({ kind: 'pass' }) };

/**
 * Faults on API calls at the given rates; the token endpoint and lookups are left alone. Latency is
 * drawn from a stream of its own, so requests outside the API do not shift which call gets which
 * fault. Which call that is still depends on the order requests arrive in, which timing decides:
 * a test that needs a kind of fault to happen uses eachFaultFirst.
 */
export function randomFaults(
  seed: number,
  rates = { reset: 0.08, drop: 0.08, s500: 0.06, s429: 0.04 },
): FaultPlan {
  const random = seeded(seed);
  const latency = seeded(seed ^ 0x5bd1e995);
  return {
    decide({ method, path }) {
      if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/settings/')) return { kind: 'pass' };
      const r = random();
      if (method !== 'GET' && r < rates.reset) return { kind: 'reset' };
      if (r < rates.reset + rates.drop) return { kind: 'drop-response' };
      if (r < rates.reset + rates.drop + rates.s500) return { kind: 'status', status: 500 };
      if (r < rates.reset + rates.drop + rates.s500 + rates.s429)
        return { kind: 'status', status: 429, retryAfterSeconds: 1 };
      return { kind: 'pass' };
    },
    latencyMs: () => Math.floor(latency() * 20),
  };
}

/** The faults eachFaultFirst injects, in this order. */
export const EACH_FAULT: readonly Fault[] = [
  { kind: 'reset' },
  { kind: 'drop-response' },
  { kind: 'status', status: 500 },
  { kind: 'status', status: 429, retryAfterSeconds: 1 },
];

/**
 * Every kind of fault once, on the first requests `isTarget` picks, then `plan`. Over about a
 * hundred requests, random rates of a few percent leave some runs without a 429 or without a lost
 * answer on a write, so a test that checks each kind happened must not leave them to chance.
 */
export function eachFaultFirst(
  plan: FaultPlan,
  isTarget: (req: { method: string; path: string }) => boolean,
): FaultPlan {
  const pending = [...EACH_FAULT];
  return {
    decide(req) {
      const first = isTarget(req) ? pending.shift() : undefined;
      return first ?? plan.decide(req);
    },
    latencyMs: plan.latencyMs,
  };
}

export async function startFaultProxy(target: string, plan: FaultPlan = PASS): Promise<FaultProxy> {
  const upstream = new URL(target);
  let n = 0;
  const stats: FaultProxy['stats'] = {
    pass: 0,
    reset: 0,
    'drop-response': 0,
    'hold-response': 0,
    status: 0,
    'status-500': 0,
    'status-429': 0,
    requests: 0,
    'token-requests': 0,
  };
  const proxy: FaultProxy = { url: '', stats, plan, stop: async () => undefined };

  const forward = (req: IncomingMessage, res: ServerResponse, dropAnswer: boolean, holdMs = 0) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        if (dropAnswer) {
          // Let the service finish its work, then lose the answer on the way back.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        const deliver = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (holdMs > 0) setTimeout(deliver, holdMs).unref();
        else deliver();
      },
    );
    out.on('error', () => req.socket.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const count = ++n;
    stats.requests++;
    const path = req.url ?? '/';
    if (path.startsWith('/oauth/token')) stats['token-requests']++;
    const fault = proxy.plan.decide({ method: req.method ?? 'GET', path, n: count });
    const delay = proxy.plan.latencyMs?.(count) ?? 0;
    setTimeout(() => {
      stats[fault.kind]++;
      switch (fault.kind) {
        case 'pass':
          return forward(req, res, false);
        case 'drop-response':
          return forward(req, res, true);
        case 'hold-response':
          return forward(req, res, false, fault.ms);
        case 'reset': {
          let seen = 0;
          req.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            // Part of the body arrived: an upload is cut off mid-transfer.
            if (seen > 512) req.socket.destroy();
          });
          req.on('end', () => req.socket.destroy());
          return;
        }
        case 'status': {
          stats[fault.status === 429 ? 'status-429' : 'status-500']++;
          req.resume();
          req.on('end', () => {
            const headers: Record<string, string> = { 'Content-Type': 'application/json' };
            if (fault.retryAfterSeconds !== undefined)
              headers['Retry-After'] = String(fault.retryAfterSeconds);
            res.writeHead(fault.status, headers);
            res.end(
              JSON.stringify({
                statusCode: fault.status,
                message: 'Injected fault',
                error: fault.status === 429 ? 'Too Many Requests' : 'Internal Server Error',
              }),
            );
          });
          return;
        }
      }
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
