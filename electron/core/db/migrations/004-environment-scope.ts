// Every case and every job belongs to the environment profile it was captured under, and stays
// there: work captured under Live is only ever sent to Live (design.md "Offline model").
//
// Cases have recorded the profile active at their capture since 002 (NULL when none was active),
// and keep it; jobs get the column here, copied from their case. A case without one is given the
// profile active now, else the only profile; a case neither decides stays unassigned (the core
// assigns it when a profile is next made active, core/cases/environment-scope.ts). Triggers keep
// the rule in the file itself: a case must name its profile when inserted, a job takes its case's
// profile, and neither ever moves to another one.
import type { Migration } from '../migration.js';

export const m004EnvironmentScope: Migration = {
  id: 4,
  name: 'cases and jobs scoped to their environment profile',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN profile_id TEXT;

      UPDATE cases SET profile_id = (
        SELECT p.id FROM settings s JOIN profiles p ON p.id = json_extract(s.value, '$')
        WHERE s.key = 'activeProfileId'
      ) WHERE profile_id IS NULL;

      UPDATE cases SET profile_id = (SELECT MIN(id) FROM profiles)
      WHERE profile_id IS NULL AND (SELECT COUNT(*) FROM profiles) = 1;

      UPDATE jobs SET profile_id = (SELECT profile_id FROM cases WHERE cases.id = jobs.case_id);

      CREATE INDEX cases_profile ON cases(profile_id, updated_at);
      CREATE INDEX jobs_profile ON jobs(profile_id, seq);

      CREATE TRIGGER cases_profile_required BEFORE INSERT ON cases WHEN NEW.profile_id IS NULL
      BEGIN SELECT RAISE(ABORT, 'a case must belong to an environment profile'); END;
      CREATE TRIGGER cases_profile_fixed BEFORE UPDATE OF profile_id ON cases
        WHEN OLD.profile_id IS NOT NULL AND NEW.profile_id IS NOT OLD.profile_id
      BEGIN SELECT RAISE(ABORT, 'a case stays in the environment it was captured in'); END;

      CREATE TRIGGER jobs_profile_of_case BEFORE INSERT ON jobs
        WHEN NEW.profile_id IS NOT (SELECT profile_id FROM cases WHERE id = NEW.case_id)
      BEGIN SELECT RAISE(ABORT, 'a job belongs to the environment of its case'); END;
      CREATE TRIGGER jobs_profile_fixed BEFORE UPDATE OF profile_id ON jobs
        WHEN NEW.profile_id IS NOT (SELECT profile_id FROM cases WHERE id = NEW.case_id)
      BEGIN SELECT RAISE(ABORT, 'a job belongs to the environment of its case'); END;
    `);
  },
};
