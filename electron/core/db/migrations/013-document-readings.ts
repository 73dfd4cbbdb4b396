// What was read on a captured document at the desk (a proof of address's text, a registration
// certificate's), kept so the date and address are shown without reading the file again. `data` is
// sealed under the case's own key, so the retention purge shreds it with the case; a document
// deleted here takes its reading with it.
import { sqlMigration } from '../migration.js';

export const m013DocumentReadings = sqlMigration(
  13,
  'document readings',
  `
    CREATE TABLE document_readings (
      document_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      data TEXT NOT NULL,
      read_at TEXT NOT NULL
    );
    CREATE INDEX document_readings_case ON document_readings(case_id);
  `,
);
