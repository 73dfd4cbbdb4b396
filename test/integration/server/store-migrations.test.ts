// The sandbox's SQLite store: WAL, numbered migrations applied once, re-opening is a no-op.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../../server/store/db.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fica-sbx-store-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sandbox store', () => {
  it('applies every migration once, in order, in WAL mode', () => {
    const dir = tempDir();
    const db = openDb(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((r) => r.version);
    expect(versions).toEqual([...MIGRATIONS].map((m) => m.version).sort((a, b) => a - b));
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);
    db.close();
    const again = openDb(dir);
    expect((again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(versions.length);
    again.close();
  });

  it('rolls a failing migration back whole', () => {
    const db = openDb(tempDir());
    const broken = { version: 999, name: 'broken', sql: 'CREATE TABLE half_done (id INTEGER); SELECT * FROM no_such_table;' };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    expect(db.prepare('SELECT version FROM schema_migrations WHERE version = 999').get()).toBeUndefined();
    db.close();
  });
});
