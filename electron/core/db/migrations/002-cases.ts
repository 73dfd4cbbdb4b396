// Cases as captured on this laptop: entity and individual applications, their people, documents
// and document drafts. Personal data sits in the `data` columns encrypted with the vault's field key
// (FieldCipher); only what the cases list filters and sorts on stays in the clear.
export const m002Cases = {
  version: 2,
  name: 'cases, ubos, documents, drafts',
  sql: `
    CREATE TABLE cases (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('entity', 'individual')),
      profile_id TEXT,
      title TEXT NOT NULL,
      client_reference TEXT NOT NULL,
      status TEXT NOT NULL,
      server_id TEXT,
      created_by TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      blocked_reason TEXT,
      decided_at TEXT,
      purged_at TEXT,
      report_cached_at TEXT,
      data TEXT NOT NULL
    );
    CREATE INDEX cases_updated ON cases(updated_at);
    CREATE INDEX cases_reference ON cases(client_reference);

    CREATE TABLE ubos (
      id TEXT PRIMARY KEY,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      server_id TEXT,
      origin TEXT NOT NULL CHECK (origin IN ('registry', 'manual', 'organigram')),
      removed INTEGER NOT NULL DEFAULT 0,
      data TEXT NOT NULL
    );
    CREATE INDEX ubos_case ON ubos(case_id);

    CREATE TABLE documents (
      id TEXT PRIMARY KEY,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      owner_kind TEXT NOT NULL CHECK (owner_kind IN ('entity', 'ubo', 'individual')),
      ubo_id TEXT,
      pairs TEXT NOT NULL,
      filename TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      page_count INTEGER NOT NULL,
      vault_id TEXT,
      state TEXT NOT NULL,
      error TEXT,
      server_ids TEXT NOT NULL DEFAULT '[]',
      captured_at TEXT NOT NULL,
      removed INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX documents_case ON documents(case_id);

    CREATE TABLE drafts (
      id TEXT PRIMARY KEY,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      owner TEXT NOT NULL,
      pages TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
  `,
} as const;
