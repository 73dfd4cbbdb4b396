// The secret the embedded training sandbox's control API asks for (X-Sandbox-Control-Secret). The
// app makes one per data folder on the first start and keeps it in the keychain, so the control
// API, which sets staff passwords, answers only the app that runs that sandbox.
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { SecretStoreFactory } from './secret-store.js';
import { VAULT_SERVICE } from './service-names.js';

/** The keychain account of one data folder's secret: its path, hashed (no path in the keychain). */
export function controlSecretAccount(dataDir: string): string {
  const folder = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 32);
  return `training-sandbox-control/${folder}`;
}

/** The data folder's secret, made on the first call (the keychain's copy wins a race). */
export async function trainingSandboxControlSecret(
  dataDir: string,
  secrets: SecretStoreFactory,
): Promise<string> {
  const store = secrets(VAULT_SERVICE);
  const account = controlSecretAccount(dataDir);
  const saved = await store.get(account);
  if (saved) return saved;
  await store.set(account, randomBytes(32).toString('base64url'));
  const stored = await store.get(account);
  if (!stored) throw new Error('The keychain did not keep the training sandbox control secret.');
  return stored;
}
