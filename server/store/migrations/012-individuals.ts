import type { Migration } from './index.js';

// Individual clients (individual-api.md). Filtered and ordered fields are columns; the create body
// and provider answers, carried as a whole, are JSON columns.
export const m012Individuals: Migration = {
  version: 12,
  name: 'individuals, their documents and bank account checks',
  sql: `
    CREATE TABLE individuals (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      external_system_id TEXT,
      client_ref TEXT,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      client_email TEXT,
      client_phone TEXT,
      id_number TEXT,
      passport_number TEXT,
      details TEXT NOT NULL,
      fica_status TEXT NOT NULL,
      risk_description TEXT NOT NULL,
      risk_reason TEXT,
      aml_screening TEXT,
      external_validation TEXT,
      pep_confirm_reviewed INTEGER NOT NULL DEFAULT 0,
      adverse_search_kyc INTEGER NOT NULL DEFAULT 0,
      client_foreign_official INTEGER NOT NULL DEFAULT 0,
      client_foreign_official_type INTEGER,
      pep_decided_by TEXT,
      docs_uploaded_reviewed INTEGER NOT NULL DEFAULT 0,
      docs_reviewed_by TEXT,
      onboarding_decision TEXT NOT NULL DEFAULT 'In Progress',
      additional_comments TEXT,
      decided_by TEXT,
      approved_by TEXT,
      next_fica_review_date TEXT,
      approval_date TEXT,
      created_at TEXT NOT NULL,
      last_updated TEXT NOT NULL
    );
    CREATE INDEX individuals_partner_updated ON individuals(partner_id, last_updated DESC, seq DESC);

    CREATE TABLE individual_documents (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      individual_id TEXT NOT NULL REFERENCES individuals(id),
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
    CREATE INDEX individual_documents_individual ON individual_documents(individual_id, active);

    CREATE TABLE bank_account_verifications (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      individual_id TEXT NOT NULL REFERENCES individuals(id),
      request TEXT NOT NULL,
      result TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
  `,
};
