// The host's embedded training sandbox: its data is sealed with a key from the keychain the app
// uses, and a desk whose key is gone says so instead of starting on data it cannot read.
import { readdir } from 'node:fs/promises';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHost } from '../../../electron/host/index.js';
import {
  TrainingSandboxKeyMissingError,
  trainingSandboxDir,
  trainingSandboxKey,
} from '../../../electron/host/embedded-sandbox.js';
import { TRAINING_SANDBOX_KEY_ACCOUNT, VAULT_SERVICE } from '../../../electron/core/keychain/index.js';
import { ensureVaultKey, testSecrets } from '../../support/core-harness.js';

async function hostFolders(): Promise<{ dataDir: string; rendererDir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fica-host-training-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>FICA Desk</title>');
  return { dataDir: join(dir, 'data'), rendererDir };
}

describe('embedded training sandbox', () => {
  it('keeps its database sealed under a key in the keychain', async () => {
    const { dataDir, rendererDir } = await hostFolders();
    const secretStore = testSecrets();
    await ensureVaultKey(secretStore);
    const host = await startHost({ dataDir, rendererDir, port: 0, secretStore });
    await host.stop();

    const files = await readdir(trainingSandboxDir(dataDir));
    expect(files).toContain('sandbox.sqlite.sealed');
    expect(files).not.toContain('sandbox.sqlite');
    expect(await secretStore(VAULT_SERVICE).get(TRAINING_SANDBOX_KEY_ACCOUNT)).toMatch(
      /^[A-Za-z0-9+/]{43}=$/,
    );
  });

  it('refuses sealed practice data whose key left the keychain, naming the folder', async () => {
    const { dataDir, rendererDir } = await hostFolders();
    const secretStore = testSecrets();
    await ensureVaultKey(secretStore);
    const host = await startHost({ dataDir, rendererDir, port: 0, secretStore });
    await host.stop();
    await secretStore(VAULT_SERVICE).delete(TRAINING_SANDBOX_KEY_ACCOUNT);

    const attempt = trainingSandboxKey(dataDir, secretStore);
    await expect(attempt).rejects.toThrow(TrainingSandboxKeyMissingError);
    await expect(trainingSandboxKey(dataDir, secretStore)).rejects.toThrow(trainingSandboxDir(dataDir));
  });
});
