// The one way tests start the real sandbox: in-process on port 0 with its own data folder, restartable
// on the same port and data (to take the service away and bring it back, as a branch's Wi-Fi does).
// The sandbox and conformance suites wrap it with their HTTP clients (their helpers.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../../server/index.js';
import { controlHeaders, rememberControlSecret } from './control-secrets.js';

export { controlHeaders, rememberControlSecret };

/** fetch() of a /sandbox/v1 control route of the sandbox at `url`, with its secret (and JSON, given a body). */
export function sandboxControl(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...controlHeaders(url), ...init.headers };
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  return fetch(new URL(path, url), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export interface TestSandbox {
  readonly handle: SandboxHandle | null;
  url: string;
  port: number;
  dataDir: string;
  clientId: string;
  clientSecret: string;
  partnerId: string;
  /** What its control API asks for (X-Sandbox-Control-Secret); null in live mode. */
  controlSecret: string | null;
  /** The staff sign-in's issuer (a profile behind a proxy names it: the proxy's address is not it). */
  issuer: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data folder when this helper made it. */
  dispose(): Promise<void>;
}

export async function startTestSandbox(options: StartSandboxOptions = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fica-test-sandbox-')));
  let handle: SandboxHandle | null = await startSandbox({ ...options, port: options.port ?? 0, dataDir });
  rememberControlSecret(handle);
  const port = handle.port;
  const sandbox: TestSandbox = {
    get handle() {
      return handle;
    },
    url: handle.url,
    port,
    dataDir,
    clientId: handle.demoPartner.clientId,
    clientSecret: handle.demoPartner.clientSecret,
    partnerId: handle.demoPartner.partnerId,
    controlSecret: handle.controlSecret,
    issuer: handle.oidc.issuer,
    async stop() {
      const h = handle;
      handle = null;
      await h?.stop();
    },
    async start() {
      if (handle) return;
      handle = await startSandbox({ ...options, port, dataDir });
      rememberControlSecret(handle);
    },
    async dispose() {
      await sandbox.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return sandbox;
}
