// Starts the sandbox in-process: used by the CLI, the integration tests and the desktop host.
import { resolveConfig, type SandboxConfigInput, type SandboxMode } from './config.js';
import { buildApp } from './app.js';
import { ensureDemoPartner, type DemoPartner } from './seed.js';
import type { AppContext } from './context.js';

export interface StartSandboxOptions extends SandboxConfigInput {
  host?: string;
  port?: number;
  dataDir?: string;
  webhookTimeScale?: number;
  mode?: SandboxMode;
  logger?: boolean;
}

export interface SandboxHandle {
  url: string;
  port: number;
  dataDir: string;
  demoPartner: DemoPartner;
  /** The running instance's store and services, for tests that need to reach behind the API. */
  context: AppContext;
  stop(): Promise<void>;
}

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const config = resolveConfig(opts);
  const { app, ctx } = await buildApp(config, { logger: opts.logger ?? false });
  const demoPartner = ensureDemoPartner(ctx);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let stopped = false;
  return {
    url: `http://${host}:${port}`,
    port,
    dataDir: config.dataDir,
    demoPartner,
    context: ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
    },
  };
}

export type { SandboxConfig, SandboxConfigInput, SandboxMode } from './config.js';
export type { DemoPartner } from './seed.js';
