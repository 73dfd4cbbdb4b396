// The one way the core opens its SQLite file, so every connection gets the same pragmas.
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import type { Db, Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

export interface OpenDatabaseOptions {
  /** Defaults to every migration the app ships; tests pass their own lists. */
  migrations?: readonly Migration[];
  /** How long a write waits for another connection's lock before failing (ms). */
  busyTimeoutMs?: number;
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
    migrate(db, options.migrations ?? MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
