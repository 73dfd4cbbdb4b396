import type { Migration } from './index.js';

// The contains-filters' index answers exactly, one partner at a time, so a filter matching many
// rows is counted in the index instead of by testing every row of the partner.
//
// The trigram index of migration 015 folded case for all of Unicode, so it found a superset of the
// rows the rule keeps (the value occurs in the column, ignoring the case of ASCII letters only), and
// it held every partner's rows together. Its successor holds each column as SQLite's lower() gives it
// (ASCII letters folded, nothing else) under a case-sensitive trigram tokenizer, so a phrase of three
// characters or more matches exactly the rows whose column contains the value with its ASCII letters
// folded; and each row carries its partner's key ("#<key>#", a column of its own), so one query
// names the partner and the values. The keys are numbers of their own (`partner_search_keys`), not
// the partners' rowids, which VACUUM may renumber. The index is contentless: it holds the trigrams
// and nothing else, and rows leave it by rowid (`seq`).

const CONTAINS_COLUMNS = {
  entities: [
    'client_reference',
    'fica_status',
    'risk_status',
    'reg_name',
    'reg_number',
    'external_system_id',
  ],
  individuals: [
    'external_system_id',
    'client_ref',
    'first_name',
    'last_name',
    'fica_status',
    'id_number',
    'passport_number',
    'risk_description',
  ],
} as const;

const partnerToken = (partnerId: string): string =>
  `'#' || (SELECT key FROM partner_search_keys WHERE partner_id = ${partnerId}) || '#'`;

function exactSearch(table: string, columns: readonly string[]): string {
  const old = `${table}_fts`;
  const search = `${table}_search`;
  const list = columns.join(', ');
  const values = (row: string): string => columns.map((c) => `lower(${row}.${c})`).join(', ');
  const add = (row: string): string =>
    `INSERT INTO ${search}(rowid, partner, ${list}) VALUES (${row}.seq, ${partnerToken(`${row}.partner_id`)}, ${values(row)});`;
  return `
    DROP TRIGGER ${old}_insert;
    DROP TRIGGER ${old}_delete;
    DROP TRIGGER ${old}_update;
    DROP TABLE ${old};
    CREATE VIRTUAL TABLE ${search} USING fts5(partner, ${list},
      content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
    INSERT INTO ${search}(rowid, partner, ${list})
      SELECT t.seq, '#' || k.key || '#', ${values('t')}
        FROM ${table} AS t JOIN partner_search_keys AS k ON k.partner_id = t.partner_id;
    CREATE TRIGGER ${search}_insert AFTER INSERT ON ${table} BEGIN
      ${add('new')}
    END;
    CREATE TRIGGER ${search}_delete AFTER DELETE ON ${table} BEGIN
      DELETE FROM ${search} WHERE rowid = old.seq;
    END;
    CREATE TRIGGER ${search}_update AFTER UPDATE OF seq, partner_id, ${list} ON ${table} BEGIN
      DELETE FROM ${search} WHERE rowid = old.seq;
      ${add('new')}
    END;`;
}

export const m018ExactPartnerSearch: Migration = {
  version: 18,
  name: 'exact contains-search index per partner',
  sql: `
    CREATE TABLE partner_search_keys (
      partner_id TEXT PRIMARY KEY REFERENCES partners(id) ON DELETE CASCADE,
      key INTEGER NOT NULL UNIQUE
    );
    INSERT INTO partner_search_keys (partner_id, key) SELECT id, ROW_NUMBER() OVER (ORDER BY created_at, id) FROM partners;
    CREATE TRIGGER partner_search_key AFTER INSERT ON partners BEGIN
      INSERT INTO partner_search_keys (partner_id, key)
        VALUES (new.id, (SELECT COALESCE(MAX(key), 0) + 1 FROM partner_search_keys));
    END;
    ${exactSearch('entities', CONTAINS_COLUMNS.entities)}
    ${exactSearch('individuals', CONTAINS_COLUMNS.individuals)}
  `,
};
