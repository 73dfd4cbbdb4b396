// The one place main starts the core. Its data lives under Electron's per-user folder; everything
// else (database, vault, queue) is the core's business.
import path from 'node:path';
import { createCore, type Core, type CoreOptions } from '../core/index.js';
import type { CoreLike } from './core-port.js';

export interface StartCoreOptions {
  /** app.getPath('userData'). */
  userDataDir: string;
  appVersion: string;
  /** The embedded sandbox's address and demo credentials, when main started one. */
  sandbox?: CoreOptions['sandbox'];
  openBrowser?: CoreOptions['openBrowser'];
}

export async function startCore(options: StartCoreOptions): Promise<CoreLike> {
  const core: Core = await createCore({
    // Same layout as the headless host (<data>/desk), so the two shells never share one database.
    dataDir: path.join(options.userDataDir, 'desk'),
    shell: 'electron',
    version: options.appVersion,
    sandbox: options.sandbox,
    openBrowser: options.openBrowser,
  });
  return core;
}
