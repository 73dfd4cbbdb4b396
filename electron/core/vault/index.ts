export {
  Vault,
  storedSize,
  type VaultEntry,
  type VaultKeySource,
  type VaultOptions,
  type VaultSource,
} from './vault.js';
export { FieldCipher } from './field-cipher.js';
export { VaultFileNotFoundError, VaultIntegrityError, FieldDecryptError } from './errors.js';
export { deriveVaultKeys } from './keys.js';
