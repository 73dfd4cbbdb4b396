// Personal data at rest: names captured at the counter never reach the SQLite files (main file, WAL,
// shared memory) in the clear, the cases list still finds clients by name, and the retention purge
// leaves a decided case's audit trail (how many entries, which kinds, when) while its personal
// details become unreadable for good. Migration 005 encrypts a database written before it.
import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseStore } from '../../../electron/core/cases/case-store.js';
import { AuditLog, MIGRATIONS, openDatabase } from '../../../electron/core/db/index.js';
import { AuditSealer } from '../../../electron/core/db/audit-sealer.js';
import { CaseKeys } from '../../../electron/core/vault/case-keys.js';
import { Vault } from '../../../electron/core/vault/index.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureEntityPathA, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const NAMES = ['Zephyrine', 'Quillfeather', 'Bartholomew', 'Vandermolen', 'Ossiander'];

async function databaseBytes(dir: string): Promise<Array<{ file: string; bytes: Buffer }>> {
  const files = (await readdir(dir)).filter((n) => n.startsWith('fica-desk.sqlite'));
  return Promise.all(files.map(async (file) => ({ file, bytes: await readFile(join(dir, file)) })));
}

async function namesFound(dir: string, names = NAMES): Promise<string[]> {
  const found: string[] = [];
  for (const { file, bytes } of await databaseBytes(dir)) {
    for (const name of names) if (bytes.includes(Buffer.from(name, 'utf8'))) found.push(`${name} in ${file}`);
  }
  return found;
}

