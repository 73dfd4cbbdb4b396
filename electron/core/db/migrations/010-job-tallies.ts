// How many jobs each environment profile holds (and how many failed), and how many each case holds,
// kept by triggers whoever writes the jobs (the queue, an archive import, a case deleted with its
// jobs by the foreign key). The status bar, the queue's events and the case list ask for these
// several times a second; counting ten thousand queued items each time cost milliseconds a call.
// A job without a profile is tallied under ''.
import { sqlMigration } from '../migration.js';

export const m010JobTallies = sqlMigration(
  10,
  'job counts kept by triggers',
  `
    CREATE TABLE job_profile_tallies (
      profile_key TEXT PRIMARY KEY,
      total INTEGER NOT NULL,
      failed INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE job_case_tallies (
      case_id TEXT PRIMARY KEY,
      total INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO job_profile_tallies (profile_key, total, failed)
      SELECT COALESCE(profile_id, ''), COUNT(*), SUM(state = 'failed') FROM jobs GROUP BY COALESCE(profile_id, '');
    INSERT INTO job_case_tallies (case_id, total) SELECT case_id, COUNT(*) FROM jobs GROUP BY case_id;

    CREATE TRIGGER jobs_tally_inserted AFTER INSERT ON jobs BEGIN
      INSERT INTO job_profile_tallies (profile_key, total, failed)
        VALUES (COALESCE(NEW.profile_id, ''), 1, NEW.state = 'failed')
        ON CONFLICT (profile_key) DO UPDATE SET total = total + 1, failed = failed + excluded.failed;
      INSERT INTO job_case_tallies (case_id, total) VALUES (NEW.case_id, 1)
        ON CONFLICT (case_id) DO UPDATE SET total = total + 1;
    END;
    CREATE TRIGGER jobs_tally_deleted AFTER DELETE ON jobs BEGIN
      UPDATE job_profile_tallies SET total = total - 1, failed = failed - (OLD.state = 'failed')
        WHERE profile_key = COALESCE(OLD.profile_id, '');
      UPDATE job_case_tallies SET total = total - 1 WHERE case_id = OLD.case_id;
      DELETE FROM job_case_tallies WHERE case_id = OLD.case_id AND total = 0;
    END;
    -- Only a change of profile, of case, or into or out of "failed" moves a tally (not ready to running).
    CREATE TRIGGER jobs_tally_updated AFTER UPDATE OF state, profile_id, case_id ON jobs
      WHEN OLD.profile_id IS NOT NEW.profile_id OR OLD.case_id IS NOT NEW.case_id
        OR (OLD.state = 'failed') IS NOT (NEW.state = 'failed')
    BEGIN
      UPDATE job_profile_tallies SET total = total - 1, failed = failed - (OLD.state = 'failed')
        WHERE profile_key = COALESCE(OLD.profile_id, '');
      UPDATE job_case_tallies SET total = total - 1 WHERE case_id = OLD.case_id;
      DELETE FROM job_case_tallies WHERE case_id = OLD.case_id AND total = 0;
      INSERT INTO job_profile_tallies (profile_key, total, failed)
        VALUES (COALESCE(NEW.profile_id, ''), 1, NEW.state = 'failed')
        ON CONFLICT (profile_key) DO UPDATE SET total = total + 1, failed = failed + excluded.failed;
      INSERT INTO job_case_tallies (case_id, total) VALUES (NEW.case_id, 1)
        ON CONFLICT (case_id) DO UPDATE SET total = total + 1;
    END;
  `,
);
