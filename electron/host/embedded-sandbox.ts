// The embedded sandbox both shells start: the headless host and the Electron main process. Only
// electron/host may import server/, so the desktop shell reaches the sandbox through this module.
// It is the training sandbox of a desk: its database and uploaded files are sealed on disk with a
// key kept in the OS keychain (or the development keychain), like the app's own data.
import { existsSync } from 'node:fs';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../../server/index.js';
import { SEALED_DB_FILE } from '../../server/store/sealed-database.js';
import {
  TRAINING_SANDBOX_KEY_ACCOUNT,
  VaultKeyStore,
  trainingSandboxControlSecret,
  type SecretStoreFactory,
} from '../core/keychain/index.js';

export interface EmbeddedSandbox {
  handle: SandboxHandle;
  /** What the core needs to create its "Sandbox" profile. */
  config: {
    url: string;
    clientId: string;
    clientSecret: string;
    staff: { email: string; name: string; role: StaffRole; password: string }[];
  };
}

/** Sealed training data is on disk but the keychain has no key for it. */
export class TrainingSandboxKeyMissingError extends Error {
  override readonly name = 'TrainingSandboxKeyMissingError';
  constructor(dir: string) {
    super(
      `The training sandbox's practice data in ${dir} is sealed with a key that is no longer in this computer's keychain, so it cannot be opened. ` +
        'Restore the keychain, or delete that folder to start the training sandbox afresh (it holds practice data only).',
    );
  }
}

export function trainingSandboxDir(dataDir: string): string {
  return join(dataDir, 'sandbox');
}

/** The training sandbox's at-rest key, created with its first data; never made over sealed data. */
export async function trainingSandboxKey(dataDir: string, secrets: SecretStoreFactory): Promise<Buffer> {
  const keys = new VaultKeyStore(secrets, TRAINING_SANDBOX_KEY_ACCOUNT);
  const dir = trainingSandboxDir(dataDir);
  if (!(await keys.exists()) && existsSync(join(dir, SEALED_DB_FILE)))
    throw new TrainingSandboxKeyMissingError(dir);
  return keys.getOrCreate();
}

/** What the embedded sandbox needs from the keychain: its at-rest key and its control secret. */
export interface TrainingSandboxSecrets {
  atRestKey: Buffer;
  controlSecret: string;
}

export async function trainingSandboxSecrets(
  dataDir: string,
  secrets: SecretStoreFactory,
): Promise<TrainingSandboxSecrets> {
  return {
    atRestKey: await trainingSandboxKey(dataDir, secrets),
    controlSecret: await trainingSandboxControlSecret(dataDir, secrets),
  };
}

/**
 * Starts the sandbox on loopback with its data sealed under `<dataDir>/sandbox`, kept across
 * restarts, and its control API answering only requests with the app's secret.
 */
export async function startEmbeddedSandbox(
  dataDir: string,
  keys: TrainingSandboxSecrets,
  port = 0,
): Promise<EmbeddedSandbox> {
  const handle = await startSandbox({
    host: '127.0.0.1',
    port,
    dataDir: trainingSandboxDir(dataDir),
    atRestKey: keys.atRestKey,
    controlSecret: keys.controlSecret,
  });
  return {
    handle,
    config: {
      url: handle.url,
      clientId: handle.demoPartner.clientId,
      clientSecret: handle.demoPartner.clientSecret,
      staff: handle.staff.map(({ email, name, role, password }) => ({ email, name, role, password })),
    },
  };
}
