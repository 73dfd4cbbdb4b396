export type { SecretStoreFactory } from './secret-store.js';
export { KeychainUnavailableError } from './secret-store.js';
export { VAULT_SERVICE } from './service-names.js';
export { keytarSecretStores } from './keytar-secret-store.js';
export { CredentialStore, type ClientCredentials } from './credential-store.js';
export { TokenStore } from './token-store.js';
export { VaultKeyStore, TRAINING_SANDBOX_KEY_ACCOUNT } from './vault-key-store.js';
export { DEV_KEYCHAIN_FILE, DevKeychainRefusedError, devFileSecretStores } from './dev-file-secret-store.js';
export { controlSecretAccount, trainingSandboxControlSecret } from './control-secret-store.js';
