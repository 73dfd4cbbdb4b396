// What the queue reads per job, each an index probe, so a laptop with ten thousand queued items
// sends each as cheaply as one with ten: ready jobs of the active environment in the order they
// were queued, the soonest retry among them, the first job of each kind of a case (a job waits on
// its case's order only through those), which states a case's jobs are in, the documents of one
// content, and whether another document of the case holds a service document id.
//
// `document_server_ids` is `documents.server_ids` one id a row, kept by triggers (and the foreign
// key) whoever writes the documents, so a claim asks one index instead of reading every document.
import { sqlMigration } from '../migration.js';

export const m009JobPickIndexes = sqlMigration(
  9,
  'indexes for constant work per queued job',
  `
    CREATE INDEX jobs_pick ON jobs(profile_id, state, seq);
    CREATE INDEX jobs_due ON jobs(profile_id, state, next_attempt_at);
    CREATE INDEX jobs_case_kind ON jobs(case_id, kind);
    CREATE INDEX jobs_case_state ON jobs(case_id, state);
    DROP INDEX jobs_case;

    CREATE INDEX documents_content ON documents(case_id, sha256, size);

    CREATE TABLE document_server_ids (
      document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      case_id TEXT NOT NULL,
      owner_kind TEXT NOT NULL,
      server_id INTEGER NOT NULL
    );
    CREATE INDEX document_server_ids_held ON document_server_ids(case_id, owner_kind, server_id);
    CREATE INDEX document_server_ids_document ON document_server_ids(document_id);
    INSERT INTO document_server_ids (document_id, case_id, owner_kind, server_id)
      SELECT d.id, d.case_id, d.owner_kind, held.value FROM documents AS d, json_each(d.server_ids) AS held;

    CREATE TRIGGER documents_server_ids_inserted AFTER INSERT ON documents BEGIN
      INSERT INTO document_server_ids (document_id, case_id, owner_kind, server_id)
        SELECT NEW.id, NEW.case_id, NEW.owner_kind, value FROM json_each(NEW.server_ids);
    END;
    CREATE TRIGGER documents_server_ids_updated AFTER UPDATE OF server_ids, case_id, owner_kind ON documents BEGIN
      DELETE FROM document_server_ids WHERE document_id = OLD.id;
      INSERT INTO document_server_ids (document_id, case_id, owner_kind, server_id)
        SELECT NEW.id, NEW.case_id, NEW.owner_kind, value FROM json_each(NEW.server_ids);
    END;
  `,
);
