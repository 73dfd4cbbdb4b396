// The embedded sandbox both shells start: the headless host and the Electron main process. Only
// electron/host may import server/, so the desktop shell reaches the sandbox through this module.
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../../server/index.js';

export interface EmbeddedSandbox {
  handle: SandboxHandle;
  /** What the core needs to create its "Sandbox" profile. */
  config: { url: string; clientId: string; clientSecret: string };
}

/** Starts the sandbox on loopback with its data under `<dataDir>/sandbox`, kept across restarts. */
export async function startEmbeddedSandbox(dataDir: string, port = 0): Promise<EmbeddedSandbox> {
  const handle = await startSandbox({ host: '127.0.0.1', port, dataDir: join(dataDir, 'sandbox') });
  return {
    handle,
    config: {
      url: handle.url,
      clientId: handle.demoPartner.clientId,
      clientSecret: handle.demoPartner.clientSecret,
    },
  };
}
