// Starts the sandbox in-process: used by the CLI, the integration tests and the desktop host.
import { resolveConfig, type SandboxConfigInput, type SandboxMode } from './config.js';
import { buildApp } from './app.js';
import { ensureDemoPartner, type DemoPartner } from './seed.js';
import type { AppContext } from './context.js';
import type { StaffAccountWithPassword } from '../shared/api/sandbox.js';
import { listeningPort, oidcIssuer, serverUrl } from './http/server-url.js';
import { controlSecretOf } from './auth/control-secret.js';

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
  /** The demo partner's capturer, reviewer and admin with their current sign-in passwords. */
  staff: StaffAccountWithPassword[];
  /** The staff sign-in's OpenID Connect issuer (`${url}/oidc`). */
  oidc: { issuer: string };
  /**
   * What the /sandbox/v1 control API asks for in its X-Sandbox-Control-Secret header; null in live
   * mode, where that API is off.
   */
  controlSecret: string | null;
  /** The running instance's store and services, for tests that need to reach behind the API. */
  context: AppContext;
  stop(): Promise<void>;
}

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const config = resolveConfig(opts);
  const { app, ctx } = await buildApp(config, { logger: opts.logger ?? false });
  const demo = await ensureDemoPartner(ctx);
  ctx.persist();
  await app.listen({ host: config.host, port: config.port });
  const url = serverUrl(app, config.host, config.port);
  let stopped = false;
  return {
    url,
    port: listeningPort(app, config.port),
    dataDir: config.dataDir,
    demoPartner: demo.partner,
    staff: demo.staff,
    oidc: { issuer: oidcIssuer(url) },
    controlSecret: config.mode === 'sandbox' ? controlSecretOf(ctx) : null,
    context: ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
    },
  };
}

export type { SandboxConfigInput, SandboxMode } from './config.js';
export type { DemoPartner } from './seed.js';
export type { StaffAccountWithPassword } from '../shared/api/sandbox.js';
