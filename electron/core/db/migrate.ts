// Numbered migrations, each applied once in its own transaction and recorded in `migrations`.
// A database written by a newer FICA Desk is refused rather than half-understood: an older build
// could otherwise corrupt rows whose meaning it does not know.
import type { Db, Migration, MigrationContext } from './migration.js';

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

const HISTORY_TABLE = `
  CREATE TABLE IF NOT EXISTS migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`;

export function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.id !== index + 1) {
      throw new MigrationHistoryError(
        `Migration "${migration.name}" has id ${migration.id}; expected ${index + 1} (ids run 1, 2, 3… in order)`,
      );
    }
  });
}

export function migrate(
  db: Db,
  migrations: readonly Migration[],
  now: () => Date = () => new Date(),
  context: MigrationContext = { fields: null },
): MigrationResult {
  checkMigrationList(migrations);
  const latest = migrations.length;
  db.exec(HISTORY_TABLE);

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
          const done = readHistory(db);
          checkHistory(done, migrations, latest);
          if (done.has(migration.id)) return false;
          migration.up(db, context);
          const violations = db.pragma('foreign_key_check') as unknown[];
          if (violations.length > 0) {
            throw new MigrationHistoryError(
              `Migration ${migration.id} "${migration.name}" leaves ${violations.length} broken foreign keys`,
            );
          }
          db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
            migration.id,
            migration.name,
            now().toISOString(),
          );
          return true;
        })
        .immediate();
      if (ran) applied.push(migration.id);
    }
    // Also checked when nothing is pending: a newer database must be refused even when it is
    // otherwise complete.
    checkHistory(readHistory(db), migrations, latest);
    return { applied, version: latest };
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}

/** The highest applied migration id; 0 for a new database. */
export function schemaVersion(db: Db): number {
  db.exec(HISTORY_TABLE);
  const row = db.prepare('SELECT MAX(id) AS version FROM migrations').get() as { version: number | null };
  return row.version ?? 0;
}

function readHistory(db: Db): Map<number, string> {
  const rows = db.prepare('SELECT id, name FROM migrations ORDER BY id').all() as Array<{
    id: number;
    name: string;
  }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

function checkHistory(done: Map<number, string>, migrations: readonly Migration[], latest: number): void {
  const newest = Math.max(0, ...done.keys());
  if (newest > latest) throw new DatabaseTooNewError(newest, latest);
  for (const [id, name] of done) {
    const known = migrations[id - 1];
    if (known?.name !== name) {
      throw new MigrationHistoryError(
        `Migration ${id} was applied as "${name}" but the code calls it "${known?.name ?? '(missing)'}"`,
      );
    }
  }
}
