export { openDatabase } from './open-database.js';
export type { Db } from './migration.js';
export { MIGRATIONS } from './migrations/index.js';
export { ProfileRepository, tokenUrlOf, issuerUrlOf, type Profile } from './profiles.js';
export { SettingsRepository } from './settings.js';
export { LookupsCacheRepository } from './lookups-cache.js';
export { AuditLog } from './audit-log.js';
