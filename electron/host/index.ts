// The headless host: the core, the embedded sandbox and the built renderer under plain Node, with
// the IPC contract bridged over loopback HTTP. Used by `npm run start:web` and the renderer's
// Playwright tests (which stop and start the sandbox to simulate going offline).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../shared/ipc/model.js';
import type { SandboxHandle } from '../../server/index.js';
import { createCore, type Core, type CoreOptions } from '../core/index.js';
import {
  DEV_KEYCHAIN_FILE,
  VAULT_SERVICE,
  devFileSecretStores,
  keytarSecretStores,
  type SecretStoreFactory,
} from '../core/keychain/index.js';
import { createBridgeServer } from './bridge-server.js';
import {
  SandboxCredentialsMissing,
  SandboxPartnerExists,
  createSandboxPartner,
  type SandboxPartner,
} from './sandbox-partner.js';
import type { TrainingSandboxSecrets } from './embedded-sandbox.js';

// The sandbox service's code (its web server, report library) is loaded only by a host that embeds
// it: one pointed at a sandbox elsewhere holds just the core.
const embeddedSandbox = () => import('./embedded-sandbox.js');

export interface StartHostOptions {
  dataDir: string;
  /** Port of the bridge on 127.0.0.1; 0 picks a free one. */
  port?: number;
  rendererDir: string;
  /**
   * The embedded sandbox (default), or a sandbox service running elsewhere, which becomes the active
   * profile: signed in with the credentials given, else those saved before. With neither, startHost
   * throws SandboxCredentialsMissing, unless `newPartner` asks for a practice partner, which the host
   * creates through the sandbox's control API (reported in `sandboxSignIn`).
   */
  sandbox?:
    | 'embedded'
    | {
        url: string;
        clientId?: string;
        clientSecret?: string;
        newPartner?: boolean;
        /** With `newPartner`: the secret the sandbox's control API asks for. */
        controlSecret?: string;
      };
  secretStore?: SecretStoreFactory;
  /** Secrets in the insecure plain-file development keychain of the data folder (sandbox only). */
  devKeychain?: boolean;
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
  /** The app's address; a browser gets in only through a link of openUrl(). */
  url: string;
  /** A fresh one-time link that signs the browser opening it in (HttpOnly cookie) and leads to the app. */
  openUrl(): string;
  token: string;
  core: Core;
  sandbox: SandboxHandle | null;
  /** With a sandbox URL: the partner created for this desk (credentials to note), or why sign-in failed. */
  sandboxSignIn: { created: SandboxPartner } | { failed: string } | null;
  sandboxControl: SandboxControl;
  stop(): Promise<void>;
}

export async function startHost(options: StartHostOptions): Promise<Host> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  let sandbox: SandboxHandle | null = null;
  let sandboxConfig: CoreOptions['sandbox'];
  let sandboxKeys: TrainingSandboxSecrets | null = null;
  if (options.sandbox === undefined || options.sandbox === 'embedded') {
    // The same keychain the core uses below; the development one holds only vault-service keys here.
    const secrets = options.devKeychain
      ? devFileSecretStores(join(options.dataDir, DEV_KEYCHAIN_FILE), (service) => service === VAULT_SERVICE)
      : (options.secretStore ?? keytarSecretStores);
    const { startEmbeddedSandbox, trainingSandboxSecrets } = await embeddedSandbox();
    sandboxKeys = await trainingSandboxSecrets(options.dataDir, secrets);
    const embedded = await startEmbeddedSandbox(options.dataDir, sandboxKeys);
    sandbox = embedded.handle;
    sandboxConfig = embedded.config;
  } else {
    const { url, clientId, clientSecret } = options.sandbox;
    sandboxConfig = { url, clientId, clientSecret };
  }
  const sandboxPort = sandbox?.port ?? null;

  let core: Core;
  try {
    core = await createCore({
      dataDir: join(options.dataDir, 'desk'),
      secretStore: options.secretStore,
      devKeychainFile: options.devKeychain ? join(options.dataDir, DEV_KEYCHAIN_FILE) : undefined,
      sandbox: sandboxConfig,
      shell: 'web',
      queue: { probeIntervalMs: 2000, ...options.queue },
      log: options.log,
    });
  } catch (error) {
    // A core that cannot start (a missing vault key) must not leave the embedded sandbox running.
    await sandbox?.stop();
    throw error;
  }
  let sandboxSignIn: Host['sandboxSignIn'] = null;
  if (options.sandbox && options.sandbox !== 'embedded') {
    try {
      sandboxSignIn = await useSandboxService(core, options.sandbox.url, {
        newPartner: options.sandbox.newPartner === true,
        controlSecret: options.sandbox.controlSecret,
      });
    } catch (error) {
      await core.shutdown();
      throw error;
    }
  }
  const token = randomBytes(32).toString('base64url');
  const bridge = createBridgeServer({
    core,
    rendererDir: options.rendererDir,
    token,
    port: options.port ?? 0,
  });
  const server = bridge.server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  const host: Host = {
    url: `http://127.0.0.1:${port}/`,
    openUrl: () => `http://127.0.0.1:${port}${bridge.issueOpenPath()}`,
    token,
    core,
    sandbox,
    sandboxSignIn,
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
        if (host.sandbox || sandboxPort === null || sandboxKeys === null) return;
        const { startEmbeddedSandbox } = await embeddedSandbox();
        host.sandbox = (await startEmbeddedSandbox(options.dataDir, sandboxKeys, sandboxPort)).handle;
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

/**
 * Makes the sandbox profile of `url` active. Without credentials for it, a new partner is created only
 * when asked for; otherwise SandboxCredentialsMissing is thrown, so no laptop silently becomes a
 * partner whose desk never shows the branch's cases.
 */
async function useSandboxService(
  core: Core,
  url: string,
  ask: { newPartner: boolean; controlSecret?: string },
): Promise<Host['sandboxSignIn']> {
  const profiles = await core.handle('profiles.list', {});
  if (!profiles.ok) return { failed: profiles.error.message };
  const profile = (profiles.value as Profile[]).find((p) => p.kind === 'sandbox' && p.baseUrl === url);
  if (!profile) return { failed: `No sandbox profile for ${url}.` };
  if (profile.hasCredentials && ask.newPartner) throw new SandboxPartnerExists(url);
  if (!profile.hasCredentials && !ask.newPartner) throw new SandboxCredentialsMissing(url);
  await core.handle('profiles.activate', { id: profile.id });
  if (profile.hasCredentials) return null;
  try {
    const partner = await createSandboxPartner(url, 'FICA Desk', ask.controlSecret);
    const signIn = await core.handle('profiles.setCredentials', {
      profileId: profile.id,
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
    });
    if (!signIn.ok) return { failed: signIn.error.message };
    const answer = signIn.value as { verified: boolean; message: string };
    return answer.verified ? { created: partner } : { failed: answer.message };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
