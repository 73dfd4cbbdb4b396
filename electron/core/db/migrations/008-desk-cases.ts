// Cases of the service taken for review on this laptop (the reviewer's desk). The service's record,
// the vault ids of its documents and report, and a decision not yet sent are sealed under the taken
// case's own key (case_keys), like captured cases; one copy per environment, kind and service id.
import { sqlMigration } from '../migration.js';

export const m008DeskCases = sqlMigration(
  8,
  'desk cases taken for review',
  `
    CREATE TABLE desk_cases (
      id TEXT PRIMARY KEY,
      profile_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('entity', 'individual')),
      server_id TEXT NOT NULL,
      created_by TEXT,
      taken_by TEXT NOT NULL,
      taken_at TEXT NOT NULL,
      refreshed_at TEXT NOT NULL,
      data TEXT NOT NULL,
      pending_decision TEXT,
      decision_refused TEXT,
      UNIQUE (profile_id, kind, server_id)
    ) STRICT;
  `,
);
