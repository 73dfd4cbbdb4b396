// Migrations and the platform repositories against real SQLite files in a temporary directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/db/audit-log.js';
import { LookupsCacheRepository } from '../../../electron/core/db/lookups-cache.js';
import {
  DatabaseTooNewError,
  migrate,
  MigrationHistoryError,
  schemaVersion,
} from '../../../electron/core/db/migrate.js';
import { sqlMigration, type Db, type Migration } from '../../../electron/core/db/migration.js';
import { MIGRATIONS } from '../../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { ProfileRepository, tokenUrlOf } from '../../../electron/core/db/profiles.js';
import { SettingsRepository } from '../../../electron/core/db/settings.js';

let root: string;
let counter = 0;
const freshFile = () => join(root, `desk-${++counter}.sqlite`);
const tables = (db: Db) =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as Array<{ name: string }>
  ).map((row) => row.name);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-db-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('openDatabase and migrations', () => {
  it('applies every migration once, with WAL and foreign keys on', () => {
    const file = freshFile();
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['audit_log', 'lookups_cache', 'migrations', 'profiles', 'settings']),
    );
    const history = db.prepare('SELECT id, name FROM migrations ORDER BY id').all();
    expect(history).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
    db.close();
  });

  it('is idempotent on reopen and keeps the data', () => {
    const file = freshFile();
    const first = openDatabase(file);
    new SettingsRepository(first).set('theme', z.string(), 'dark');
    first.close();
    const again = openDatabase(file);
    expect(migrate(again, MIGRATIONS).applied).toEqual([]);
    expect(again.prepare('SELECT COUNT(*) AS n FROM migrations').get()).toEqual({ n: MIGRATIONS.length });
    expect(new SettingsRepository(again).get('theme', z.string())).toBe('dark');
    again.close();
  });

  it('applies only the new steps when the code gains a migration', () => {
    const file = freshFile();
    const base: Migration[] = [sqlMigration(1, 'one', 'CREATE TABLE a (x INTEGER)')];
    openDatabase(file, { migrations: base }).close();
    const db = openDatabase(file, {
      migrations: [...base, sqlMigration(2, 'two', 'CREATE TABLE b (y INTEGER)')],
    });
    expect(tables(db)).toEqual(['a', 'b', 'migrations']);
    db.close();
  });

  it('refuses a database written by a newer version, with a message for the user', () => {
    const file = freshFile();
    const newer = [
      ...MIGRATIONS,
      sqlMigration(MIGRATIONS.length + 1, 'from the future', 'CREATE TABLE future (x INTEGER)'),
    ];
    openDatabase(file, { migrations: newer }).close();
    let error: unknown;
    try {
      openDatabase(file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as Error).message).toContain('Install the latest FICA Desk');
  });

  it('rolls a failing migration back entirely and keeps the earlier ones', () => {
    const file = freshFile();
    const failing: Migration = {
      id: 2,
      name: 'breaks half-way',
      up(db) {
        db.exec('CREATE TABLE half (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() =>
      openDatabase(file, { migrations: [sqlMigration(1, 'one', 'CREATE TABLE a (x INTEGER)'), failing] }),
    ).toThrow('boom');
    const db = openDatabase(file, { migrations: [sqlMigration(1, 'one', 'CREATE TABLE a (x INTEGER)')] });
    expect(tables(db)).toEqual(['a', 'migrations']);
    db.close();
  });

  it('refuses gaps in the list and a renamed migration', () => {
    const file = freshFile();
    expect(() => openDatabase(file, { migrations: [sqlMigration(2, 'two', 'SELECT 1')] })).toThrow(
      MigrationHistoryError,
    );
    openDatabase(file, { migrations: [sqlMigration(1, 'one', 'SELECT 1')] }).close();
    expect(() => openDatabase(file, { migrations: [sqlMigration(1, 'renamed', 'SELECT 1')] })).toThrow(
      MigrationHistoryError,
    );
  });
});

