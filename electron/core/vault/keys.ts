// Separate keys for files and for database fields, derived from the one vault key in the keychain.
// Domain separation means a file chunk nonce (prefix + counter) can never collide with a field's
// random nonce under the same AES key.
import { hkdfSync } from 'node:crypto';

export interface VaultKeys {
  fileKey: Buffer;
  fieldKey: Buffer;
}

export function deriveVaultKeys(masterKey: Uint8Array): VaultKeys {
  if (masterKey.length !== 32) throw new RangeError('The vault key must be 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  return { fileKey: derive('fica-desk vault files v1'), fieldKey: derive('fica-desk vault fields v1') };
}
