// Opens the sandbox's SQLite file and brings it to the latest schema.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runMigrations, sqlMigration, type MigrationHistory } from '../../node-shared/sqlite/migrations.js';
import { cachePreparedStatements } from '../../node-shared/sqlite/statements.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { openSealedDatabase } from './sealed-database.js';

export type Db = Database.Database;

export interface OpenedDb {
  db: Db;
  /** Writes the in-memory database of a sealed sandbox to disk; nothing to do for a plain file. */
  persist(): void;
}

/** The sandbox's database: the plain file, or with an at-rest key a sealed in-memory one (sealed-database.ts). */
export function openSandboxDb(dataDir: string, atRestKey: Buffer | null): OpenedDb {
  if (!atRestKey) return { db: openDb(dataDir), persist: () => undefined };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const sealed = openSealedDatabase(dataDir, atRestKey);
  prepare(sealed.db);
  sealed.persist();
  return sealed;
}

export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  // WAL lets reads run beside the single writer; the busy timeout covers a second process on the folder.
  db.pragma('journal_mode = WAL');
  // In WAL mode NORMAL survives a crash of the process intact; only a power cut can lose the last
  // commits, which is an acceptable risk for the sandbox and saves a disk flush per request.
  db.pragma('synchronous = NORMAL');
  prepare(db);
  return db;
}

function prepare(db: Db): void {
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // The repositories build their SQL per call: their prepare goes through the statement cache.
  cachePreparedStatements(db);
  migrate(db, MIGRATIONS);
}

/** The sandbox's history table is `schema_migrations (version, …)`; its ids increase with gaps. */
export const SANDBOX_MIGRATION_HISTORY: MigrationHistory = {
  table: 'schema_migrations',
  idColumn: 'version',
  gapless: false,
};

export function migrate(db: Db, migrations: readonly Migration[]): void {
  const steps = [...migrations]
    .sort((a, b) => a.version - b.version)
    .map((m) => sqlMigration(m.version, m.name, m.sql));
  runMigrations(db, steps, SANDBOX_MIGRATION_HISTORY);
}
