// The escape hatch: unsent work exported on laptop A (its data folder, its keychain) to an archive
// sealed with a passphrase, imported by a supervisor on laptop B (another data folder, another
// keychain), and sent from B to the same service. A wrong passphrase or one altered byte is refused
// in plain words and changes nothing; importing the same archive again adds nothing.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { bulkPdf, makePdf } from '../../support/documents.js';
import { finishIndividual, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

const PASSPHRASE = 'correct horse battery staple';

describe('export and import of unsent work', () => {
  let sandbox: TestSandbox;
  let a: TestCore;
  let b: TestCore;
  let caseId: string;
  let archive: Uint8Array<ArrayBuffer>;

  const vaultFiles = async (t: TestCore) =>
    (await readdir(join(t.dataDir, 'vault'))).filter((f) => f.endsWith('.fdv')).sort();
  const counts = async (t: TestCore) => ({
    cases: (await t.call('cases.list', {})).total,
    jobs: t.core.internals.jobs.all().length,
    files: (await vaultFiles(t)).length,
  });
  const refusal = async (t: TestCore, bytes: Uint8Array, passphrase: string) => {
    const result = await t.core.handle('transfer.import', { bytes, passphrase });
    if (result.ok) throw new Error('the import was accepted');
    return DeskError.fromBody(result.error);
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const config = { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
    // A never sends: its work stays queued, as on a laptop that broke before it was back online.
    a = await startTestCore({ sandbox: config, secretStore: testSecrets('memory'), startQueue: false });
    await a.call('lookups.refresh', {});
    b = await startTestCore({ sandbox: config, secretStore: testSecrets('memory'), startQueue: false });
    await b.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await a?.core.shutdown();
    await b?.core.shutdown();
    await sandbox?.stop();
  });

  it('exports every case with unsent work, documents included, sealed under the passphrase', async () => {
    // Captured offline: what needs the service's answers (the reviews, the decision) comes later, on B.
    caseId = await startIndividual(a, { name: 'Tumelo Exportwise' });
    const draft = await a.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    await a.call('documents.addPages', {
      draftId: draft.id,
      files: [{ name: 'half-done.pdf', bytes: await makePdf('draft page') }],
    });
    // A large scan makes the archive several sealed parts long, so damage near its end is found
    // only after earlier files were already decrypted into the vault.
    const first = ((await a.call('cases.get', { caseId })) as IndividualCase).checklist.items[0]!;
    const pair = { groupId: first.groupId, typeId: first.types[0]!.id };
    await a.core.internals.drafts.importFile(
      caseId,
      { kind: 'individual' },
      [pair],
      'large-scan.pdf',
      bulkPdf(3 * 1024 * 1024),
    );
    const local = (await a.call('cases.get', { caseId })) as IndividualCase;
    expect(local.documents.length).toBeGreaterThan(0);

    const exported = await a.call('transfer.export', { passphrase: PASSPHRASE });
    expect(exported).toMatchObject({ caseCount: 1, documentCount: local.documents.length });
    expect(exported.filename).toMatch(/^fica-desk-unsent-work-\d{12}\.fdxa$/);
    archive = exported.bytes;
    expect(archive.length).toBeGreaterThan(3 * 1024 * 1024);
    const raw = Buffer.from(archive);
    expect(raw.includes(Buffer.from('Exportwise'))).toBe(false);
    expect(raw.includes(Buffer.from('%PDF-'))).toBe(false);
  });

  it('refuses a passphrase that is too short to protect an archive', async () => {
    const result = await a.core.handle('transfer.export', { passphrase: 'short' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('refuses a wrong passphrase in plain words and changes nothing', async () => {
    const before = await counts(b);
    const error = await refusal(b, archive, 'not the passphrase at all');
    expect(error.code).toBe('refused');
    expect(error.message).toMatch(/passphrase does not open the archive.*Nothing was imported/);
    expect(await counts(b)).toEqual(before);
  });

  it('refuses an archive with one altered byte and changes nothing', async () => {
    const before = await counts(b);
    for (const at of [60, Math.floor(archive.length / 2), archive.length - 3]) {
      const tampered = new Uint8Array(archive);
      tampered[at] = tampered[at]! ^ 0x01;
      const error = await refusal(b, tampered, PASSPHRASE);
      expect(error.code).toBe('refused');
      expect(error.message).toMatch(/damaged or was altered.*Nothing was imported/);
      expect(await counts(b)).toEqual(before);
    }
    const cut = await refusal(b, archive.subarray(0, archive.length - 20), PASSPHRASE);
    expect(cut.message).toMatch(/damaged or was altered/);
    expect(await counts(b)).toEqual(before);
  });

  it('imports on another laptop: the case, its documents, draft and queued work, under the same environment', async () => {
    const source = (await a.call('cases.get', { caseId })) as IndividualCase;
    const result = await b.call('transfer.import', { bytes: archive, passphrase: PASSPHRASE });
    expect(result).toEqual({
      imported: 1,
      alreadyPresent: 0,
      documentCount: source.documents.length,
      newProfiles: [],
    });
    const imported = (await b.call('cases.get', { caseId })) as IndividualCase;
    expect(imported.title).toBe('Tumelo Exportwise');
    expect(imported.documents.map((d) => [d.filename, d.size])).toEqual(
      source.documents.map((d) => [d.filename, d.size]),
    );
    for (const d of source.documents) {
      const there = await b.call('documents.content', { documentId: d.id });
      const here = await a.call('documents.content', { documentId: d.id });
      expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
    }
    expect(b.core.internals.store.drafts.listDrafts(caseId)).toHaveLength(1);
    expect(
      b.core.internals.jobs
        .ofCase(caseId)
        .map((j) => j.id)
        .sort(),
    ).toEqual(
      a.core.internals.jobs
        .ofCase(caseId)
        .map((j) => j.id)
        .sort(),
    );
    // B's own profile for the same service, not a new one.
    const profile = b.core.internals.store.cases.getCase(caseId)!.profileId;
    expect(profile).toBe(b.core.internals.session.activeId);
  });

  it('adds nothing when the same archive is imported again', async () => {
    const before = await counts(b);
    const again = await b.call('transfer.import', { bytes: archive, passphrase: PASSPHRASE });
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 1 });
    expect(await counts(b)).toEqual(before);
  });

  it('sends the imported work from B to the service, every document once', async () => {
    b.core.internals.startQueue();
    // On B the service answers; the person there reviews the results and decides.
    await finishIndividual(b, caseId);
    const done = await waitFor(
      'sent from B',
      () => b.call('cases.get', { caseId }),
      (c) => c.status === 'approved',
      90_000,
    );
    const record = await (await serviceView(sandbox)).individual(done.serverId!);
    expect(record.onboardingDecision).toBe('Approved');
    expect(record.documents.map((d) => d.ficaIndividualDocsID).sort()).toEqual(
      done.documents.flatMap((d) => d.serverIds).sort(),
    );
    expect(record.documents).toHaveLength(done.documents.length);
  }, 120_000);

  it('puts work from an environment this laptop does not know under a new profile, signed out', async () => {
    // A branch laptop set up for its own environment, where a person is signed in.
    const branch = await startTestSandbox();
    const elsewhere = await startTestCore({
      sandbox: { url: branch.url, clientId: branch.clientId, clientSecret: branch.clientSecret },
      secretStore: testSecrets('memory'),
      startQueue: false,
    });
    try {
      const result = await elsewhere.call('transfer.import', { bytes: archive, passphrase: PASSPHRASE });
      expect(result.imported).toBe(1);
      expect(result.newProfiles).toHaveLength(1);
      const profiles = await elsewhere.call('profiles.list', {});
      const added = profiles.find((p) => p.id === result.newProfiles[0]);
      expect(added).toMatchObject({ kind: 'sandbox', baseUrl: sandbox.url, hasCredentials: false });
      expect(elsewhere.core.internals.store.cases.getCase(caseId)!.profileId).toBe(added!.id);
      // The partner of that environment comes with the work, so a person's sign-in there is checked
      // against it before anyone sets its credentials.
      const partner = (await a.call('lookups.get', {})).partner;
      expect(partner).not.toBeNull();
      const kept = elsewhere.core.internals.db
        .prepare(`SELECT body FROM lookups_cache WHERE profile_id = ? AND name = 'partner'`)
        .get(added!.id) as { body: string } | undefined;
      expect(JSON.parse(kept!.body)).toMatchObject({ id: partner!.id });
    } finally {
      await elsewhere.core.shutdown();
      await branch.dispose();
    }
  });
});
