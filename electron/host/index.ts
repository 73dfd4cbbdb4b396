// The headless host: the core, the embedded sandbox and the built renderer under plain Node, with
// the IPC contract bridged over loopback HTTP. Used by `npm run start:web` and the renderer's
// Playwright tests (which stop and start the sandbox to simulate going offline).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxHandle } from '../../server/index.js';
import { createCore, type Core, type CoreOptions } from '../core/index.js';
import type { SecretStoreFactory } from '../core/keychain/index.js';
import { createBridgeServer } from './bridge-server.js';
import { startEmbeddedSandbox } from './embedded-sandbox.js';

export interface StartHostOptions {
  dataDir: string;
  /** Port of the bridge on 127.0.0.1; 0 picks a free one. */
  port?: number;
  rendererDir: string;
  /** The embedded sandbox (default), or a service already running elsewhere. */
  sandbox?: 'embedded' | { url: string; clientId?: string; clientSecret?: string };
  secretStore?: SecretStoreFactory;
  queue?: CoreOptions['queue'];
  log?: CoreOptions['log'];
}

export interface SandboxControl {
  readonly running: boolean;
  /** Stops the embedded sandbox (the app goes offline); its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
}

export interface Host {
  url: string;
  token: string;
  core: Core;
  sandbox: SandboxHandle | null;
  sandboxControl: SandboxControl;
  stop(): Promise<void>;
}

export async function startHost(options: StartHostOptions): Promise<Host> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  let sandbox: SandboxHandle | null = null;
  let sandboxConfig: CoreOptions['sandbox'];
  if (options.sandbox === undefined || options.sandbox === 'embedded') {
    const embedded = await startEmbeddedSandbox(options.dataDir);
    sandbox = embedded.handle;
    sandboxConfig = embedded.config;
  } else if (options.sandbox.clientId && options.sandbox.clientSecret) {
    sandboxConfig = {
      url: options.sandbox.url,
      clientId: options.sandbox.clientId,
      clientSecret: options.sandbox.clientSecret,
    };
  }
  const sandboxPort = sandbox?.port ?? null;

  const core = await createCore({
    dataDir: join(options.dataDir, 'desk'),
    secretStore: options.secretStore,
    sandbox: sandboxConfig,
    shell: 'web',
    queue: { probeIntervalMs: 2000, ...options.queue },
    log: options.log,
  });
  const token = randomBytes(32).toString('base64url');
  const server = createBridgeServer({
    core,
    rendererDir: options.rendererDir,
    token,
    port: options.port ?? 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  const host: Host = {
    url: `http://127.0.0.1:${port}/`,
    token,
    core,
    sandbox,
    sandboxControl: {
      get running() {
        return host.sandbox !== null;
      },
      async stop() {
        const running = host.sandbox;
        host.sandbox = null;
        await running?.stop();
      },
      async start() {
        if (host.sandbox || sandboxPort === null) return;
        host.sandbox = (await startEmbeddedSandbox(options.dataDir, sandboxPort)).handle;
        core.internals.queue.sendNow();
      },
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await core.shutdown();
      await host.sandbox?.stop();
      host.sandbox = null;
    },
  };
  return host;
}