describe('personal data at rest (real SQLite file)', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      retentionMs: 0,
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  it('keeps captured names out of the .db, -wal and -shm files', async () => {
    await t.call('individual.create', {
      firstName: 'Zephyrine',
      lastName: 'Quillfeather',
      clientSACitizen: true,
      idNumber: saId(),
    });
    await t.call('entity.create', {
      entityRegName: 'Vandermolen Trading',
      entityRegNumber: '2019/000000/07',
      entityType: 1,
    });
    await t.call('individual.create', {
      firstName: 'Bartholomew',
      lastName: 'Ossiander',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const files = (await databaseBytes(t.dataDir)).map((f) => f.file);
    expect(files).toEqual(
      expect.arrayContaining(['fica-desk.sqlite', 'fica-desk.sqlite-wal', 'fica-desk.sqlite-shm']),
    );
    expect(await namesFound(t.dataDir)).toEqual([]);
    t.core.internals.db.pragma('wal_checkpoint(PASSIVE)');
    expect(await namesFound(t.dataDir)).toEqual([]);
  });

  it('finds clients by name in the cases list', async () => {
    const { cases: byFirst } = await t.call('cases.list', { search: 'zephyr' });
    expect(byFirst.map((c) => c.title)).toEqual(['Zephyrine Quillfeather']);
    const { cases: byCompany } = await t.call('cases.list', { search: 'Vandermolen' });
    expect(byCompany.map((c) => c.title)).toEqual(['Vandermolen Trading']);
  });

  it('purges a decided case: its audit entries stay, their personal details are unreadable', async () => {
    const caseId = await captureEntityPathA(t, { name: 'Ossiander Purge Holdings' });
    await waitFor(
      'decided and synced',
      () => t.call('cases.get', { caseId }),
      (c) => c.status === 'approved',
      60_000,
    );
    const before = await t.call('audit.list', { caseId });
    expect(before.map((e) => e.detail)).toContain('Jane Doe added');
    const raw = () =>
      t.core.internals.db
        .prepare('SELECT id, at, action, detail FROM audit_log WHERE case_id = ? ORDER BY id')
        .all(caseId) as Array<{
        id: number;
        at: string;
        action: string;
        detail: string;
      }>;
    const rowsBefore = raw();

    expect(await t.core.internals.purgeNow()).toContain(caseId);

    const after = await t.call('audit.list', { caseId });
    const kept = after.filter((e) => e.action !== 'case.purge');
    expect(kept.map((e) => [e.id, e.at, e.action])).toEqual(before.map((e) => [e.id, e.at, e.action]));
    expect(
      kept.every((e) => e.detail === 'Details removed with the personal data after the retention period'),
    ).toBe(true);
    expect(after.filter((e) => e.action === 'case.purge')).toHaveLength(1);
    // The vault key alone opens none of them: they were sealed with the destroyed case key.
    const vault = t.core.internals.vault;
    for (const row of rowsBefore) {
      const sealed = JSON.parse(row.detail) as { sealed: string; key: string };
      expect(sealed.key).toBe('case');
      expect(() => vault.decryptField(sealed.sealed, `audit_log.detail:${caseId}`)).toThrow();
    }
    expect(
      t.core.internals.db.prepare('SELECT COUNT(*) AS n FROM case_keys WHERE case_id = ?').get(caseId),
    ).toEqual({ n: 0 });
    expect((await t.call('cases.list', {})).cases.some((c) => c.id === caseId)).toBe(false);
    expect(await namesFound(t.dataDir)).toEqual([]);
    // What remains is still append-only.
    const db = t.core.internals.db;
    expect(() => db.prepare("UPDATE audit_log SET detail = '{}' WHERE case_id = ?").run(caseId)).toThrow(
      /append-only/,
    );
    expect(() => db.prepare('DELETE FROM audit_log WHERE case_id = ?').run(caseId)).toThrow(/append-only/);
  }, 120_000);
});

describe('migration 005 on a database written before it', () => {
  it('encrypts existing titles and audit details in place and leaves no name in the files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fica-m005-'));
    const key = randomBytes(32);
    const vault = await Vault.open({
      dir: join(dir, 'vault'),
      keyStore: { getOrCreate: async () => Buffer.from(key) },
    });
    const file = join(dir, 'fica-desk.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 4) });
    old
      .prepare(
        "INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES ('p1', 'Sandbox', 'sandbox', 'http://127.0.0.1:9', NULL, '2026-11-01T09:00:00.000Z')",
      )
      .run();
    const caseId = randomUUID();
    const data = {
      kind: 'individual',
      create: { firstName: 'Zephyrine', lastName: 'Quillfeather', clientSACitizen: true, idNumber: saId() },
    };
    old
      .prepare(
        `INSERT INTO cases (id, kind, profile_id, title, client_reference, status, created_at, updated_at, data)
         VALUES (?, 'individual', 'p1', 'Zephyrine Quillfeather', 'REF-1', 'draft', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', ?)`,
      )
      .run(caseId, vault.encryptField(JSON.stringify(data), `cases.data:${caseId}`));
    const insertAudit = old.prepare(
      "INSERT INTO audit_log (at, profile_id, user_id, action, case_id, detail) VALUES ('2026-11-01T10:00:00.000Z', NULL, 'clerk', ?, ?, ?)",
    );
    insertAudit.run('ubo.create', caseId, JSON.stringify({ message: 'Bartholomew Vandermolen added' }));
    insertAudit.run('profile.sign-in', null, JSON.stringify({ message: 'Signed in' }));
    old.close();
    expect((await namesFound(dir)).length).toBeGreaterThan(0);

    const db = openDatabase(file, { fields: vault });
    expect(await namesFound(dir)).toEqual([]);
    const keys = new CaseKeys(db, vault);
    const store = new CaseStore(db, keys);
    expect(store.cases.getCase(caseId)).toMatchObject({
      title: 'Zephyrine Quillfeather',
      data: { create: { lastName: 'Quillfeather' } },
    });
    const audit = new AuditLog(db, undefined, new AuditSealer(vault, keys));
    expect(audit.list().map((e) => [e.action, e.detail])).toEqual([
      ['profile.sign-in', { message: 'Signed in' }],
      ['ubo.create', { message: 'Bartholomew Vandermolen added' }],
    ]);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(() => db.prepare("UPDATE audit_log SET action = 'x'").run()).toThrow(/append-only/);
    db.close();
  });
});
