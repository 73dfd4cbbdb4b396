// The one way the core opens its SQLite file, so every connection gets the same pragmas.
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import type { Db, KeyWrapper, Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

export interface OpenDatabaseOptions {
  /** Defaults to every migration the app ships; tests pass their own lists. */
  migrations?: readonly Migration[];
  /** How long a write waits for another connection's lock before failing (ms). */
  busyTimeoutMs?: number;
  /** The vault key's field encryption, for migrations that encrypt existing rows (005). */
  fields?: KeyWrapper;
}

const PERSONAL_DATA_MIGRATION = 5;

/** Rewrites the file without free pages and truncates the WAL, so removed bytes are gone from disk. */
export function scrubFreeSpace(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const db = new Database(file);
  try {
    // WAL: readers (the UI's queries) never wait for the sync queue's writes, and a crash
    // mid-write leaves the last committed state intact.
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only a power cut can lose the
    // last commits, which the sync queue reconciles anyway.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    // Deleted rows (a destroyed case key, a removed draft) are overwritten with zeros, not left in
    // free pages for a raw read of the file to find.
    db.pragma('secure_delete = ON');
    const { applied } = migrate(db, options.migrations ?? MIGRATIONS, undefined, {
      fields: options.fields ?? null,
    });
    // A step that rewrote plaintext rows leaves the old bytes in free pages and WAL frames:
    // rebuild the file and empty the WAL so none of them survive.
    if (applied.includes(PERSONAL_DATA_MIGRATION)) scrubFreeSpace(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
