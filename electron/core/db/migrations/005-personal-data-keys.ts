// Per-case data keys, and every personal value of an existing database moved under them: case
// titles (stored in the clear before), the encrypted case, person, document and draft fields
// (re-sealed from the vault key to the case key), and audit details (in the clear before; rows keep
// their id, time, actor and action). The audit log's triggers are lifted only inside this
// transaction and put back unchanged. openDatabase then rebuilds the file and empties the WAL, so
// no old plaintext survives in free pages.
import { CaseKeys } from '../../vault/case-keys.js';
import { AuditSealer } from '../audit-sealer.js';
import type { Db, KeyWrapper, Migration } from '../migration.js';

export class VaultKeyNeededError extends Error {
  override readonly name = 'VaultKeyNeededError';
  constructor() {
    super('Encrypting the existing personal data needs the vault key; open the database through the core.');
  }
}

const AUDIT_TRIGGERS = `
  CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
  CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
`;

export const m005PersonalDataKeys: Migration = {
  id: 5,
  name: 'per-case data keys; titles and audit details encrypted',
  up(db, { fields }) {
    db.exec(`
      CREATE TABLE case_keys (
        case_id TEXT PRIMARY KEY,
        wrapped TEXT NOT NULL
      ) STRICT;
    `);
    const hasRows = (table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n > 0;
    if (!hasRows('cases') && !hasRows('audit_log')) return;
    if (!fields) throw new VaultKeyNeededError();
    const keys = new CaseKeys(db, fields);
    resealCases(db, fields, keys);
    sealAuditDetails(db, new AuditSealer(fields, keys));
  },
};

function resealCases(db: Db, vault: KeyWrapper, keys: CaseKeys): void {
  const reseal = (caseId: string, payload: string, context: string) =>
    keys.forCase(caseId).encrypt(vault.decryptField(payload, context), context);
  const cases = db.prepare('SELECT id, title, data FROM cases').all() as {
    id: string;
    title: string;
    data: string;
  }[];
  const saveCase = db.prepare('UPDATE cases SET title = ?, data = ? WHERE id = ?');
  for (const c of cases) {
    const cipher = keys.forCase(c.id);
    saveCase.run(
      cipher.encrypt(c.title, `cases.title:${c.id}`),
      reseal(c.id, c.data, `cases.data:${c.id}`),
      c.id,
    );
  }
  const ubos = db.prepare('SELECT id, case_id, data FROM ubos').all() as {
    id: string;
    case_id: string;
    data: string;
  }[];
  const saveUbo = db.prepare('UPDATE ubos SET data = ? WHERE id = ?');
  for (const u of ubos) saveUbo.run(reseal(u.case_id, u.data, `ubos.data:${u.id}`), u.id);
  const docs = db.prepare('SELECT id, case_id, filename FROM documents').all() as {
    id: string;
    case_id: string;
    filename: string;
  }[];
  const saveDoc = db.prepare('UPDATE documents SET filename = ? WHERE id = ?');
  for (const d of docs) saveDoc.run(reseal(d.case_id, d.filename, `documents.filename:${d.id}`), d.id);
  const drafts = db.prepare('SELECT id, case_id, pages FROM drafts').all() as {
    id: string;
    case_id: string;
    pages: string;
  }[];
  const saveDraft = db.prepare('UPDATE drafts SET pages = ? WHERE id = ?');
  for (const d of drafts) saveDraft.run(reseal(d.case_id, d.pages, `drafts.pages:${d.id}`), d.id);
}

function sealAuditDetails(db: Db, sealer: AuditSealer): void {
  db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;');
  const rows = db.prepare('SELECT id, case_id, detail FROM audit_log').all() as {
    id: number;
    case_id: string | null;
    detail: string;
  }[];
  const save = db.prepare('UPDATE audit_log SET detail = ? WHERE id = ?');
  for (const row of rows) save.run(sealer.seal(row.detail, row.case_id), row.id);
  db.exec(AUDIT_TRIGGERS);
}
