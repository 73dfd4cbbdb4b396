// Everything the sandbox can be told at start-up, with the defaults of contract §6, §7, §11 and §12.
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

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
  /** A request body that sends nothing for this long is answered 408 and its connection closed. */
  bodyIdleTimeoutMs: number;
}

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
  bodyIdleTimeoutMs?: number;
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
    bodyIdleTimeoutMs: input.bodyIdleTimeoutMs ?? 15_000,
  };
}
