// Unsaved input of the app's forms, kept as the person types so nothing is lost on navigation or a
// restart (design.md "Never lose or misplace work"). Each draft belongs to an environment profile
// and, when the form is about a case, to that case ('' for a case not created yet); `subject` tells
// apart several drafts of one form (a person's id for the person form). `data` is sealed: under the
// case's own key for a case (so the retention purge shreds it with the case), under the vault's
// field key otherwise.
import { sqlMigration } from '../migration.js';

export const m006FormDrafts = sqlMigration(
  6,
  'form drafts',
  `
    CREATE TABLE form_drafts (
      profile_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      form TEXT NOT NULL,
      subject TEXT NOT NULL,
      data TEXT NOT NULL,
      saved_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, case_id, form, subject)
    );
    CREATE INDEX form_drafts_case ON form_drafts(case_id);
  `,
);
