// Everything the sandbox can be told at start-up, with the defaults of contract §6, §7, §11 and §12.
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from './clock.js';
import {
  DEFAULT_SIGN_IN_THROTTLE,
  type SignInThrottleConfig,
  type ThrottlePolicy,
} from './auth/throttle-policy.js';

export type SandboxMode = 'sandbox' | 'live';

export interface SandboxConfig {
  host: string;
  port: number;
  dataDir: string;
  /**
   * With a key (the desktop app's embedded training sandbox), the database and uploaded files are
   * kept on disk only sealed with it; without one, they are plain files (development and tests).
   */
  atRestKey: Buffer | null;
  mode: SandboxMode;
  /** Scales the webhook retry schedule; 0.001 runs it a thousand times faster. */
  webhookTimeScale: number;
  tokenTtlSeconds: number;
  limits: {
    entityDocumentBytes: number;
    uboDocumentBytes: number;
    individualDocumentBytes: number;
  };
  costs: { entity: number; individual: number };
  /** Balance of a partner created without one, and of the seeded demo partner. */
  defaultBalance: number;
  /** Requests per window per partner (or per address before authentication); 429 beyond. */
  rateLimit: { max: number; windowMs: number };
  /** How long a request may take to arrive (http/body-timeout.ts); every one answers 408 and closes. */
  requestLimits: RequestLimits;
  /** Failed sign-ins and client secrets: delays, then locks (auth/sign-in-throttle.ts). */
  signInThrottle: SignInThrottleConfig;
  /**
   * The secret the /sandbox/v1 control API asks for (header `X-Sandbox-Control-Secret`). The
   * desktop app passes the one it keeps in the keychain; without one, the data folder keeps its own.
   */
  controlSecret: string | null;
  /** Where every time the sandbox keeps or compares comes from (server/clock.ts); tests move theirs on. */
  clock: Clock;
}

export interface RequestLimits {
  /** The whole request head (request line and headers); Node answers 408 and closes past it. */
  headersMs: number;
  /** A body that sends nothing for this long is answered 408 and its connection closed. */
  bodyIdleMs: number;
  /** A JSON or form body must have arrived whole this long after its headers. */
  jsonBodyMs: number;
  /**
   * An upload (multipart) has this long, and then must keep arriving at the rate below: it is given
   * `uploadGraceMs` plus its size at `uploadMinBytesPerSecond`.
   */
  uploadGraceMs: number;
  uploadMinBytesPerSecond: number;
  /**
   * After an answer sent before the body was read (a 401, a 429), the rest of the body is read and
   * thrown away so the client can read the answer, but only while it keeps coming: no byte for this
   * long, or not done within `afterAnswerMs` (plus its size at the upload rate), closes the connection.
   */
  afterAnswerIdleMs: number;
  afterAnswerMs: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  headersMs: 10_000,
  bodyIdleMs: 15_000,
  jsonBodyMs: 60_000,
  uploadGraceMs: 60_000,
  uploadMinBytesPerSecond: 32 * 1024,
  afterAnswerIdleMs: 2_000,
  afterAnswerMs: 5_000,
};

export const MB = 1024 * 1024;

export interface SandboxConfigInput {
  host?: string;
  port?: number;
  dataDir?: string;
  atRestKey?: Buffer | null;
  mode?: SandboxMode;
  webhookTimeScale?: number;
  tokenTtlSeconds?: number;
  limits?: Partial<SandboxConfig['limits']>;
  costs?: Partial<SandboxConfig['costs']>;
  defaultBalance?: number;
  rateLimit?: Partial<SandboxConfig['rateLimit']>;
  /** Same as `requestLimits.bodyIdleMs`. */
  bodyIdleTimeoutMs?: number;
  requestLimits?: Partial<RequestLimits>;
  signInThrottle?: { [K in keyof SignInThrottleConfig]?: Partial<ThrottlePolicy> } & {
    minFailureAnswerMs?: number;
  };
  controlSecret?: string | null;
  clock?: Clock;
}

export function resolveConfig(input: SandboxConfigInput = {}): SandboxConfig {
  return {
    host: input.host ?? '127.0.0.1',
    port: input.port ?? 4010,
    // Without a data folder the sandbox starts empty, like a fresh test account.
    dataDir: input.dataDir ?? mkdtempSync(join(tmpdir(), 'fica-sandbox-')),
    atRestKey: input.atRestKey ?? null,
    mode: input.mode ?? 'sandbox',
    webhookTimeScale: input.webhookTimeScale ?? 1,
    tokenTtlSeconds: input.tokenTtlSeconds ?? 3600,
    limits: {
      entityDocumentBytes: input.limits?.entityDocumentBytes ?? 40 * MB,
      uboDocumentBytes: input.limits?.uboDocumentBytes ?? 40 * MB,
      individualDocumentBytes: input.limits?.individualDocumentBytes ?? 20 * MB,
    },
    costs: { entity: input.costs?.entity ?? 10, individual: input.costs?.individual ?? 5 },
    defaultBalance: input.defaultBalance ?? 1000,
    rateLimit: { max: input.rateLimit?.max ?? 600, windowMs: input.rateLimit?.windowMs ?? 60_000 },
    requestLimits: {
      ...DEFAULT_REQUEST_LIMITS,
      ...(input.bodyIdleTimeoutMs === undefined ? {} : { bodyIdleMs: input.bodyIdleTimeoutMs }),
      ...input.requestLimits,
    },
    signInThrottle: {
      account: { ...DEFAULT_SIGN_IN_THROTTLE.account, ...input.signInThrottle?.account },
      address: { ...DEFAULT_SIGN_IN_THROTTLE.address, ...input.signInThrottle?.address },
      client: { ...DEFAULT_SIGN_IN_THROTTLE.client, ...input.signInThrottle?.client },
      clientAddress: { ...DEFAULT_SIGN_IN_THROTTLE.clientAddress, ...input.signInThrottle?.clientAddress },
      minFailureAnswerMs:
        input.signInThrottle?.minFailureAnswerMs ?? DEFAULT_SIGN_IN_THROTTLE.minFailureAnswerMs,
    },
    controlSecret: input.controlSecret ?? null,
    clock: input.clock ?? systemClock,
  };
}
