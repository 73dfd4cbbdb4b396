// The one seam between the core and the OS keychain. Everything secret (service credentials,
// access tokens, the vault key) goes through it, so nothing secret is ever written to a file,
// SQLite or a log line (contract §1).

/** A flat account → secret map inside one keychain service name. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when an entry existed and was removed. */
  delete(account: string): Promise<boolean>;
}

/** Opens the store of one service name; production passes keytar, unit tests an in-memory map. */
export type SecretStoreFactory = (service: string) => SecretStore;

/** Thrown when the OS keychain cannot be reached (no Secret Service, locked, denied). */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(operation: string, cause: unknown) {
    super(`The system keychain could not ${operation}. Unlock your keychain (or sign in again) and retry.`, {
      cause,
    });
  }
}
