// The one place main starts the core. The data lives under Electron's per-user folder; everything
// else (database, vault, queue) is the core's business.
import type { CoreLike } from './core-port.js';

export interface StartCoreOptions {
  /** app.getPath('userData'): the core keeps its SQLite file and vault below it. */
  dataDir: string;
  appVersion: string;
}

export async function startCore(options: StartCoreOptions): Promise<CoreLike> {
  // Wiring point: replace with `return createCore({ ...options, shell: 'electron' })` from
  // ../core/index.js once electron/core exports it.
  throw new Error(`The core is not wired into the desktop shell yet (data dir ${options.dataDir}).`);
}
