// The sandbox's SQLite store: WAL, numbered migrations applied once, re-opening is a no-op.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../../server/store/db.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import Database from 'better-sqlite3';
import { IndividualRepository } from '../../../server/store/individuals.js';

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
    const versions = (
      db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>
    ).map((r) => r.version);
    expect(versions).toEqual([...MIGRATIONS].map((m) => m.version).sort((a, b) => a - b));
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);
    db.close();
    const again = openDb(dir);
    expect((again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(
      versions.length,
    );
    again.close();
  });

  it('rolls a failing migration back whole', () => {
    const db = openDb(tempDir());
    const broken = {
      version: 999,
      name: 'broken',
      sql: 'CREATE TABLE half_done (id INTEGER); SELECT * FROM no_such_table;',
    };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    expect(db.prepare('SELECT version FROM schema_migrations WHERE version = 999').get()).toBeUndefined();
    db.close();
  });

  it('brings an existing store forward: search finds the rows already there and sequence numbers are unique', () => {
    const dir = tempDir();
    const old = new Database(join(dir, 'sandbox.sqlite'));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 15),
    );
    old
      .prepare(
        "INSERT INTO partners (id, name, balance, medium_from, high_from, client_id, client_secret_hash, created_at) VALUES ('p1', 'P', 0, NULL, 70, 'c', 'h', '2024-01-01')",
      )
      .run();
    const insert = old.prepare(
      "INSERT INTO individuals (id, seq, partner_id, first_name, last_name, details, fica_status, risk_description, created_at, last_updated) VALUES (?, ?, 'p1', ?, 'Nkosi', '{}', 'In Progress', 'Undetermined', ?, ?)",
    );
    // Two writers on one folder could once take the same number.
    insert.run('a', 1, 'Thandiwe', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z');
    insert.run('b', 1, 'Sipho', '2024-01-02T00:00:00.000Z', '2024-01-02T00:00:00.000Z');
    old.close();

    const db = openDb(dir);
    const seqs = (db.prepare('SELECT seq FROM individuals ORDER BY id').all() as Array<{ seq: number }>).map(
      (r) => r.seq,
    );
    expect(new Set(seqs).size).toBe(2);
    const found = new IndividualRepository(db).list('p1', { firstName: 'ANDIW' }, 50, 0);
    expect(found.data.map((i) => i.id)).toEqual(['a']);
    db.close();
  });
});
