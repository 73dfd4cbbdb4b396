// Starting with a keychain that has lost the vault key (or holds another one) while the data folder
// holds data encrypted with it: the core refuses to start with a message that says what happened and
// how to recover, and never creates a new key over the existing data.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/index.js';
import { VAULT_SERVICE } from '../../../electron/core/keychain/service-names.js';
import { FAST_QUEUE } from '../../support/core-harness.js';
import { coreInvoke, signInThrough } from '../../support/staff-sign-in.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';
import { saId } from '../../support/flows.js';
import { startTestSandbox } from '../../support/sandbox.js';

async function folderWithOneClient() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-nokey-'));
  const secrets = memorySecretStores();
  // A profile to capture under; its service only signs the person in (the queue does not start).
  const service = await startTestSandbox();
  const sandbox = { url: service.url, clientId: service.clientId, clientSecret: service.clientSecret };
  const core = await createCore({
    dataDir,
    secretStore: secrets,
    startQueue: false,
    queue: FAST_QUEUE,
    sandbox,
  });
  await signInThrough(coreInvoke(core), sandbox, 'capturer');
  await service.dispose();
  const created = await core.handle('individual.create', {
    firstName: 'Keyless',
    lastName: 'Client',
    clientSACitizen: true,
    idNumber: saId(),
  });
  expect(created.ok).toBe(true);
  await core.shutdown();
  return { dataDir, secrets };
}

describe('vault key missing from the keychain', () => {
  it('explains what happened and how to recover, and creates no new key', async () => {
    const { dataDir } = await folderWithOneClient();
    const before = await readFile(join(dataDir, 'fica-desk.sqlite'));
    const emptyKeychain = memorySecretStores();
    const start = createCore({ dataDir, secretStore: emptyKeychain, startQueue: false });
    await expect(start).rejects.toMatchObject({ name: 'VaultKeyMissingError' });
    const message = await start.catch((error: Error) => error.message);
    expect(message).toMatch(/vault key is missing from the system keychain/);
    expect(message).toMatch(/local data in .* cannot be read/);
    expect(message).toMatch(/restore the keychain entry/);
    expect(message).toMatch(/import an archive/);
    expect(await emptyKeychain(VAULT_SERVICE).get('vault-key')).toBeNull();
    expect((await readFile(join(dataDir, 'fica-desk.sqlite'))).equals(before)).toBe(true);
  });

  it('says so when the keychain holds a different key than the data was saved with', async () => {
    const { dataDir } = await folderWithOneClient();
    const otherKeychain = memorySecretStores();
    await otherKeychain(VAULT_SERVICE).set('vault-key', Buffer.alloc(32, 7).toString('base64'));
    await expect(
      createCore({ dataDir, secretStore: otherKeychain, startQueue: false }),
    ).rejects.toMatchObject({
      name: 'VaultKeyMismatchError',
      message: expect.stringMatching(/not the one the local data .* was saved with/),
    });
  });

  it('creates the key on a fresh data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fica-fresh-'));
    const secrets = memorySecretStores();
    const core = await createCore({ dataDir, secretStore: secrets, startQueue: false });
    expect(await secrets(VAULT_SERVICE).get('vault-key')).not.toBeNull();
    await core.shutdown();
  });
});