describe('platform repositories', () => {
  let db: Db;
  const clock = () => new Date('2026-11-21T10:00:00.000Z');
  beforeAll(() => {
    db = openDatabase(freshFile());
  });
  afterAll(() => db.close());

  it('profiles: create, read back, update, and no secrets in URLs', () => {
    const profiles = new ProfileRepository(db, clock);
    const sandbox = profiles.create({
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(profiles.get('sandbox')).toEqual({
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      tokenUrl: null,
      issuerUrl: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    expect(tokenUrlOf(sandbox)).toBe('http://127.0.0.1:4010/oauth/token');
    const live = profiles.create({
      name: 'Live',
      kind: 'live',
      baseUrl: 'https://api.example.co.za/',
      tokenUrl: 'https://auth.example.co.za/token',
    });
    expect(live.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokenUrlOf(live)).toBe('https://auth.example.co.za/token');
    expect(profiles.update(live.id, { name: 'Live (branch 12)' })?.name).toBe('Live (branch 12)');
    expect(profiles.list().map((p) => p.id)).toEqual(['sandbox', live.id]);
    expect(() =>
      profiles.create({ name: 'Bad', kind: 'live', baseUrl: 'https://client:secret@api.example.co.za' }),
    ).toThrow();
    expect(() =>
      profiles.create({ name: 'Bad', kind: 'prod' as 'live', baseUrl: 'https://api.example.co.za' }),
    ).toThrow();
    // The store itself refuses plain http for test and live, on create and on any update.
    expect(() =>
      profiles.create({ name: 'Bad', kind: 'test', baseUrl: 'http://test.example.co.za' }),
    ).toThrow();
    expect(() => profiles.update(live.id, { tokenUrl: 'http://auth.example.co.za/token' })).toThrow(
      "The live environment's token URL must use https://",
    );
    expect(profiles.get(live.id)?.tokenUrl).toBe('https://auth.example.co.za/token');
    expect(() =>
      db
        .prepare(
          "INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES ('x', 'X', 'prod', 'u', NULL, 'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
    const columns = (db.prepare('PRAGMA table_info(profiles)').all() as Array<{ name: string }>).map(
      (c) => c.name,
    );
    expect(columns.some((name) => /secret|token$|password|key/.test(name))).toBe(false);
  });

  it('settings: typed read-back, invalid values refused or reported absent', () => {
    const settings = new SettingsRepository(db, clock);
    const Retention = z.object({ days: z.number().int().positive() });
    settings.set('retention', Retention, { days: 30 });
    expect(settings.get('retention', Retention)).toEqual({ days: 30 });
    expect(() => settings.set('retention', Retention, { days: -1 })).toThrow();
    expect(settings.get('retention', z.string())).toBeUndefined();
    expect(settings.get('missing', z.string())).toBeUndefined();
    expect(settings.delete('retention')).toBe(true);
  });

  it('lookups cache: per profile, replaced on refresh, removed with the profile', () => {
    const profiles = new ProfileRepository(db, clock);
    const profile = profiles.create({ name: 'Test', kind: 'test', baseUrl: 'https://test.example.co.za' });
    const cache = new LookupsCacheRepository(db, clock);
    const Countries = z.array(z.object({ id: z.number(), name: z.string() }));
    cache.put(profile.id, 'countries', [{ id: 1, name: 'South Africa' }]);
    cache.put(profile.id, 'countries', [
      { id: 1, name: 'South Africa' },
      { id: 2, name: 'Namibia' },
    ]);
    expect(cache.get(profile.id, 'countries', Countries)).toEqual({
      body: [
        { id: 1, name: 'South Africa' },
        { id: 2, name: 'Namibia' },
      ],
      fetchedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(cache.get(profile.id, 'countries', z.string())).toBeNull();
    expect(cache.list(profile.id)).toEqual([{ name: 'countries', fetchedAt: '2026-11-21T10:00:00.000Z' }]);
    expect(() => cache.put('no-such-profile', 'countries', [])).toThrow(/FOREIGN KEY/);
    profiles.remove(profile.id);
    expect(cache.list(profile.id)).toEqual([]);
  });

  it('audit log: appends, lists newest first, refuses updates and deletes', () => {
    const audit = new AuditLog(db, clock);
    const first = audit.append({
      profileId: 'sandbox',
      userId: 'clerk-7',
      action: 'case.create',
      caseId: 'case-1',
    });
    audit.append({
      profileId: 'sandbox',
      userId: 'clerk-7',
      action: 'document.capture',
      caseId: 'case-1',
      detail: { pages: 3 },
    });
    audit.append({ userId: 'clerk-7', action: 'profile.switch' });
    expect(first).toMatchObject({ at: '2026-11-21T10:00:00.000Z', detail: {}, caseId: 'case-1' });
    expect(audit.list({ caseId: 'case-1' }).map((e) => [e.action, e.detail])).toEqual([
      ['document.capture', { pages: 3 }],
      ['case.create', {}],
    ]);
    expect(audit.list({ limit: 1 })[0]?.action).toBe('profile.switch');
    expect(() => audit.append({ userId: 'x', action: 'Not An Action' })).toThrow();
    expect(() => db.prepare("UPDATE audit_log SET action = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
  });
});
