// The control secret of every sandbox a test started, by its address (what a person copies from the
// sandbox's output), apart from sandbox.ts so a bench whose sandbox runs in another process does not
// load the server.
import type { SandboxHandle } from '../../server/index.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';

const controlSecrets = new Map<string, string>();

/** Remembers a sandbox's control secret, so `controlHeaders(url)` can send it. */
export function rememberControlSecret(handle: Pick<SandboxHandle, 'url' | 'controlSecret'>): void {
  if (handle.controlSecret) controlSecrets.set(new URL(handle.url).origin, handle.controlSecret);
}

/** The header the /sandbox/v1 control API of the sandbox at `url` asks for (none for one in live mode). */
export function controlHeaders(url: string): Record<string, string> {
  const secret = controlSecrets.get(new URL(url).origin);
  return secret ? { [SANDBOX_CONTROL_SECRET_HEADER]: secret } : {};
}
