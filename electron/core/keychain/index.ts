export type { SecretStore, SecretStoreFactory } from './secret-store.js';
export { KeychainUnavailableError } from './secret-store.js';
export { VAULT_SERVICE, profileService } from './service-names.js';
export { KeytarSecretStore, keytarSecretStores } from './keytar-secret-store.js';
export { CredentialStore, ClientCredentialsSchema, type ClientCredentials } from './credential-store.js';
export {
  TokenStore,
  StoredTokenSchema,
  TOKEN_EXPIRY_MARGIN_MS,
  isTokenUsable,
  tokenFromExpiresIn,
  type StoredToken,
} from './token-store.js';
export {
  VaultKeyStore,
  VaultKeyCorruptError,
  VAULT_KEY_BYTES,
  TRAINING_SANDBOX_KEY_ACCOUNT,
} from './vault-key-store.js';
export {
  DEV_KEYCHAIN_FILE,
  DEV_KEYCHAIN_WARNING,
  DevKeychainRefusedError,
  devFileSecretStores,
} from './dev-file-secret-store.js';
export { controlSecretAccount, trainingSandboxControlSecret } from './control-secret-store.js';
