// The shape of one schema step, from the runner the core shares with the sandbox. Migration files
// import it from here.
import type { Migration as SharedMigration } from '../../../node-shared/sqlite/migrations.js';

export { sqlMigration, type Db } from '../../../node-shared/sqlite/migrations.js';

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

export type Migration = SharedMigration<MigrationContext>;
