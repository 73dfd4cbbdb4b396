// Databases written before the core and the sandbox shared one migration runner keep migrating
// forward with the history table they already have. Each file here is built the way the earlier
// runner of that side built it (its own history table, its own bookkeeping), then opened by today's
// code.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS as CORE_MIGRATIONS } from '../../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { openDb } from '../../../server/store/db.js';
import { MIGRATIONS as SANDBOX_MIGRATIONS } from '../../../server/store/migrations/index.js';
import { DatabaseTooNewError } from '../../../node-shared/sqlite/migrations.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fica-history-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tableNames = (db: Database.Database): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map((r) => r.name);

/** The sandbox's earlier runner: `schema_migrations (version, name, applied_at)`, one plain transaction per step. */
function oldSandboxDatabase(dir: string, upTo: number): void {
  const db = new Database(join(dir, 'sandbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  for (const m of SANDBOX_MIGRATIONS.filter((m) => m.version <= upTo)) {
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        '2026-01-01T00:00:00.000Z',
      );
    })();
  }
  db.prepare(
    "INSERT INTO partners (id, name, balance, client_id, client_secret_hash, created_at) VALUES ('p-old', 'Old partner', 5, 'cid-old', 'hash', '2026-01-01')",
  ).run();
  db.close();
}

/** The core's earlier runner: `migrations (id, name, applied_at) STRICT`, ids 1, 2, 3… */
function oldCoreDatabase(file: string, upTo: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE IF NOT EXISTS migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT',
  );
  for (const m of CORE_MIGRATIONS.filter((m) => m.id <= upTo)) {
    db.transaction(() => {
      m.up(db, { fields: null });
      db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
        m.id,
        m.name,
        '2026-01-01T00:00:00.000Z',
      );
    }).immediate();
  }
  db.close();
}

describe('a sandbox database made by the earlier runner', () => {
  it('gets the steps it lacks, recorded in its schema_migrations table, and keeps its rows', () => {
    const dir = tempDir();
    const firstSteps = SANDBOX_MIGRATIONS.slice(0, 4).map((m) => m.version);
    oldSandboxDatabase(dir, firstSteps.at(-1) ?? 0);

    const db = openDb(dir);
    const versions = (
      db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>
    ).map((r) => r.version);
    expect(versions).toEqual(SANDBOX_MIGRATIONS.map((m) => m.version));
    expect(tableNames(db)).not.toContain('migrations');
    expect(db.prepare("SELECT name FROM partners WHERE id = 'p-old'").get()).toEqual({ name: 'Old partner' });
    db.close();
  });

  it('is left as it is when it is already current', () => {
    const dir = tempDir();
    oldSandboxDatabase(dir, Number.MAX_SAFE_INTEGER);
    const db = openDb(dir);
    const applied = db
      .prepare("SELECT COUNT(*) AS n FROM schema_migrations WHERE applied_at <> '2026-01-01T00:00:00.000Z'")
      .get();
    expect(applied).toEqual({ n: 0 });
    db.close();
  });
});

describe('a desktop database made by the earlier runner', () => {
  it('gets the steps it lacks, recorded in its migrations table', () => {
    const file = join(tempDir(), 'desk.sqlite');
    oldCoreDatabase(file, 1);
    const db = openDatabase(file);
    const history = db.prepare('SELECT id, name FROM migrations ORDER BY id').all();
    expect(history).toEqual(CORE_MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
    expect(tableNames(db)).toContain('jobs');
    expect(tableNames(db)).not.toContain('schema_migrations');
    db.close();
  });

  it('is still refused when a newer FICA Desk wrote it', () => {
    const file = join(tempDir(), 'desk.sqlite');
    oldCoreDatabase(file, CORE_MIGRATIONS.length);
    const db = new Database(file);
    db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
      CORE_MIGRATIONS.length + 1,
      'from the future',
      '2027-01-01',
    );
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
  });
});
