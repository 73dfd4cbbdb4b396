// Opens the sandbox's SQLite file and brings it to the latest schema.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export type Db = Database.Database;

export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  // WAL lets reads run beside the single writer; the busy timeout covers a second process on the folder.
  db.pragma('journal_mode = WAL');
  // In WAL mode NORMAL survives a crash of the process intact; only a power cut can lose the last
  // commits, which is an acceptable risk for the sandbox and saves a disk flush per request.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  reusePreparedStatements(db);
  migrate(db, MIGRATIONS);
  return db;
}

/**
 * Compiling a statement costs more than running most of ours, and the repositories build their SQL
 * per call: the compiled statement is kept per SQL text. Safe because no caller iterates a
 * statement or changes its mode (pluck/raw/expand), so a statement is never in use twice at once.
 */
function reusePreparedStatements(db: Db): void {
  const compile = db.prepare.bind(db);
  const compiled = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = compiled.get(sql);
    if (!statement) {
      // SQL texts are built from a fixed set of columns and clauses, so this stays small; the
      // bound only guards against a future caller that inlines values.
      if (compiled.size >= 1000) compiled.clear();
      statement = compile(sql);
      compiled.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').all().map((row) => (row as { version: number }).version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of sorted) {
    if (applied.has(migration.version)) continue;
    // Each migration and its bookkeeping row commit together, so a crash never leaves half a schema.
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    })();
  }
}
