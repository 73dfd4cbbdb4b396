export { openDatabase, type OpenDatabaseOptions } from './open-database.js';
export {
  migrate,
  schemaVersion,
  checkMigrationList,
  DatabaseTooNewError,
  MigrationHistoryError,
  type MigrationResult,
} from './migrate.js';
export { sqlMigration, type Db, type Migration } from './migration.js';
export { MIGRATIONS } from './migrations/index.js';
export { systemClock, type Clock } from './clock.js';
export {
  ProfileRepository,
  ProfileSchema,
  ProfileKindSchema,
  NewProfileSchema,
  ProfilePatchSchema,
  tokenUrlOf,
  issuerUrlOf,
  type Profile,
  type ProfileKind,
  type NewProfile,
  type ProfilePatch,
} from './profiles.js';
export { SettingsRepository } from './settings.js';
export { LookupsCacheRepository, type CachedLookup } from './lookups-cache.js';
export {
  AuditLog,
  AuditEntrySchema,
  AuditActionSchema,
  NewAuditEntrySchema,
  type AuditEntry,
  type NewAuditEntry,
  type AuditQuery,
} from './audit-log.js';
