// The production SecretStore: the OS keychain through keytar (macOS Keychain, Windows Credential
// Manager, libsecret / Secret Service on Linux).
import keytar from 'keytar';
import { KeychainUnavailableError, type SecretStore, type SecretStoreFactory } from './secret-store.js';

export class KeytarSecretStore implements SecretStore {
  constructor(readonly service: string) {}

  async get(account: string): Promise<string | null> {
    try {
      return await keytar.getPassword(this.service, account);
    } catch (error) {
      throw new KeychainUnavailableError('read a saved secret', error);
    }
  }

  async set(account: string, value: string): Promise<void> {
    try {
      await keytar.setPassword(this.service, account, value);
    } catch (error) {
      throw new KeychainUnavailableError('save a secret', error);
    }
  }

  async delete(account: string): Promise<boolean> {
    try {
      return await keytar.deletePassword(this.service, account);
    } catch (error) {
      throw new KeychainUnavailableError('remove a secret', error);
    }
  }
}

export const keytarSecretStores: SecretStoreFactory = (service) => new KeytarSecretStore(service);
