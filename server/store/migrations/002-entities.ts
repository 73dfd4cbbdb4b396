import type { Migration } from './index.js';

// Free-form groups the API carries as a whole (KYB answers, provider payloads, the processed
// organigram) are JSON columns; anything filtered, ordered or checked by a rule is a column.
export const m002Entities: Migration = {
  version: 2,
  name: 'entities, ubos and trusts',
  sql: `
    CREATE TABLE entities (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      entity_type INTEGER NOT NULL,
      reg_name TEXT NOT NULL,
      reg_number TEXT NOT NULL,
      client_reference TEXT,
      external_system_id TEXT,
      fica_status TEXT NOT NULL,
      risk_status TEXT NOT NULL,
      risk_reason TEXT,
      risk_score INTEGER,
      registry_commercial_name TEXT,
      registry_response TEXT NOT NULL,
      sanctions_results TEXT NOT NULL,
      kyb TEXT,
      sanction_search_completed INTEGER NOT NULL DEFAULT 0,
      adverse_search_kyc INTEGER NOT NULL DEFAULT 0,
      directors_confirmed INTEGER NOT NULL DEFAULT 0,
      organigram TEXT,
      organigram_reviewed INTEGER NOT NULL DEFAULT 0,
      shareholders_admin_confirmed INTEGER NOT NULL DEFAULT 0,
      docs_uploaded_reviewed INTEGER NOT NULL DEFAULT 0,
      onboarding_decision TEXT NOT NULL DEFAULT 'In Progress',
      approved_comments TEXT,
      declined_comments TEXT,
      refer_comments TEXT,
      next_fica_review_date TEXT,
      approval_date TEXT,
      created_at TEXT NOT NULL,
      last_updated TEXT NOT NULL
    );
    CREATE INDEX entities_partner_updated ON entities(partner_id, last_updated DESC, seq DESC);

    CREATE TABLE entity_trusts (
      id TEXT PRIMARY KEY,
      entity_id TEXT NOT NULL REFERENCES entities(id),
      node_guid TEXT NOT NULL,
      trust_name TEXT NOT NULL,
      share_percentage REAL NOT NULL,
      ubo_percentage REAL NOT NULL,
      trust_status TEXT NOT NULL,
      risk_status TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX entity_trusts_entity ON entity_trusts(entity_id);

    CREATE TABLE ubos (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      entity_id TEXT NOT NULL REFERENCES entities(id),
      partner_id TEXT NOT NULL REFERENCES partners(id),
      origin TEXT NOT NULL,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      details TEXT NOT NULL,
      details_captured INTEGER NOT NULL DEFAULT 0,
      is_director INTEGER NOT NULL DEFAULT 0,
      is_shareholder INTEGER NOT NULL DEFAULT 0,
      is_trust_member INTEGER NOT NULL DEFAULT 0,
      shareholder_percentage TEXT,
      ubo_percentage REAL,
      node_guid TEXT,
      entity_trust_id TEXT REFERENCES entity_trusts(id),
      trust_related_party_types TEXT,
      screening TEXT,
      fica_status TEXT NOT NULL,
      risk_status TEXT NOT NULL,
      risk_reason TEXT,
      ubo_verified_status TEXT NOT NULL,
      pep_confirmed INTEGER NOT NULL DEFAULT 0,
      adverse_search_kyc INTEGER NOT NULL DEFAULT 0,
      docs_uploaded_reviewed INTEGER NOT NULL DEFAULT 0,
      active INTEGER NOT NULL DEFAULT 1,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX ubos_entity ON ubos(entity_id, active);
  `,
};
