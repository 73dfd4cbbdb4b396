// The development keychain: secrets in a plain JSON file in the data folder, for the training
// sandbox on machines with no OS keychain (servers, containers, SSH sessions). Anyone who can read
// the folder can read the secrets and so decrypt the data, which is why the file says so in its
// header, Settings says so, and it refuses every secret of a test or live profile.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { SecretStore, SecretStoreFactory } from './secret-store.js';

export const DEV_KEYCHAIN_FILE = 'dev-keychain.json';
export const DEV_KEYCHAIN_WARNING =
  'INSECURE DEVELOPMENT KEYCHAIN: these secrets are stored in plain text. For the training sandbox only; test and live profiles are refused. Use the OS keychain for real work.';

const DevKeychainFileSchema = z.object({
  warning: z.string(),
  entries: z.record(z.string(), z.record(z.string(), z.string())),
});
type DevKeychainFile = z.infer<typeof DevKeychainFileSchema>;

/** A secret of a test or live profile was offered to the development keychain. */
export class DevKeychainRefusedError extends Error {
  override readonly name = 'DevKeychainRefusedError';
  constructor() {
    super(
      'The development keychain keeps secrets in a plain file and holds only the training sandbox. Test and live profiles need the OS keychain: start FICA Desk without --dev-keychain on a machine with one.',
    );
  }
}

/**
 * Opens the file (created on first write). `allows(service)` says which keychain services may be
 * kept here; reads of any other answer nothing and writes throw DevKeychainRefusedError.
 */
export function devFileSecretStores(file: string, allows: (service: string) => boolean): SecretStoreFactory {
  const load = (): DevKeychainFile => {
    if (!existsSync(file)) return { warning: DEV_KEYCHAIN_WARNING, entries: {} };
    return DevKeychainFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  };
  const save = (content: DevKeychainFile) => {
    const next = `${file}.tmp`;
    writeFileSync(next, `${JSON.stringify({ ...content, warning: DEV_KEYCHAIN_WARNING }, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(next, file);
  };
  return (service: string): SecretStore => ({
    async get(account) {
      if (!allows(service)) return null;
      return load().entries[service]?.[account] ?? null;
    },
    async set(account, value) {
      if (!allows(service)) throw new DevKeychainRefusedError();
      const content = load();
      content.entries[service] = { ...content.entries[service], [account]: value };
      save(content);
    },
    async delete(account) {
      if (!allows(service)) return false;
      const content = load();
      const entries = content.entries[service];
      if (!entries || !(account in entries)) return false;
      delete entries[account];
      save(content);
      return true;
    },
  });
}
