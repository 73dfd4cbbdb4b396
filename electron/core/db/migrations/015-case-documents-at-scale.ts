// A case of ten thousand documents costs its screen and its queue what a case of ten does.
//
// - The case screen reads a page of one owner's documents, those not on the service first, each
//   part in the order captured: `documents_page` holds them in that order (a document removed is
//   left out, as the screens leave it out).
// - Its counts by state and its checklists (which groups have a document on file, captured, or
//   only refused ones) come from tallies the triggers keep per owner, by state and by document
//   group, whoever writes the documents (captures, the queue's answers, an archive import, a case
//   deleted with its documents by the foreign key), instead of from reading every document.
// - A group whose documents were all refused names the last refusal: `documents_failed` finds it
//   among the owner's refused documents, newest first.
// - Identical scans: the settlement of free copies reads a content's documents by state
//   (`documents_content_state`, which replaces the index on content alone), and the uploads that may
//   still claim a copy are those marked "may have been sent" (`jobs_maybe_sent`: the jobs in flight
//   and those whose answer was lost, a few whatever the queue's length); a document's upload is found
//   by its id (`jobs_document`) rather than among the case's jobs. `free_copy_checks` names a
//   content of a case whose copies on the service someone must still settle, so the next upload of
//   an identical scan looks on the service; an upload of a content not named there never does.
import { sqlMigration } from '../migration.js';

/** The owner of a document as the tallies key it: its kind, and the person for an owner's documents. */
const OWNER = (row: 'NEW' | 'OLD') => `${row}.case_id, ${row}.owner_kind, COALESCE(${row}.ubo_id, '')`;

const add = (row: 'NEW' | 'OLD') => `
      INSERT INTO document_state_tallies (case_id, owner_kind, ubo_key, state, count)
        SELECT ${OWNER(row)}, ${row}.state, 1 WHERE ${row}.removed = 0
        ON CONFLICT (case_id, owner_kind, ubo_key, state) DO UPDATE SET count = count + 1;
      INSERT INTO document_group_tallies (case_id, owner_kind, ubo_key, group_id, state, count)
        SELECT ${OWNER(row)}, json_extract(pair.value, '$.groupId'), ${row}.state, 1
          FROM json_each(${row}.pairs) AS pair WHERE ${row}.removed = 0
        ON CONFLICT (case_id, owner_kind, ubo_key, group_id, state) DO UPDATE SET count = count + 1;`;

const take = (row: 'NEW' | 'OLD') => `
      UPDATE document_state_tallies SET count = count - 1
        WHERE ${row}.removed = 0 AND case_id = ${row}.case_id AND owner_kind = ${row}.owner_kind
          AND ubo_key = COALESCE(${row}.ubo_id, '') AND state = ${row}.state;
      DELETE FROM document_state_tallies
        WHERE case_id = ${row}.case_id AND owner_kind = ${row}.owner_kind
          AND ubo_key = COALESCE(${row}.ubo_id, '') AND state = ${row}.state AND count = 0;
      UPDATE document_group_tallies SET count = count - (
          SELECT COUNT(*) FROM json_each(${row}.pairs) AS pair
            WHERE json_extract(pair.value, '$.groupId') = document_group_tallies.group_id)
        WHERE ${row}.removed = 0 AND case_id = ${row}.case_id AND owner_kind = ${row}.owner_kind
          AND ubo_key = COALESCE(${row}.ubo_id, '') AND state = ${row}.state
          AND group_id IN (SELECT json_extract(pair.value, '$.groupId') FROM json_each(${row}.pairs) AS pair);
      DELETE FROM document_group_tallies
        WHERE case_id = ${row}.case_id AND owner_kind = ${row}.owner_kind
          AND ubo_key = COALESCE(${row}.ubo_id, '') AND state = ${row}.state AND count <= 0;`;

export const m015CaseDocumentsAtScale = sqlMigration(
  15,
  'case documents paged and tallied, and identical scans settled by index',
  `
    CREATE INDEX documents_page
      ON documents(case_id, owner_kind, ubo_id, state = 'on-file', captured_at, id) WHERE removed = 0;
    CREATE INDEX documents_failed
      ON documents(case_id, owner_kind, ubo_id, captured_at) WHERE removed = 0 AND state = 'failed';
    DROP INDEX documents_content;
    CREATE INDEX documents_content_state ON documents(case_id, sha256, size, state);
    CREATE INDEX jobs_maybe_sent ON jobs(case_id) WHERE maybe_sent = 1;
    CREATE INDEX jobs_document ON jobs(json_extract(payload, '$.documentId'))
      WHERE json_extract(payload, '$.documentId') IS NOT NULL;

    CREATE TABLE free_copy_checks (
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      sha256 TEXT NOT NULL,
      size INTEGER NOT NULL,
      PRIMARY KEY (case_id, sha256, size)
    ) WITHOUT ROWID;

    CREATE TABLE document_state_tallies (
      case_id TEXT NOT NULL,
      owner_kind TEXT NOT NULL,
      ubo_key TEXT NOT NULL,
      state TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (case_id, owner_kind, ubo_key, state)
    ) WITHOUT ROWID;
    CREATE TABLE document_group_tallies (
      case_id TEXT NOT NULL,
      owner_kind TEXT NOT NULL,
      ubo_key TEXT NOT NULL,
      group_id INTEGER NOT NULL,
      state TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (case_id, owner_kind, ubo_key, group_id, state)
    ) WITHOUT ROWID;
    INSERT INTO document_state_tallies (case_id, owner_kind, ubo_key, state, count)
      SELECT case_id, owner_kind, COALESCE(ubo_id, ''), state, COUNT(*) FROM documents WHERE removed = 0
        GROUP BY case_id, owner_kind, COALESCE(ubo_id, ''), state;
    INSERT INTO document_group_tallies (case_id, owner_kind, ubo_key, group_id, state, count)
      SELECT d.case_id, d.owner_kind, COALESCE(d.ubo_id, ''), json_extract(pair.value, '$.groupId'), d.state, COUNT(*)
        FROM documents AS d, json_each(d.pairs) AS pair WHERE d.removed = 0
        GROUP BY d.case_id, d.owner_kind, COALESCE(d.ubo_id, ''), json_extract(pair.value, '$.groupId'), d.state;

    CREATE TRIGGER documents_tallies_inserted AFTER INSERT ON documents BEGIN${add('NEW')}
    END;
    CREATE TRIGGER documents_tallies_deleted AFTER DELETE ON documents BEGIN${take('OLD')}
    END;
    CREATE TRIGGER documents_tallies_updated
      AFTER UPDATE OF state, removed, pairs, case_id, owner_kind, ubo_id ON documents
      WHEN OLD.state IS NOT NEW.state OR OLD.removed IS NOT NEW.removed OR OLD.pairs IS NOT NEW.pairs
        OR OLD.case_id IS NOT NEW.case_id OR OLD.owner_kind IS NOT NEW.owner_kind OR OLD.ubo_id IS NOT NEW.ubo_id
    BEGIN${take('OLD')}${add('NEW')}
    END;
  `,
);
