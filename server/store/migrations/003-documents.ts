import type { Migration } from './index.js';

// Files live on disk under generated names; these rows are the metadata and the soft-delete flag.
export const m003Documents: Migration = {
  version: 3,
  name: 'entity and ubo documents',
  sql: `
    CREATE TABLE entity_documents (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      entity_id TEXT NOT NULL REFERENCES entities(id),
      group_id INTEGER NOT NULL,
      type_id INTEGER NOT NULL,
      filename TEXT NOT NULL,
      stored_name TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      additional INTEGER NOT NULL DEFAULT 0,
      active INTEGER NOT NULL DEFAULT 1,
      upload_date TEXT NOT NULL,
      deleted_at TEXT
    );
    CREATE INDEX entity_documents_entity ON entity_documents(entity_id, active);
    CREATE TABLE ubo_documents (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ubo_id TEXT NOT NULL REFERENCES ubos(id),
      group_id INTEGER NOT NULL,
      type_id INTEGER NOT NULL,
      filename TEXT NOT NULL,
      stored_name TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      additional INTEGER NOT NULL DEFAULT 0,
      active INTEGER NOT NULL DEFAULT 1,
      upload_date TEXT NOT NULL,
      deleted_at TEXT
    );
    CREATE INDEX ubo_documents_ubo ON ubo_documents(ubo_id, active);
  `,
};
