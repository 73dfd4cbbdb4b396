// Start-up check of the vault key against the data folder. A keychain that lost its entry (a
// re-imaged profile, a wiped login keyring) must never lead to a new key being created over data
// encrypted with the old one: that data would become unreadable for good, and the app would then
// fail deep inside a read with a FieldDecryptError. This check says what happened, before anything
// is opened or written.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FieldCipher } from './field-cipher.js';
import { VaultKeyMismatchError, VaultKeyMissingError } from './errors.js';

export const DATABASE_FILE = 'fica-desk.sqlite';
const CHECK_KEY = 'vaultKeyCheck';
const CHECK_CONTEXT = 'settings.vaultKeyCheck';
const CHECK_TEXT = 'fica-desk vault key check';

/** Throws VaultKeyMissingError when the folder holds encrypted data; call only when the keychain has no key. */
export function refuseNewKeyOverData(dataDir: string): void {
  if (holdsEncryptedData(dataDir)) throw new VaultKeyMissingError(dataDir);
}

function holdsEncryptedData(dataDir: string): boolean {
  const vaultDir = join(dataDir, 'vault');
  if (existsSync(vaultDir) && readdirSync(vaultDir).some((name) => name.endsWith('.fdv'))) return true;
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const rows = (table: string) =>
      tables.has(table) &&
      (db.prepare(`SELECT EXISTS (SELECT 1 FROM ${table}) AS yes`).get() as { yes: number }).yes === 1;
    return rows('cases') || rows('audit_log') || rows('case_keys');
  } finally {
    db.close();
  }
}

/**
 * Records a value sealed with the key on first use, and on later starts checks it opens: a different
 * key in the keychain is reported instead of failing on the first encrypted row.
 */
export function checkKeyMatches(
  settings: { read(key: string): string | null; write(key: string, value: string): void },
  fields: FieldCipher,
  dataDir: string,
): void {
  const saved = settings.read(CHECK_KEY);
  if (saved === null) {
    settings.write(CHECK_KEY, fields.encrypt(CHECK_TEXT, CHECK_CONTEXT));
    return;
  }
  try {
    if (fields.decrypt(saved, CHECK_CONTEXT) === CHECK_TEXT) return;
  } catch {
    // Falls through to the error below.
  }
  throw new VaultKeyMismatchError(dataDir);
}
