// The shape of one schema step. Kept apart from the runner so migration files import only this.
import type Database from 'better-sqlite3';

export type Db = Database.Database;

/** What a data-converting step may need besides the connection. */
export interface MigrationContext {
  /** The vault key's field encryption; null when the caller opened the file without the vault. */
  fields: KeyWrapper | null;
}

/** Encryption of single values under the vault key (the vault's FieldCipher). */
export interface KeyWrapper {
  encryptField(plaintext: string, context?: string): string;
  decryptField(payload: string, context?: string): string;
}

export interface Migration {
  /** The schema version this step brings the database to: 1, 2, 3… in order, without gaps. */
  id: number;
  /** Recorded with the id, so a renumbered or swapped migration is noticed on the next start. */
  name: string;
  /** Runs inside the runner's transaction; must not open its own or change pragmas. */
  up(db: Db, context: MigrationContext): void;
}

/** A migration that is plain SQL, the common case. */
export function sqlMigration(id: number, name: string, sql: string): Migration {
  return { id, name, up: (db) => db.exec(sql) };
}
