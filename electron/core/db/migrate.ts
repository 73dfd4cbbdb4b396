// The core's binding of the shared migration runner: its history table is `migrations (id, …)` and
// its ids run 1, 2, 3… without gaps.
import {
  runMigrations,
  schemaVersion as versionOf,
  type MigrationHistory,
  type MigrationResult,
} from '../../../node-shared/sqlite/migrations.js';
import type { Db, Migration, MigrationContext } from './migration.js';

export {
  DatabaseTooNewError,
  MigrationHistoryError,
  type MigrationResult,
} from '../../../node-shared/sqlite/migrations.js';

export const CORE_MIGRATION_HISTORY: MigrationHistory = {
  table: 'migrations',
  idColumn: 'id',
  gapless: true,
};

export function migrate(
  db: Db,
  migrations: readonly Migration[],
  now: () => Date = () => new Date(),
  context: MigrationContext = { fields: null },
): MigrationResult {
  return runMigrations(db, migrations, CORE_MIGRATION_HISTORY, now, context);
}

/** The highest applied migration id; 0 for a new database. */
export function schemaVersion(db: Db): number {
  return versionOf(db, CORE_MIGRATION_HISTORY);
}
