// SQL for the lists' contains-filters: a case-insensitive (ASCII) substring match on a column, the
// semantics of `column LIKE '%value%'`, answered from the table's exact trigram index, one partner
// at a time (migration 018).
import type { Db } from './db.js';

/** The shortest value the trigram index can answer: it indexes runs of three characters. */
const TRIGRAM = 3;

/** Escapes LIKE wildcards so a filter value matches literally. */
export const likeContains = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLite's lower() without ICU: ASCII letters only, as LIKE folds them and the index holds them. */
const asciiLower = (value: string): string => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Above this many matches a filter keeps too many rows for the index to help the page: reading each
 * match by its seq and sorting them costs more than walking the partner's rows newest first, where
 * a page fills after a few hundred rows.
 */
const SELECTIVE = 1000;

/** An FTS5 phrase matching the value as a substring in one column; a quote inside is doubled. */
const phrase = (column: string, value: string): string => `{${column}} : "${value.replace(/"/g, '""')}"`;

export interface ContainsMatch {
  /** The partner column to compare with the partner's id (see the end). */
  partnerColumn: string;
  conditions: string[];
  params: string[];
  /** The rows come from the index; otherwise the caller walks the partner's rows in list order. */
  selective: boolean;
  /** How many of the partner's rows the contains-filters keep, when the index alone answers it. */
  count: number | null;
}

/**
 * The conditions and parameters that keep the partner's rows whose columns contain every value.
 * `searchTable` is the exact trigram index of the queried table (`<table>_search`), keyed by `seq`.
 *
 * Every filter keeps its LIKE, the rule itself, for the rows the caller reads. The index holds each
 * column as lower() gives it under a case-sensitive trigram tokenizer, so a phrase of the value with
 * its ASCII letters folded matches exactly the rows LIKE keeps; and each row holds its partner's key,
 * so the index counts the partner's matches on its own. A value shorter than three characters has no
 * trigram, and the index cannot match it at all, so such a value (or one holding a NUL, which the
 * query syntax would cut short) is answered by LIKE alone, which reads every row of the partner.
 */
export function containsConditions(
  db: Db,
  searchTable: string,
  partnerId: string,
  filters: ReadonlyArray<readonly [column: string, value: string]>,
): ContainsMatch {
  const conditions: string[] = [];
  const params: string[] = [];
  const phrases: string[] = [];
  for (const [column, value] of filters) {
    conditions.push(`${column} LIKE ? ESCAPE '\\'`);
    params.push(likeContains(value));
    if ([...value].length >= TRIGRAM && !value.includes('\0'))
      phrases.push(phrase(column, asciiLower(value)));
  }
  const unselective = { partnerColumn: 'partner_id', conditions, params, selective: false, count: null };
  if (phrases.length === 0) return unselective;
  const key = db.prepare('SELECT key FROM partner_search_keys WHERE partner_id = ?').get(partnerId) as
    { key: number } | undefined;
  if (!key) return { ...unselective, count: 0 };
  const match = [phrase('partner', `#${key.key}#`), ...phrases].join(' AND ');
  const matches = (
    db.prepare(`SELECT COUNT(*) AS n FROM ${searchTable} WHERE ${searchTable} MATCH ?`).get(match) as {
      n: number;
    }
  ).n;
  const count = phrases.length === filters.length ? matches : null;
  if (matches >= SELECTIVE) return { ...unselective, count };
  // SQLite cannot estimate how many rows a full-text match keeps and would rather walk the
  // partner's index, testing every row against the match. The unary + keeps the partner index out
  // of the plan, so the rows come from the match, each found through the unique index on seq.
  return {
    partnerColumn: '+partner_id',
    conditions: [`seq IN (SELECT rowid FROM ${searchTable} WHERE ${searchTable} MATCH ?)`, ...conditions],
    params: [match, ...params],
    selective: true,
    count,
  };
}
