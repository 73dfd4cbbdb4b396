// SQL for the lists' contains-filters: a case-insensitive (ASCII) substring match on a column, the
// semantics of `column LIKE '%value%'`, answered from the table's trigram index (migration 015).
import type { Db } from './db.js';

/** The shortest value the trigram index can answer: it indexes runs of three characters. */
const TRIGRAM = 3;

/** Escapes LIKE wildcards so a filter value matches literally. */
export const likeContains = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Above this many index matches a filter keeps too many rows for the index to help: reading each
 * match by its seq and sorting them costs more than walking the partner's rows newest first, where
 * a page fills after a few hundred rows, and counting them on the (partner, column) indexes.
 */
const SELECTIVE = 1000;

/** An FTS5 phrase matching the value as a substring in one column; a quote inside is doubled. */
const phrase = (column: string, value: string): string => `{${column}} : "${value.replace(/"/g, '""')}"`;

/**
 * The partner column to compare (see the end), conditions and parameters that keep the rows whose
 * columns contain every value. `ftsTable` is the trigram index of the queried table, keyed by `seq`.
 *
 * Every filter keeps its LIKE: it is the exact rule. The index only narrows the rows LIKE has to
 * look at, and it finds a superset of them, because it folds case for all of Unicode while LIKE
 * folds only ASCII. A value shorter than three characters has no trigram, and the index cannot
 * match it at all, so such a value (or one holding a NUL, which the query syntax would cut short)
 * is answered by LIKE alone, which reads every row of the partner.
 *
 * `selective` says the rows come from the index; otherwise the caller walks the partner's rows in
 * list order for the page.
 */
export function containsConditions(
  db: Db,
  ftsTable: string,
  filters: ReadonlyArray<readonly [column: string, value: string]>,
): { partnerColumn: string; conditions: string[]; params: string[]; selective: boolean } {
  const conditions: string[] = [];
  const params: string[] = [];
  const phrases: string[] = [];
  for (const [column, value] of filters) {
    conditions.push(`${column} LIKE ? ESCAPE '\\'`);
    params.push(likeContains(value));
    if ([...value].length >= TRIGRAM && !value.includes('\0')) phrases.push(phrase(column, value));
  }
  const unselective = { partnerColumn: 'partner_id', conditions, params, selective: false };
  if (phrases.length === 0) return unselective;
  const match = phrases.join(' AND ');
  const probe = `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${ftsTable} WHERE ${ftsTable} MATCH ? LIMIT ${SELECTIVE})`;
  const matches = (db.prepare(probe).get(match) as { n: number }).n;
  if (matches >= SELECTIVE) return unselective;
  // SQLite cannot estimate how many rows a full-text match keeps and would rather walk the
  // partner's index, testing every row against the match. The unary + keeps the partner index out
  // of the plan, so the rows come from the match, each found through the unique index on seq.
  return {
    partnerColumn: '+partner_id',
    conditions: [`seq IN (SELECT rowid FROM ${ftsTable} WHERE ${ftsTable} MATCH ?)`, ...conditions],
    params: [match, ...params],
    selective: true,
  };
}
