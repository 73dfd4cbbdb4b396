// The host's embedded training sandbox: its data is sealed with a key from the keychain the app
// uses, a desk whose key is gone says so instead of starting on data it cannot read, and its control
// API answers only the app, which holds that data folder's secret in the keychain.
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
import {
  controlSecretAccount,
  TRAINING_SANDBOX_KEY_ACCOUNT,
  VAULT_SERVICE,
} from '../../../electron/core/keychain/index.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../../shared/api/sandbox.js';
import { ensureVaultKey, testSecrets } from '../../support/core-harness.js';
import { deskClient, signInWithDesk } from '../../support/oidc-login.js';

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

  it('keeps its control API to the app: another local program cannot set the admin password', async () => {
    const { dataDir, rendererDir } = await hostFolders();
    const secretStore = testSecrets();
    await ensureVaultKey(secretStore);
    let host = await startHost({ dataDir, rendererDir, port: 0, secretStore });
    try {
      const sandbox = host.sandbox!;
      const admin = sandbox.staff.find((a) => a.role === 'admin')!;
      const path = `${sandbox.url}/sandbox/v1/partners/${sandbox.demoPartner.partnerId}/users/${admin.userId}/password`;
      const take = (headers: Record<string, string>) =>
        fetch(path, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ password: 'taken over by a local program' }),
        });
      // What the audit did: knowing the partner id is not enough any more, nor is a guessed secret.
      expect((await take({})).status).toBe(401);
      expect((await take({ [SANDBOX_CONTROL_SECRET_HEADER]: 'guessed' })).status).toBe(401);
      const desk = await deskClient(sandbox.oidc.issuer);
      await expect(signInWithDesk(desk, admin.email, 'taken over by a local program')).rejects.toThrow(
        /did not reach the callback/,
      );
      expect((await signInWithDesk(desk, admin.email, admin.password)).roles).toEqual(['admin']);

      // The app's secret, made for this data folder and kept in the keychain, opens it.
      const kept = await secretStore(VAULT_SERVICE).get(controlSecretAccount(dataDir));
      expect(kept).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sandbox.controlSecret).toBe(kept);
      expect((await take({ [SANDBOX_CONTROL_SECRET_HEADER]: kept! })).status).toBe(204);

      // The same secret after a restart of the app on the same folder; another folder has its own.
      await host.stop();
      host = await startHost({ dataDir, rendererDir, port: 0, secretStore });
      expect(host.sandbox!.controlSecret).toBe(kept);
      const other = await hostFolders();
      const second = await startHost({ ...other, port: 0, secretStore });
      expect(second.sandbox!.controlSecret).not.toBe(kept);
      await second.stop();
    } finally {
      await host.stop();
    }
  }, 120_000);
});
