import { describe, expect, it } from 'vitest';
import { CredentialStore } from '../../../electron/core/keychain/credential-store.js';
import { profileService, VAULT_SERVICE } from '../../../electron/core/keychain/service-names.js';
import {
  isTokenUsable,
  TokenStore,
  tokenFromExpiresIn,
} from '../../../electron/core/keychain/token-store.js';
import { VaultKeyCorruptError, VaultKeyStore } from '../../../electron/core/keychain/vault-key-store.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';

describe('service names', () => {
  it('scopes each profile under fica-desk/<profileId>', () => {
    expect(profileService('sandbox-1')).toBe('fica-desk/sandbox-1');
    expect(VAULT_SERVICE).toBe('fica-desk/vault');
  });

  it('refuses ids that would alias another service', () => {
    for (const bad of ['vault', '', 'a/b', '../x', 'x'.repeat(65)])
      expect(() => profileService(bad)).toThrow(RangeError);
  });
});

describe('CredentialStore', () => {
  it('saves the pair as one JSON entry in the profile service and reads it back', async () => {
    const stores = memorySecretStores();
    const credentials = new CredentialStore(stores);
    expect(await credentials.hasCredentials('p1')).toBe(false);
    await credentials.save('p1', { clientId: 'client-1', clientSecret: 's3cret' });
    expect(await credentials.hasCredentials('p1')).toBe(true);
    expect(await credentials.load('p1')).toEqual({ clientId: 'client-1', clientSecret: 's3cret' });
    expect(await credentials.hasCredentials('p2')).toBe(false);
    const entries = stores.services.get('fica-desk/p1')?.entries;
    expect(entries?.size).toBe(1);
    expect(JSON.parse([...(entries?.values() ?? [])][0] ?? '')).toEqual({
      clientId: 'client-1',
      clientSecret: 's3cret',
    });
  });

  it('refuses an empty secret and treats a damaged entry as absent', async () => {
    const stores = memorySecretStores();
    const credentials = new CredentialStore(stores);
    await expect(credentials.save('p1', { clientId: 'c', clientSecret: '' })).rejects.toThrow();
    await stores('fica-desk/p1').set('client-credentials', '{not json');
    expect(await credentials.load('p1')).toBeNull();
    await stores('fica-desk/p1').set('client-credentials', '{"clientId":"c"}');
    expect(await credentials.hasCredentials('p1')).toBe(false);
  });

  it('remove reports whether there was something to remove', async () => {
    const credentials = new CredentialStore(memorySecretStores());
    await credentials.save('p1', { clientId: 'c', clientSecret: 's' });
    expect(await credentials.remove('p1')).toBe(true);
    expect(await credentials.remove('p1')).toBe(false);
    expect(await credentials.load('p1')).toBeNull();
  });
});

describe('TokenStore', () => {
  it('keeps the token with its expiry and hides it once (nearly) expired', async () => {
    const tokens = new TokenStore(memorySecretStores());
    const now = 1_700_000_000_000;
    await tokens.save('p1', tokenFromExpiresIn('tok', 3600, now));
    expect(await tokens.load('p1')).toEqual({ accessToken: 'tok', expiresAt: now + 3_600_000 });
    expect(await tokens.loadUsable('p1', now + 3_000_000)).not.toBeNull();
    expect(await tokens.loadUsable('p1', now + 3_590_000)).toBeNull();
    expect(isTokenUsable({ accessToken: 't', expiresAt: now }, now)).toBe(false);
    expect(await tokens.clear('p1')).toBe(true);
    expect(await tokens.load('p1')).toBeNull();
  });
});

describe('VaultKeyStore', () => {
  it('creates a 32-byte key once and returns the same key afterwards, also to concurrent callers', async () => {
    const stores = memorySecretStores();
    const [a, b] = await Promise.all([
      new VaultKeyStore(stores).getOrCreate(),
      new VaultKeyStore(stores).getOrCreate(),
    ]);
    const keys = new VaultKeyStore(stores);
    const [c, d] = await Promise.all([keys.getOrCreate(), keys.getOrCreate()]);
    expect(c.length).toBe(32);
    expect(c.equals(d)).toBe(true);
    // The two first stores raced; the keychain's copy wins for everyone who reads it later.
    const saved = Buffer.from((await stores(VAULT_SERVICE).get('vault-key')) ?? '', 'base64');
    expect(saved.equals(c)).toBe(true);
    expect([a, b].some((k) => k.equals(saved))).toBe(true);
  });

  it('refuses a damaged key instead of silently replacing it', async () => {
    const stores = memorySecretStores();
    await stores(VAULT_SERVICE).set('vault-key', 'not-a-key');
    await expect(new VaultKeyStore(stores).getOrCreate()).rejects.toBeInstanceOf(VaultKeyCorruptError);
  });
});
