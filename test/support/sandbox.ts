// The real sandbox for core tests: in-process on port 0 with its own data folder, restartable on the
// same port and data (to take the service away and bring it back, as a branch's Wi-Fi does).
import { mkdtemp } from 'node:fs/promises';
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
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSandbox(options: StartSandboxOptions = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fica-core-sandbox-')));
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
    async stop() {
      const h = handle;
      handle = null;
      await h?.stop();
    },
    async start() {
      if (handle) return;
      handle = await startSandbox({ ...options, port, dataDir });
    },
  };
  return sandbox;
}
