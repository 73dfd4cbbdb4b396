// Form drafts: unsaved input kept on this laptop, sealed like other personal data, refused for a
// decided case, and gone with the case.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureIndividual, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('form drafts', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      retentionMs: 0,
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.dispose();
  });

  it('gives back what was typed, and nothing once the form is saved', async () => {
    const ref = { form: 'individual.new' as const, caseId: null, subject: '' };
    await t.call('formDrafts.save', { ...ref, data: { firstName: 'Ayanda', citizen: 'yes' } });
    expect((await t.call('formDrafts.get', ref)).data).toEqual({ firstName: 'Ayanda', citizen: 'yes' });
    await t.call('formDrafts.clear', ref);
    expect(await t.call('formDrafts.get', ref)).toEqual({ data: null, savedAt: null });
  });

  it('keeps no typed name in the database files', async () => {
    const typed = `Draftname${Date.now()}`;
    await t.call('formDrafts.save', {
      form: 'individual.new',
      caseId: null,
      subject: 'x',
      data: { lastName: typed },
    });
    const { caseId } = await t.call('individual.create', {
      firstName: 'Sealed',
      lastName: 'Case',
      clientSACitizen: true,
      idNumber: saId(),
    });
    await t.call('formDrafts.save', {
      form: 'individual.edit',
      caseId,
      subject: '',
      data: { lastName: `${typed}-edit` },
    });
    t.core.internals.db.pragma('wal_checkpoint(PASSIVE)');
    for (const file of await readdir(t.dataDir)) {
      if (!file.startsWith('fica-desk.sqlite')) continue;
      const bytes = await readFile(join(t.dataDir, file));
      expect(bytes.includes(Buffer.from(typed)), file).toBe(false);
    }
  });

  describe('a decided case', () => {
    let caseId: string;
    const ref = () => ({ form: 'decision' as const, caseId, subject: '' });

    beforeAll(async () => {
      caseId = await captureIndividual(t, { name: 'Dora Decided', decide: false });
      await t.call('formDrafts.save', { ...ref(), data: { comment: 'half a thought' } });
      await waitFor(
        'sent',
        () => t.call('cases.get', { caseId }),
        (c) => c.unsentJobs === 0,
        60_000,
      );
      await t.asReviewer(() =>
        t.call('individual.decide', {
          caseId,
          onboardingDecision: 'Approved',
          additionalComments: 'Complete',
        }),
      );
      await waitFor(
        'approved',
        () => t.call('cases.get', { caseId }),
        (c) => c.status === 'approved',
        60_000,
      );
    }, 240_000);

    it('refuses to keep input for it', async () => {
      const refused = await t
        .call('formDrafts.save', { ...ref(), data: { comment: 'more' } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DeskError);
      expect((refused as DeskError).message).toMatch(/Approved/);
    });

    it('loses its drafts when the case is purged', async () => {
      // The decision reaches the service, then the retention purge (0 ms here) runs.
      await waitFor(
        'decision sent',
        () => t.call('cases.get', { caseId }),
        (c) => c.unsentJobs === 0,
        60_000,
      );
      await waitFor(
        'purged',
        () => t.core.internals.purgeNow(),
        (ids) => ids.includes(caseId),
        60_000,
      );
      const left = t.core.internals.db
        .prepare('SELECT COUNT(*) AS n FROM form_drafts WHERE case_id = ?')
        .get(caseId);
      expect(left).toEqual({ n: 0 });
    }, 180_000);
  });
});
