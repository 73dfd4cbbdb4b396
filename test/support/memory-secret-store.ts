// In-memory SecretStore for unit tests of modules built on the keychain. Lives under test/ so
// production code cannot pick it by accident: the app keeps secrets only in the OS keychain.
import type { SecretStore, SecretStoreFactory } from '../../electron/core/keychain/secret-store.js';

export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    this.entries.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    return this.entries.delete(account);
  }
}

/** Every entry of a memory keychain, by service and account: what a child process is handed on stdin. */
export type SecretSnapshot = Record<string, Record<string, string>>;

/** A factory whose stores share one map per service name, like the real keychain. */
export function memorySecretStores(
  seed: SecretSnapshot = {},
): SecretStoreFactory & { services: Map<string, MemorySecretStore>; snapshot(): SecretSnapshot } {
  const services = new Map<string, MemorySecretStore>();
  const factory = (service: string): MemorySecretStore => {
    let store = services.get(service);
    if (!store) {
      store = new MemorySecretStore();
      services.set(service, store);
    }
    return store;
  };
  for (const [service, accounts] of Object.entries(seed)) {
    for (const [account, value] of Object.entries(accounts)) factory(service).entries.set(account, value);
  }
  const snapshot = (): SecretSnapshot =>
    Object.fromEntries([...services].map(([service, store]) => [service, Object.fromEntries(store.entries)]));
  return Object.assign(factory, { services, snapshot });
}
