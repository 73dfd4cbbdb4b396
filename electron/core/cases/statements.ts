// Prepared statements kept per connection: preparing SQL on every call cost more than running it
// when the queue re-reads its jobs hundreds of times a second during a drain.
import type Database from 'better-sqlite3';

type Db = Database.Database;
const caches = new WeakMap<Db, Map<string, Database.Statement>>();

export function statement(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}
