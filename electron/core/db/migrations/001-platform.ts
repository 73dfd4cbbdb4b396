// Tables of the platform layer: environment profiles, settings, the lookups cache and the audit log.
// Profiles hold no secret of any kind; credentials and tokens live in the OS keychain (contract §1).
import type { Migration } from '../migration.js';

export const m001Platform: Migration = {
  id: 1,
  name: 'profiles, settings, lookups cache, audit log',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64 AND id NOT GLOB '*[^A-Za-z0-9_-]*' AND id <> 'vault'),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        kind TEXT NOT NULL CHECK (kind IN ('sandbox', 'test', 'live')),
        base_url TEXT NOT NULL,
        token_url TEXT,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value)),
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE lookups_cache (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        body TEXT NOT NULL CHECK (json_valid(body)),
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, name)
      ) STRICT;

      -- No foreign key to profiles: the trail of what was done must outlive a deleted profile.
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        profile_id TEXT,
        user_id TEXT NOT NULL,
        action TEXT NOT NULL,
        case_id TEXT,
        detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
      ) STRICT;
      CREATE INDEX audit_log_case ON audit_log(case_id, id);
      CREATE INDEX audit_log_at ON audit_log(at);

      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
    `);
  },
};
