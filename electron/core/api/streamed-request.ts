// One request whose body is streamed (an upload), sent with node:http itself. axios streams such a
// body too, but costs twice the CPU an upload (it merges its config and builds header objects per
// request: `npm run bench -- upload-stack`, docs/core.md); a drain of hundreds of documents pays
// that per document. Answers and failures come back in the shapes the JSON calls give, so the
// caller classifies both alike.
import { request as httpRequest, type Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';

export interface StreamedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: AsyncIterable<Buffer>;
  timeoutMs: number;
  maxAnswerBytes: number;
  signal?: AbortSignal;
  agents: { http: HttpAgent; https: HttpsAgent };
}

export interface StreamedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer's JSON, or its text when it is not JSON (as axios answers). */
  data: unknown;
}

/** The request failed without a complete answer; `code` says how (ECONNREFUSED, ETIMEDOUT…). */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function transportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new TransportError(error instanceof Error ? error.message : String(error), code ?? 'ERR_STREAM', {
    cause: error,
  });
}

function parsed(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function sendStreamed(options: StreamedRequest): Promise<StreamedAnswer> {
  return new Promise<StreamedAnswer>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new TransportError('The request was aborted', 'ABORT_ERR'));
    const https = options.url.protocol === 'https:';
    const req = (https ? httpsRequest : httpRequest)(options.url, {
      method: options.method,
      headers: options.headers,
      agent: https ? options.agents.https : options.agents.http,
    });
    let settled = false;
    // One listener on the signal rather than node's own (which watches the request's every end).
    const onAbort = () => fail(new TransportError('The request was aborted', 'ABORT_ERR'));
    const settle = () => {
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settle();
      reject(transportError(error));
      req.destroy();
    };
    options.signal?.addEventListener('abort', onAbort);
    // Idle time on the socket, as axios's `timeout` is for a streamed body.
    req.setTimeout(options.timeoutMs, () =>
      fail(new TransportError(`No answer within ${options.timeoutMs} ms`, 'ETIMEDOUT')),
    );
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > options.maxAnswerBytes)
          fail(new TransportError(`The answer exceeds ${options.maxAnswerBytes} bytes`, 'ERR_BAD_RESPONSE'));
        else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('aborted', () => fail(new TransportError('The answer was cut short', 'ECONNRESET')));
      res.on('end', () => {
        if (settled) return;
        settle();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          data: parsed(Buffer.concat(chunks, bytes).toString('utf8')),
        });
      });
    });
    void writeBody(req, options.body).catch(fail);
  });
}

/** Writes every chunk with backpressure, then ends the request. */
async function writeBody(req: ReturnType<typeof httpRequest>, body: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of body) {
    if (req.destroyed) return;
    if (!req.write(chunk)) await drained(req);
  }
  if (!req.destroyed) req.end();
}

function drained(req: ReturnType<typeof httpRequest>): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}
