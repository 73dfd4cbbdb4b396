import type { Migration } from './index.js';

// Contains-filters of the entity and individual lists read a trigram full-text index instead of
// scanning every row, and the next sequence number comes from an index on `seq` instead of a scan.
//
// The full-text tables index the filtered columns of their base table (external content, so the
// text is stored once) under the row's `seq`, not its rowid: a table without an INTEGER PRIMARY KEY
// may have its rowids renumbered by VACUUM, which would silently detach the index. `seq` is made
// unique for that; two processes on one folder could once have given two rows the same number, so
// such rows are renumbered above the highest (`seq` only breaks ties in the list order).
// A filter matching many rows is counted on a (partner, column) index, which holds the column's
// text and nothing else, instead of on the wide rows.
// Triggers keep the index in step with every insert, update and delete, and 'rebuild' fills it
// from the rows already there.

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

function uniqueSeq(table: string): string {
  return `
    UPDATE ${table} SET seq = (SELECT MAX(seq) FROM ${table}) + rowid
      WHERE rowid NOT IN (SELECT MIN(rowid) FROM ${table} GROUP BY seq);
    CREATE UNIQUE INDEX ${table}_seq ON ${table}(seq);`;
}

function trigramIndex(table: string, columns: readonly string[]): string {
  const fts = `${table}_fts`;
  const list = columns.join(', ');
  const values = (row: 'new' | 'old'): string => columns.map((c) => `${row}.${c}`).join(', ');
  return `
    CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='seq', tokenize='trigram');
    ${columns.map((c) => `CREATE INDEX ${table}_partner_${c} ON ${table}(partner_id, ${c});`).join('\n    ')}
    CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.seq, ${values('new')});
    END;
    CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.seq, ${values('old')});
    END;
    CREATE TRIGGER ${fts}_update AFTER UPDATE OF seq, ${list} ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.seq, ${values('old')});
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.seq, ${values('new')});
    END;
    INSERT INTO ${fts}(${fts}) VALUES ('rebuild');`;
}

export const m015ContainsSearch: Migration = {
  version: 15,
  name: 'trigram search for list filters and sequence indexes',
  sql: `
    ${uniqueSeq('entities')}
    ${uniqueSeq('individuals')}
    CREATE INDEX ubos_seq ON ubos(seq);
    CREATE INDEX webhook_events_seq ON webhook_events(seq);
    CREATE INDEX webhook_subscriptions_seq ON webhook_subscriptions(seq);
    ${trigramIndex('entities', CONTAINS_COLUMNS.entities)}
    ${trigramIndex('individuals', CONTAINS_COLUMNS.individuals)}
  `,
};
