// The development keychain (a plain file) is allowed for the training sandbox only: the vault key
// and the secrets of sandbox profiles. Test and live profiles are refused, so their secrets can
// only ever be in the OS keychain.
import { devFileSecretStores } from './dev-file-secret-store.js';
import type { SecretStoreFactory } from './secret-store.js';
import { keytarSecretStores } from './keytar-secret-store.js';
import { profileService, VAULT_SERVICE } from './service-names.js';

export interface KeychainChoice {
  /** The OS keychain by default; tests pass an in-memory store. */
  secretStore?: SecretStoreFactory;
  /** Keep secrets in this plain file instead (the insecure development keychain). */
  devKeychainFile?: string;
}

/** Where the vault key is kept: the database it opens is not readable yet. */
export function vaultSecretStores(choice: KeychainChoice): SecretStoreFactory {
  return secretStores(choice, (service) => service === VAULT_SERVICE);
}

/** Where profiles' secrets are kept: `kindOf` tells a sandbox profile from a test or live one. */
export function profileSecretStores(
  choice: KeychainChoice,
  kindOf: (profileId: string) => string | null,
): SecretStoreFactory {
  const prefix = profileService('x').slice(0, -1);
  return secretStores(
    choice,
    (service) =>
      service === VAULT_SERVICE ||
      (service.startsWith(prefix) && kindOf(service.slice(prefix.length)) === 'sandbox'),
  );
}

function secretStores(choice: KeychainChoice, allows: (service: string) => boolean): SecretStoreFactory {
  return choice.devKeychainFile
    ? devFileSecretStores(choice.devKeychainFile, allows)
    : (choice.secretStore ?? keytarSecretStores);
}

export function keychainKind(choice: KeychainChoice): 'development-file' | 'system' {
  return choice.devKeychainFile ? 'development-file' : 'system';
}
