// A large case costs the same per job as a small one. The case list shows each row's queued items
// by state, several times a second while a drain runs: counting them read every item of the case
// (a case with ten thousand queued documents: milliseconds a row), so each case's count by state is
// kept by triggers, like the environments' tallies of migration 010, whoever writes the jobs (the
// queue, an archive import, a case deleted with its jobs by the foreign key). And a case's first
// items in the order queued (the queue's events read them) come from an index in that order rather
// than from sorting every item of the case.
import { sqlMigration } from '../migration.js';

export const m012CaseOrderAndTallies = sqlMigration(
  12,
  'case job order index and per-case tallies by state',
  `
    CREATE INDEX jobs_case_order ON jobs(case_id, seq);

    CREATE TABLE job_case_state_tallies (
      case_id TEXT NOT NULL,
      state TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (case_id, state)
    ) WITHOUT ROWID;
    INSERT INTO job_case_state_tallies (case_id, state, count)
      SELECT case_id, state, COUNT(*) FROM jobs GROUP BY case_id, state;

    CREATE TRIGGER jobs_case_tally_inserted AFTER INSERT ON jobs BEGIN
      INSERT INTO job_case_state_tallies (case_id, state, count) VALUES (NEW.case_id, NEW.state, 1)
        ON CONFLICT (case_id, state) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER jobs_case_tally_deleted AFTER DELETE ON jobs BEGIN
      UPDATE job_case_state_tallies SET count = count - 1 WHERE case_id = OLD.case_id AND state = OLD.state;
      DELETE FROM job_case_state_tallies WHERE case_id = OLD.case_id AND state = OLD.state AND count = 0;
    END;
    CREATE TRIGGER jobs_case_tally_updated AFTER UPDATE OF state, case_id ON jobs
      WHEN OLD.case_id IS NOT NEW.case_id OR OLD.state IS NOT NEW.state
    BEGIN
      UPDATE job_case_state_tallies SET count = count - 1 WHERE case_id = OLD.case_id AND state = OLD.state;
      DELETE FROM job_case_state_tallies WHERE case_id = OLD.case_id AND state = OLD.state AND count = 0;
      INSERT INTO job_case_state_tallies (case_id, state, count) VALUES (NEW.case_id, NEW.state, 1)
        ON CONFLICT (case_id, state) DO UPDATE SET count = count + 1;
    END;
  `,
);
