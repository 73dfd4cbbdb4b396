// The queue finds its next jobs without reading every job: ready jobs of the active environment in
// the order they were queued, the soonest retry among them, and the first job of each kind of a
// case (a job waits on its case's order only through those). Each is an index range, so a laptop
// with ten thousand queued items picks as quickly as one with ten.
import { sqlMigration } from '../migration.js';

export const m007JobPickIndexes = sqlMigration(
  7,
  'indexes for picking jobs',
  `
    CREATE INDEX jobs_pick ON jobs(profile_id, state, seq);
    CREATE INDEX jobs_due ON jobs(profile_id, state, next_attempt_at);
    CREATE INDEX jobs_case_kind ON jobs(case_id, kind);
    DROP INDEX jobs_case;
  `,
);
