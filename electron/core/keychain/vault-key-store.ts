// The vault's 256-bit key. Created on first use and kept only in the keychain, so copying the
// vault directory (or the SQLite file with its encrypted fields) off the laptop yields nothing.
import { randomBytes } from 'node:crypto';
import type { SecretStore, SecretStoreFactory } from './secret-store.js';
import { VAULT_SERVICE } from './service-names.js';

export const VAULT_KEY_BYTES = 32;
const ACCOUNT = 'vault-key';
/** The embedded training sandbox's own key: its data is sealed apart from the vault's. */
export const TRAINING_SANDBOX_KEY_ACCOUNT = 'training-sandbox-key';

/** The saved key is not 32 bytes of base64: the data it protects cannot be read with it. */
export class VaultKeyCorruptError extends Error {
  override readonly name = 'VaultKeyCorruptError';
  constructor() {
    super('The vault key in the system keychain is damaged; stored documents cannot be opened.');
  }
}

export class VaultKeyStore {
  private readonly store: SecretStore;
  private pending: Promise<Buffer> | null = null;

  constructor(
    stores: SecretStoreFactory,
    private readonly account = ACCOUNT,
  ) {
    this.store = stores(VAULT_SERVICE);
  }

  /** Whether the keychain holds a vault key; checked before creating one over existing data. */
  async exists(): Promise<boolean> {
    return (await this.store.get(this.account)) !== null;
  }

  /**
   * The key, created on first call. Single-flight: two callers at start-up must not each create
   * a key and have the second overwrite the first after files were written with it.
   */
  getOrCreate(): Promise<Buffer> {
    this.pending ??= this.loadOrCreate().catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending.then((key) => Buffer.from(key));
  }

  private async loadOrCreate(): Promise<Buffer> {
    const saved = await this.store.get(this.account);
    if (saved !== null) return decodeKey(saved);
    const key = randomBytes(VAULT_KEY_BYTES);
    await this.store.set(this.account, key.toString('base64'));
    // Read back: another process may have raced us to create it; the keychain's copy wins.
    const stored = await this.store.get(this.account);
    return stored === null ? key : decodeKey(stored);
  }
}

function decodeKey(encoded: string): Buffer {
  // Strict check: Buffer.from(..., 'base64') silently skips bad characters.
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) throw new VaultKeyCorruptError();
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== VAULT_KEY_BYTES) throw new VaultKeyCorruptError();
  return key;
}
