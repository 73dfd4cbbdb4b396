// The one place requests leave the core: bearer token, Idempotency-Key, one refresh on 401,
// zod-parsed answers, and a report of every outcome to whoever tracks connectivity. JSON calls go
// through axios; a streamed upload goes out through node:http (streamed-request.ts), unless a proxy
// is configured, which only axios follows.
import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ApiError } from './errors.js';
import { classifyError, classifyStatus, unexpectedAnswer } from './errors.js';
import { sendStreamed } from './streamed-request.js';

export interface TokenSource {
  getToken(): Promise<string>;
  invalidate(token: string): void;
}

export interface ReachabilityListener {
  /** Any HTTP answer, even an error status: the service is there. */
  reached(): void;
  /** No answer at all. */
  unreachable(error: ApiError): void;
}

/** A JSON body (`data`), or a streamed one (`chunks`) whose length the headers announce. */
export type RequestBody =
  | { data: unknown; chunks?: undefined; headers?: Record<string, string> }
  | { chunks: AsyncIterable<Buffer>; data?: undefined; headers: Record<string, string> };

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 100 * 1024 * 1024;

/** Whether the environment names a proxy (axios's proxy-from-env reads these). */
function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['http_proxy', 'https_proxy', 'all_proxy', 'npm_config_proxy', 'npm_config_https_proxy'].some(
    (name) => Boolean(env[name] || env[name.toUpperCase()]),
  );
}

export interface CallOptions<S extends z.ZodType> {
  method: Method;
  path: string;
  /** Words for messages: "create the entity". */
  what: string;
  schema: S;
  /** Built per attempt, so a streamed upload can be sent again after a token refresh. */
  body?: () => RequestBody;
  params?: Record<string, string | number | undefined>;
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The answer's body as it arrives, unread and unparsed (`schema` is not applied). */
  streamAnswer?: true;
}

export interface HttpOptions {
  baseUrl: string;
  tokens: TokenSource;
  reachability?: ReachabilityListener;
  timeoutMs?: number;
}

export class Http {
  private readonly axios: AxiosInstance;
  private readonly baseUrl: string;
  private readonly agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 16 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 16 }),
  };
  private readonly viaProxy = proxyConfigured();

  constructor(private readonly opts: HttpOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.axios = axios.create({
      baseURL: this.baseUrl,
      timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // No maxBodyLength: axios's default sets no limit, and any limit makes it pass a streamed body
      // through a counting transform of its own.
      maxContentLength: MAX_ANSWER_BYTES,
      maxRedirects: 0,
      httpAgent: this.agents.http,
      httpsAgent: this.agents.https,
      validateStatus: (status) => status >= 200 && status < 300,
    });
  }

  /** A streamed body straight over node:http; an answer other than 2xx throws as axios's would be classified. */
  private async streamed(
    options: CallOptions<z.ZodType>,
    headers: Record<string, string>,
    chunks: AsyncIterable<Buffer>,
  ): Promise<unknown> {
    const answer = await sendStreamed({
      method: options.method.toUpperCase(),
      url: new URL(this.baseUrl + options.path),
      headers,
      body: chunks,
      timeoutMs: options.timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      signal: options.signal,
      agents: this.agents,
    });
    if (answer.status < 200 || answer.status >= 300)
      throw classifyStatus(answer.status, answer.data, answer.headers['retry-after']);
    return answer.data;
  }

  async call<S extends z.ZodType>(options: CallOptions<S>): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      let token: string;
      try {
        token = await this.opts.tokens.getToken();
      } catch (error) {
        const failure = classifyError(error);
        if (failure.kind === 'not-sent' || failure.kind === 'outcome-unknown')
          this.opts.reachability?.unreachable(failure);
        else if (failure.reachedService) this.opts.reachability?.reached();
        throw failure;
      }
      const body = options.body?.();
      const headers: Record<string, string> = {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        ...body?.headers,
      };
      let data: unknown;
      try {
        if (body?.chunks && !this.viaProxy && !options.params)
          data = await this.streamed(options, headers, body.chunks);
        else {
          const config: AxiosRequestConfig = {
            method: options.method,
            url: options.path,
            params: options.params,
            data: body?.chunks ? Readable.from(body.chunks, { objectMode: false }) : body?.data,
            timeout: options.timeoutMs,
            signal: options.signal,
            headers,
            ...(options.streamAnswer ? { responseType: 'stream' as const } : {}),
          };
          data = (await this.axios.request(config)).data;
        }
      } catch (error) {
        const failure = classifyError(error);
        if (failure.reachedService) this.opts.reachability?.reached();
        else this.opts.reachability?.unreachable(failure);
        // One refresh: a token that expired (or was rotated) since we fetched it.
        if (failure.status === 401 && attempt === 0) {
          this.opts.tokens.invalidate(token);
          continue;
        }
        throw failure;
      }
      this.opts.reachability?.reached();
      if (options.streamAnswer) return data as z.output<S>;
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) {
        throw unexpectedAnswer(
          options.what,
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      return parsed.data;
    }
  }
}
