// Prepared statements kept per connection and SQL text. Compiling a statement costs more than running
// most of ours: the core's queue re-reads its jobs hundreds of times a second during a drain, and the
// sandbox's repositories build their SQL per call. Safe because no caller iterates a statement or
// changes its mode (pluck/raw/expand), so a cached statement is never in use twice at once.
import Database from 'better-sqlite3';

type Db = Database.Database;

/** SQL texts are built from fixed columns and clauses; the bound only guards against inlined values. */
const MAX_CACHED = 1000;
const caches = new WeakMap<Db, Map<string, Database.Statement>>();
// The prototype's prepare, so a connection whose prepare goes through the cache still compiles.
const compile = (db: Db, sql: string): Database.Statement =>
  Database.prototype.prepare.call(db, sql) as Database.Statement;

/** The connection's compiled statement for this SQL, compiled on first use. */
export function statement(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size >= MAX_CACHED) cache.clear();
    stmt = compile(db, sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/** Routes every `db.prepare(sql)` of this connection through the cache (for code that calls prepare per query). */
export function cachePreparedStatements(db: Db): void {
  db.prepare = ((sql: string) => statement(db, sql)) as Db['prepare'];
}
