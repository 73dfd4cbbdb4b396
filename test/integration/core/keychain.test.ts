// Runs against the real OS keychain through keytar, inside scripts/with-keyring.sh, which starts a
// throwaway gnome-keyring on a private D-Bus session: a developer's own keyring is never touched.
// Without that keyring these tests fail with the command to run, rather than skip: a keychain that
// was never tested must not pass.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CredentialStore } from '../../../electron/core/keychain/credential-store.js';
import {
  keytarSecretStores,
  KeytarSecretStore,
} from '../../../electron/core/keychain/keytar-secret-store.js';
import { profileService } from '../../../electron/core/keychain/service-names.js';
import { TokenStore } from '../../../electron/core/keychain/token-store.js';
import { VaultKeyStore } from '../../../electron/core/keychain/vault-key-store.js';

const inKeyring = process.env.FICA_KEYRING === '1';

// A fresh profile id per run, so reruns in a long-lived keyring never see old entries.
const profileId = `it-${randomUUID().slice(0, 8)}`;

describe('keychain (real Secret Service via keytar)', () => {
  beforeEach(() => {
    if (!inKeyring) {
      throw new Error(
        'Not inside the test keyring. Run: bash scripts/with-keyring.sh npx vitest run --project integration test/integration/core/keychain.test.ts',
      );
    }
  });

  afterAll(async () => {
    if (!inKeyring) return;
    await new CredentialStore(keytarSecretStores).remove(profileId);
    await new TokenStore(keytarSecretStores).clear(profileId);
  });

  it('stores, reads and deletes a raw secret', async () => {
    const store = new KeytarSecretStore(profileService(profileId));
    expect(await store.get('raw')).toBeNull();
    await store.set('raw', 'value ✓');
    expect(await store.get('raw')).toBe('value ✓');
    expect(await store.delete('raw')).toBe(true);
    expect(await store.delete('raw')).toBe(false);
    expect(await store.get('raw')).toBeNull();
  });

  it('keeps credentials per profile service', async () => {
    const credentials = new CredentialStore(keytarSecretStores);
    await credentials.save(profileId, { clientId: 'client-it', clientSecret: 'secret-it' });
    expect(await credentials.load(profileId)).toEqual({ clientId: 'client-it', clientSecret: 'secret-it' });
    expect(await credentials.hasCredentials(`${profileId}-other`)).toBe(false);
    expect(await credentials.remove(profileId)).toBe(true);
    expect(await credentials.hasCredentials(profileId)).toBe(false);
  });

  it('keeps a token with its expiry', async () => {
    const tokens = new TokenStore(keytarSecretStores);
    await tokens.save(profileId, { accessToken: 'tok-it', expiresAt: Date.now() + 3_600_000 });
    expect((await tokens.loadUsable(profileId))?.accessToken).toBe('tok-it');
  });

  it('creates the vault key once and finds the same key from a new store', async () => {
    const first = await new VaultKeyStore(keytarSecretStores).getOrCreate();
    const again = await new VaultKeyStore(keytarSecretStores).getOrCreate();
    expect(first.length).toBe(32);
    expect(again.equals(first)).toBe(true);
  });
});
