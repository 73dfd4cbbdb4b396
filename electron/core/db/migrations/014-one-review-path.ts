// One review path: a case the reviewer's desk opens from the service becomes a case like any other
// (`cases.origin = 'desk'`), decided through the same command and sent by the same queue. The desk's
// own copies (desk_cases) go. A decision that waited in a copy was never accepted by anyone under
// today's rules, so it is not sent: it is kept as the decision form's typed input for that service
// case (form `decision`, subject `desk:<kind>:<serverId>`), which the desk hands to the case when it
// is opened again, and the person records it through the one decision command. The copies' files
// are listed in `vault_removals` for the core to delete after this commit (a migration cannot reach
// the vault's files), and their keys are destroyed here.
import { CaseKeys } from '../../vault/case-keys.js';
import type { Db, KeyWrapper, Migration } from '../migration.js';

interface DeskRow {
  id: string;
  profile_id: string;
  kind: 'entity' | 'individual';
  server_id: string;
  data: string;
  pending_decision: string | null;
}

/** The form draft subject under which a desk decision waits for its service case. */
export const legacyDeskDecisionSubject = (kind: string, serverId: string): string =>
  `desk:${kind}:${serverId}`;

export const m014OneReviewPath: Migration = {
  id: 14,
  name: 'desk cases become cases; vault removals after commit',
  up(db, { fields }) {
    db.exec(`
      ALTER TABLE cases ADD COLUMN origin TEXT NOT NULL DEFAULT 'captured'
        CHECK (origin IN ('captured', 'desk'));
      CREATE INDEX cases_profile_origin ON cases(profile_id, origin);
      CREATE INDEX cases_profile_server ON cases(profile_id, server_id);
      CREATE TABLE vault_removals (vault_id TEXT PRIMARY KEY) WITHOUT ROWID;
    `);
    const rows = db.prepare('SELECT * FROM desk_cases').all() as DeskRow[];
    if (rows.length > 0) {
      if (!fields)
        throw new Error(
          'Converting the desk copies needs the vault key; open the database through the core.',
        );
      convertCopies(db, fields, rows);
    }
    db.exec('DROP TABLE desk_cases');
  },
};

function convertCopies(db: Db, fields: KeyWrapper, rows: DeskRow[]): void {
  const keys = new CaseKeys(db, fields);
  const removal = db.prepare('INSERT OR IGNORE INTO vault_removals (vault_id) VALUES (?)');
  const draft = db.prepare(
    `INSERT INTO form_drafts (profile_id, case_id, form, subject, data, saved_at) VALUES (?, '', 'decision', ?, ?, ?)
     ON CONFLICT (profile_id, case_id, form, subject) DO NOTHING`,
  );
  for (const row of rows) {
    const cipher = keys.existing(row.id);
    if (cipher) {
      const open = (payload: string, column: string): unknown =>
        JSON.parse(cipher.decrypt(payload, `desk_cases.${column}:${row.id}`));
      const data = open(row.data, 'data') as {
        documents?: Record<string, string>;
        report?: { vaultId?: string } | null;
      };
      for (const vaultId of Object.values(data.documents ?? {})) removal.run(vaultId);
      if (data.report?.vaultId) removal.run(data.report.vaultId);
      if (row.pending_decision) {
        const pending = open(row.pending_decision, 'pending_decision') as {
          onboardingDecision: string;
          comments: string | null;
          nextFicaReviewDate: string | null;
          recordedAt: string;
        };
        const subject = legacyDeskDecisionSubject(row.kind, row.server_id);
        const typed = {
          choice: pending.onboardingDecision,
          comments: pending.comments ?? '',
          nextReview: pending.nextFicaReviewDate?.slice(0, 10) ?? '',
          recordedBeforeAt: pending.recordedAt,
        };
        draft.run(
          row.profile_id,
          subject,
          fields.encryptField(JSON.stringify(typed), `form_drafts::decision:${subject}`),
          pending.recordedAt,
        );
      }
    }
    keys.destroy(row.id);
  }
}
