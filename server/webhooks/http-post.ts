// One delivery attempt: POST the stored bytes, never follow a redirect, give up after the timeout.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export type PostOutcome = { kind: 'response'; status: number } | { kind: 'error'; message: string };

export interface PostOptions {
  timeoutMs: number;
  /** Replaces DNS resolution (live mode refuses non-public addresses with it). */
  lookup?: LookupFunction;
}

export function postRaw(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // node:http never follows redirects, so a 3xx arrives here as a status and counts as a failure.
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(options.lookup ? { lookup: options.lookup } : {}),
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => settle({ kind: 'response', status: res.statusCode ?? 0 }));
        res.on('error', () => settle({ kind: 'response', status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (error) => settle({ kind: 'error', message: error.message }));
    req.end(body);
  });
}
