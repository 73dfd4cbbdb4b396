// The one place requests leave the core: bearer token, Idempotency-Key, one refresh on 401,
// zod-parsed answers, and a report of every outcome to whoever tracks connectivity.
import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { z } from 'zod';
import type { ApiError } from './errors.js';
import { classifyError, unexpectedAnswer } from './errors.js';

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

export interface RequestBody {
  data: unknown;
  headers?: Record<string, string>;
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
}

export interface HttpOptions {
  baseUrl: string;
  tokens: TokenSource;
  reachability?: ReachabilityListener;
  timeoutMs?: number;
}

export class Http {
  private readonly axios: AxiosInstance;

  constructor(private readonly opts: HttpOptions) {
    this.axios = axios.create({
      baseURL: opts.baseUrl.replace(/\/+$/, ''),
      timeout: opts.timeoutMs ?? 30_000,
      // Streams go out as they are read: never buffer a 40 MB upload to measure it.
      maxBodyLength: Infinity,
      maxContentLength: 100 * 1024 * 1024,
      maxRedirects: 0,
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 16 }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 16 }),
      validateStatus: (status) => status >= 200 && status < 300,
    });
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
      const config: AxiosRequestConfig = {
        method: options.method,
        url: options.path,
        params: options.params,
        data: body?.data,
        timeout: options.timeoutMs,
        signal: options.signal,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
          ...body?.headers,
        },
      };
      let data: unknown;
      try {
        data = (await this.axios.request(config)).data;
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
