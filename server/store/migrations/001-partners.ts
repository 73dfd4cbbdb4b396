import type { Migration } from './index.js';

export const m001Partners: Migration = {
  version: 1,
  name: 'partners, users, credentials and tokens',
  sql: `
    CREATE TABLE partners (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      balance INTEGER NOT NULL,
      medium_from INTEGER,
      high_from INTEGER NOT NULL DEFAULT 15,
      client_id TEXT NOT NULL UNIQUE,
      client_secret_hash TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      role TEXT NOT NULL
    );
    CREATE INDEX users_partner ON users(partner_id);
    CREATE TABLE access_tokens (
      token_hash TEXT PRIMARY KEY,
      partner_id TEXT NOT NULL REFERENCES partners(id),
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
    -- The demo partner's secret is kept in clear so that every restart of a data folder prints the
    -- same credentials (contract §11). Only the seeded sandbox demo partner is stored this way.
    CREATE TABLE sandbox_meta (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};
