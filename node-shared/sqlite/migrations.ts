// The one migration runner of the desktop core and the sandbox. Numbered steps, each applied once in
// its own IMMEDIATE transaction together with its row in the history table, so a crash never leaves
// half a schema and two processes opening the same file cannot both apply a step. A database whose
// history has a step the code does not know is refused rather than half-understood: an older build
// could otherwise corrupt rows whose meaning it does not know.
//
// Each side keeps the history table its databases already have (see MigrationHistory), so files
// written before the runner was shared keep migrating forward.
import type Database from 'better-sqlite3';

export type Db = Database.Database;

/** `C` is what a data-converting step may need besides the connection (the core passes its field encryption). */
export interface Migration<C = unknown> {
  /** The schema version this step brings the database to; ids increase down the list. */
  id: number;
  /** Recorded with the id, so a renumbered or swapped migration is noticed on the next start. */
  name: string;
  /** Runs inside the runner's transaction; must not open its own or change pragmas. */
  up(db: Db, context: C): void;
}

/** A migration that is plain SQL, the common case. */
export function sqlMigration<C = unknown>(id: number, name: string, sql: string): Migration<C> {
  return { id, name, up: (db) => db.exec(sql) };
}

/** Where a database records the steps applied to it, and how its ids are numbered. */
export interface MigrationHistory {
  /** Table of applied steps: `<idColumn> INTEGER PRIMARY KEY, name TEXT, applied_at TEXT`. */
  table: string;
  idColumn: string;
  /** Ids run 1, 2, 3… without gaps (otherwise they only have to increase). */
  gapless: boolean;
}

export class DatabaseTooNewError extends Error {
  override readonly name = 'DatabaseTooNewError';
  constructor(
    readonly databaseVersion: number,
    readonly codeVersion: number,
  ) {
    super(
      `This computer's FICA Desk data was saved by a newer version of FICA Desk (data version ${databaseVersion}, ` +
        `this version understands up to ${codeVersion}). Install the latest FICA Desk to continue.`,
    );
  }
}

/** The recorded history does not match the code's list: a developer error, never a user's. */
export class MigrationHistoryError extends Error {
  override readonly name = 'MigrationHistoryError';
}

export interface MigrationResult {
  /** Ids applied by this call, in order; empty when the schema was already current. */
  applied: number[];
  version: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function historyTable(history: MigrationHistory): string {
  if (!IDENTIFIER.test(history.table) || !IDENTIFIER.test(history.idColumn)) {
    throw new MigrationHistoryError(`"${history.table}.${history.idColumn}" is not a plain SQL name`);
  }
  return `CREATE TABLE IF NOT EXISTS ${history.table} (
    ${history.idColumn} INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`;
}

export function checkMigrationList(migrations: readonly Migration[], history: MigrationHistory): void {
  migrations.forEach((migration, index) => {
    const previous = index === 0 ? 0 : (migrations[index - 1]?.id ?? 0);
    const ok = history.gapless
      ? migration.id === index + 1
      : Number.isInteger(migration.id) && migration.id > previous;
    if (!ok) {
      const expected = history.gapless
        ? `${index + 1} (ids run 1, 2, 3… in order)`
        : `more than ${previous} (ids increase down the list)`;
      throw new MigrationHistoryError(
        `Migration "${migration.name}" has id ${migration.id}; expected ${expected}`,
      );
    }
  });
}

export function runMigrations<C>(
  db: Db,
  migrations: readonly Migration<C>[],
  history: MigrationHistory,
  now: () => Date = () => new Date(),
  context?: C,
): MigrationResult {
  checkMigrationList(migrations, history);
  const latest = migrations.at(-1)?.id ?? 0;
  const known = new Map(migrations.map((m) => [m.id, m.name]));
  db.exec(historyTable(history));
  const record = `INSERT INTO ${history.table} (${history.idColumn}, name, applied_at) VALUES (?, ?, ?)`;

  // Table rebuilds (SQLite's way to alter a column) need foreign keys off, and that pragma is a
  // no-op inside a transaction; integrity is re-checked with foreign_key_check before each commit.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    const applied: number[] = [];
    for (const migration of migrations) {
      // IMMEDIATE takes the write lock before reading the history, so two processes opening the
      // same file at once cannot both apply a step.
      const ran = db
        .transaction(() => {
          const done = readHistory(db, history);
          checkHistory(done, known, latest);
          if (done.has(migration.id)) return false;
          migration.up(db, context as C);
          const violations = db.pragma('foreign_key_check') as unknown[];
          if (violations.length > 0) {
            throw new MigrationHistoryError(
              `Migration ${migration.id} "${migration.name}" leaves ${violations.length} broken foreign keys`,
            );
          }
          db.prepare(record).run(migration.id, migration.name, now().toISOString());
          return true;
        })
        .immediate();
      if (ran) applied.push(migration.id);
    }
    // Also checked when nothing is pending: a newer database must be refused even when it is
    // otherwise complete.
    checkHistory(readHistory(db, history), known, latest);
    return { applied, version: latest };
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}

/** The highest applied migration id; 0 for a new database. */
export function schemaVersion(db: Db, history: MigrationHistory): number {
  db.exec(historyTable(history));
  const row = db.prepare(`SELECT MAX(${history.idColumn}) AS version FROM ${history.table}`).get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

function readHistory(db: Db, history: MigrationHistory): Map<number, string> {
  const rows = db
    .prepare(`SELECT ${history.idColumn} AS id, name FROM ${history.table} ORDER BY ${history.idColumn}`)
    .all() as Array<{ id: number; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

function checkHistory(done: Map<number, string>, known: Map<number, string>, latest: number): void {
  const newest = Math.max(0, ...done.keys());
  if (newest > latest) throw new DatabaseTooNewError(newest, latest);
  for (const [id, name] of done) {
    const expected = known.get(id);
    if (expected !== name) {
      throw new MigrationHistoryError(
        `Migration ${id} was applied as "${name}" but the code calls it "${expected ?? '(missing)'}"`,
      );
    }
  }
}
