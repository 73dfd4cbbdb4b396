// Migration 004 on databases written by the previous version (real SQLite files): every existing
// case and job is placed in an environment profile (the one recorded at capture, else the active
// one, else the only one), and from then on the file itself keeps them there.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentScope } from '../../../electron/core/cases/environment-scope.js';
import type { Db } from '../../../electron/core/db/migration.js';
import { MIGRATIONS } from '../../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { ProfileRepository } from '../../../electron/core/db/profiles.js';

let root: string;
let counter = 0;
const freshFile = () => join(root, `desk-${++counter}.sqlite`);
const BEFORE_004 = MIGRATIONS.slice(0, 3);
// Up to 004 only: 005 encrypts existing rows and needs the vault key, which these files do not have.
const THROUGH_004 = MIGRATIONS.slice(0, 4);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-env-migration-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A database as the previous version left it: profiles, the active one, cases with their jobs. */
function previousVersion(
  file: string,
  setup: { profiles: string[]; active?: string; cases: { id: string; profileId: string | null }[] },
) {
  const db = openDatabase(file, { migrations: BEFORE_004 });
  const now = new Date().toISOString();
  for (const id of setup.profiles) {
    db.prepare(
      "INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES (?, ?, 'test', ?, NULL, ?)",
    ).run(id, `Profile ${id}`, `https://${id}.example.co.za`, now);
  }
  if (setup.active)
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
      'activeProfileId',
      JSON.stringify(setup.active),
      now,
    );
  for (const c of setup.cases) {
    db.prepare(
      "INSERT INTO cases (id, kind, profile_id, title, client_reference, status, created_at, updated_at, data) VALUES (?, 'individual', ?, ?, ?, 'waiting', ?, ?, 'sealed')",
    ).run(c.id, c.profileId, `Client ${c.id}`, `FD-${c.id}`, now, now);
    db.prepare(
      "INSERT INTO jobs (id, case_id, kind, payload, state, idempotency_key, created_at) VALUES (?, ?, 'individual.create', '{\"kind\":\"individual.create\"}', 'ready', ?, ?)",
    ).run(`job-${c.id}`, c.id, `key-${c.id}`, now);
  }
  db.close();
}

const placement = (db: Db) => ({
  cases: Object.fromEntries(
    (
      db.prepare('SELECT id, profile_id FROM cases ORDER BY id').all() as {
        id: string;
        profile_id: string | null;
      }[]
    ).map((r) => [r.id, r.profile_id]),
  ),
  jobs: Object.fromEntries(
    (
      db.prepare('SELECT case_id, profile_id FROM jobs ORDER BY case_id').all() as {
        case_id: string;
        profile_id: string | null;
      }[]
    ).map((r) => [r.case_id, r.profile_id]),
  ),
});

describe('migration 004: environment of existing work', () => {
  it('keeps the profile recorded at capture and places the others, with their jobs, under the active one', () => {
    const file = freshFile();
    previousVersion(file, {
      profiles: ['sandbox', 'test', 'live'],
      active: 'test',
      cases: [
        { id: 'recorded', profileId: 'sandbox' },
        { id: 'recorded-live', profileId: 'live' },
        { id: 'unknown', profileId: null },
      ],
    });
    const db = openDatabase(file, { migrations: THROUGH_004 });
    const expected = { recorded: 'sandbox', 'recorded-live': 'live', unknown: 'test' };
    expect(placement(db)).toEqual({ cases: expected, jobs: expected });
    db.close();
  });

  it('places them under the only profile when none is active', () => {
    const file = freshFile();
    previousVersion(file, {
      profiles: ['only'],
      cases: [
        { id: 'a', profileId: null },
        { id: 'b', profileId: null },
      ],
    });
    const db = openDatabase(file, { migrations: THROUGH_004 });
    expect(placement(db)).toEqual({ cases: { a: 'only', b: 'only' }, jobs: { a: 'only', b: 'only' } });
    db.close();
  });

  it('leaves undecidable cases unassigned until a profile is made active, which then keeps them', () => {
    const file = freshFile();
    previousVersion(file, { profiles: ['one', 'two'], cases: [{ id: 'a', profileId: null }] });
    const db = openDatabase(file, { migrations: THROUGH_004 });
    expect(placement(db)).toEqual({ cases: { a: null }, jobs: { a: null } });
    const profiles = new ProfileRepository(db);
    const scope = new EnvironmentScope({ db, profiles, activeProfile: () => profiles.get('two') });
    expect(scope.assignUnassigned('two')).toEqual(['a']);
    expect(scope.assignUnassigned('one')).toEqual([]);
    expect(placement(db)).toEqual({ cases: { a: 'two' }, jobs: { a: 'two' } });
    db.close();
  });

  it('is applied once, and the file refuses moving a case or job to another profile afterwards', () => {
    const file = freshFile();
    previousVersion(file, {
      profiles: ['sandbox', 'live'],
      active: 'sandbox',
      cases: [{ id: 'a', profileId: null }],
    });
    openDatabase(file, { migrations: THROUGH_004 }).close();
    const db = openDatabase(file, { migrations: THROUGH_004 });
    expect(placement(db)).toEqual({ cases: { a: 'sandbox' }, jobs: { a: 'sandbox' } });
    expect(() => db.prepare("UPDATE cases SET profile_id = 'live' WHERE id = 'a'").run()).toThrow(
      /stays in the environment it was captured in/,
    );
    expect(() => db.prepare("UPDATE jobs SET profile_id = 'live' WHERE case_id = 'a'").run()).toThrow(
      /environment of its case/,
    );
    expect(() =>
      db
        .prepare(
          "INSERT INTO cases (id, kind, title, client_reference, status, created_at, updated_at, data) VALUES ('b', 'entity', 'B', 'FD-B', 'waiting', '', '', 'x')",
        )
        .run(),
    ).toThrow(/must belong to an environment profile/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO jobs (id, case_id, kind, payload, state, idempotency_key, created_at, profile_id) VALUES ('j2', 'a', 'k', '{}', 'ready', 'k2', '', 'live')",
        )
        .run(),
    ).toThrow(/environment of its case/);
    expect(placement(db)).toEqual({ cases: { a: 'sandbox' }, jobs: { a: 'sandbox' } });
    db.close();
  });
});
