// The core's database, opened and migrated with the vault key. A key that opens none of its data is
// reported as such (a keychain that lost or replaced the vault key), never as damage.
import { join } from 'node:path';
import { z } from 'zod';
import { FieldDecryptError, VaultKeyMismatchError } from '../vault/errors.js';
import type { Vault } from '../vault/index.js';
import { checkKeyMatches, DATABASE_FILE } from '../vault/key-check.js';
import { openDatabase, SettingsRepository, type Db } from './index.js';

/** The database, migrated with the vault key; a key that opens none of its data is reported as such. */
export function openCoreDatabase(dataDir: string, vault: Vault): Db {
  let db: Db;
  try {
    db = openDatabase(join(dataDir, DATABASE_FILE), { fields: vault });
  } catch (error) {
    if (error instanceof FieldDecryptError) throw new VaultKeyMismatchError(dataDir);
    throw error;
  }
  const settings = new SettingsRepository(db);
  try {
    checkKeyMatches(
      {
        read: (key) => settings.get(key, z.string()) ?? null,
        write: (key, value) => settings.set(key, z.string(), value),
      },
      vault.fields,
      dataDir,
    );
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
