export { Vault } from './vault.js';
export { FieldCipher } from './field-cipher.js';
