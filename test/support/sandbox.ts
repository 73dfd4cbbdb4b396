// The one way tests start the real sandbox: in-process on port 0 with its own data folder, restartable
// on the same port and data (to take the service away and bring it back, as a branch's Wi-Fi does).
// The sandbox and conformance suites wrap it with their HTTP clients (their helpers.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../../server/index.js';

export interface TestSandbox {
  readonly handle: SandboxHandle | null;
  url: string;
  port: number;
  dataDir: string;
  clientId: string;
  clientSecret: string;
  partnerId: string;
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
    issuer: handle.oidc.issuer,
    async stop() {
      const h = handle;
      handle = null;
      await h?.stop();
    },
    async start() {
      if (handle) return;
      handle = await startSandbox({ ...options, port, dataDir });
    },
    async dispose() {
      await sandbox.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return sandbox;
}
