// The case list counts a page's queued items by state in one index read (JobStore.stateCountsOfCases),
// so nothing reads the per-case tally of migration 010 any more; its triggers were a write on every
// job added or sent. The environment's tallies (the status bar, the queue's events) stay as they were.
import { sqlMigration } from '../migration.js';

export const m011DropCaseTallies = sqlMigration(
  11,
  'per-case job tally dropped',
  `
    DROP TRIGGER jobs_tally_inserted;
    DROP TRIGGER jobs_tally_deleted;
    DROP TRIGGER jobs_tally_updated;
    DROP TABLE job_case_tallies;

    CREATE TRIGGER jobs_tally_inserted AFTER INSERT ON jobs BEGIN
      INSERT INTO job_profile_tallies (profile_key, total, failed)
        VALUES (COALESCE(NEW.profile_id, ''), 1, NEW.state = 'failed')
        ON CONFLICT (profile_key) DO UPDATE SET total = total + 1, failed = failed + excluded.failed;
    END;
    CREATE TRIGGER jobs_tally_deleted AFTER DELETE ON jobs BEGIN
      UPDATE job_profile_tallies SET total = total - 1, failed = failed - (OLD.state = 'failed')
        WHERE profile_key = COALESCE(OLD.profile_id, '');
    END;
    -- Only a change of profile, or into or out of "failed", moves a tally (not ready to running).
    CREATE TRIGGER jobs_tally_updated AFTER UPDATE OF state, profile_id ON jobs
      WHEN OLD.profile_id IS NOT NEW.profile_id OR (OLD.state = 'failed') IS NOT (NEW.state = 'failed')
    BEGIN
      UPDATE job_profile_tallies SET total = total - 1, failed = failed - (OLD.state = 'failed')
        WHERE profile_key = COALESCE(OLD.profile_id, '');
      INSERT INTO job_profile_tallies (profile_key, total, failed)
        VALUES (COALESCE(NEW.profile_id, ''), 1, NEW.state = 'failed')
        ON CONFLICT (profile_key) DO UPDATE SET total = total + 1, failed = failed + excluded.failed;
    END;
  `,
);
