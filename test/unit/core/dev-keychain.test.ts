// The development keychain (a plain file) holds the vault key and training-sandbox secrets only:
// anything of a test or live profile is refused, and the core refuses to create such profiles.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/index.js';
import {
  DevKeychainRefusedError,
  devFileSecretStores,
  DEV_KEYCHAIN_FILE,
} from '../../../electron/core/keychain/index.js';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.shutdown()));
});

async function devCore() {
  const dir = await mkdtemp(join(tmpdir(), 'fica-dev-keychain-'));
  const core = await createCore({
    dataDir: join(dir, 'desk'),
    devKeychainFile: join(dir, DEV_KEYCHAIN_FILE),
    startQueue: false,
  });
  cores.push(core);
  return { core, file: join(dir, DEV_KEYCHAIN_FILE) };
}

describe('development keychain', () => {
  it('writes a file whose header says it is insecure, and reads back what it saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fica-dev-keychain-'));
    const file = join(dir, DEV_KEYCHAIN_FILE);
    const stores = devFileSecretStores(file, () => true);
    await stores('fica-desk/sandbox-1').set('client-credentials', 'secret');
    expect(await devFileSecretStores(file, () => true)('fica-desk/sandbox-1').get('client-credentials')).toBe(
      'secret',
    );
    expect(JSON.parse(await readFile(file, 'utf8')).warning).toMatch(/^INSECURE DEVELOPMENT KEYCHAIN/);
  });

  it('refuses to keep a secret of a service it does not allow', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fica-dev-keychain-'));
    const stores = devFileSecretStores(
      join(dir, DEV_KEYCHAIN_FILE),
      (service) => service === 'fica-desk/vault',
    );
    await expect(stores('fica-desk/live-1').set('client-credentials', 'x')).rejects.toBeInstanceOf(
      DevKeychainRefusedError,
    );
    expect(await stores('fica-desk/live-1').get('client-credentials')).toBeNull();
  });

  it.each(['test', 'live'] as const)('the core refuses to create a %s profile', async (kind) => {
    const { core } = await devCore();
    const answer = await core.handle('profiles.save', {
      name: 'Bank',
      kind,
      baseUrl: 'https://api.example.com',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    // The reason belongs to the Kind field, where the form shows it.
    expect(answer).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'kind', message: expect.stringMatching(/insecure development keychain/) }] },
    });
    expect(await core.handle('profiles.list', {})).toMatchObject({ ok: true, value: [] });
  });

  it('the core accepts a sandbox profile and says the keychain is the development file', async () => {
    const { core } = await devCore();
    const answer = await core.handle('profiles.save', {
      name: 'Training',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
    });
    expect(answer.ok).toBe(true);
    expect(await core.handle('app.info', {})).toMatchObject({
      ok: true,
      value: { keychain: 'development-file' },
    });
  });
});
