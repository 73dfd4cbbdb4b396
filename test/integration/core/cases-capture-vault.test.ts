// Capture refuses what the service would refuse (type by content, size over the limit) at once;
// the vault's files and the database hold no plaintext of documents or personal data; purge removes
// a decided, synced case's files after the retention period.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase } from '../../../shared/ipc/model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { bulkPdf, makePdf, NOT_A_DOCUMENT } from '../../support/documents.js';
import { captureEntityPathA, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const MB = 1024 * 1024;

describe('capture, vault and purge', () => {
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
    await sandbox?.stop();
  });

  it('refuses a file that is not PDF, PNG or JPEG, or is over its limit, at capture', async () => {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Refusal',
      lastName: 'Check',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    expect(draft.limitBytes).toBe(20 * MB);
    const result = await t.call('documents.addPages', {
      draftId: draft.id,
      files: [
        { name: 'archive.pdf', bytes: new Uint8Array(NOT_A_DOCUMENT) },
        { name: 'huge-scan.pdf', bytes: bulkPdf(21 * MB) },
        { name: 'fine.pdf', bytes: await makePdf('fine') },
      ],
    });
    expect(result.refused.map((r) => r.name)).toEqual(['archive.pdf', 'huge-scan.pdf']);
    expect(result.refused[0]!.message).toMatch(/not a PDF, PNG or JPEG/);
    expect(result.refused[1]!.message).toMatch(/21 MB, more than the 20 MB limit/);
    expect(result.draft.pages).toHaveLength(1);
    // Nothing refused reached the queue.
    await t.call('documents.discardDraft', { draftId: draft.id });
    const c = await t.call('cases.get', { caseId });
    expect(c.documents).toHaveLength(0);
    const drafts = t.core.internals.drafts;
    await expect(
      drafts.importFile(caseId, { kind: 'individual' }, [{ groupId: 1, typeId: 1 }], 'x.zip', NOT_A_DOCUMENT),
    ).rejects.toThrow(DeskError);
  });

  it('keeps no plaintext in the vault or the database, and purges after the decision is synced', async () => {
    const caseId = await captureEntityPathA(t, { name: 'Vault Check Holdings' });
    const local = (await t.call('cases.get', { caseId })) as EntityCase;
    const ubo = local.ubos[0]!;
    const doc = local.documents[0]!;
    const plain = (await t.call('documents.content', { documentId: doc.id })).bytes;
    const vaultDir = join(t.dataDir, 'vault');
    const files = (await readdir(vaultDir)).filter((f) => f.endsWith('.fdv'));
    expect(files.length).toBeGreaterThan(0);
    const window = Buffer.from(
      plain.subarray(Math.floor(plain.length / 2), Math.floor(plain.length / 2) + 48),
    );
    for (const f of files) {
      const bytes = await readFile(join(vaultDir, f));
      expect(bytes.includes(Buffer.from('%PDF-'))).toBe(false);
      expect(bytes.includes(window)).toBe(false);
    }
    const token = await t.core.internals.tokenManager()!.getToken();
    // Personal data in the database files (main file and WAL) is encrypted.
    t.core.internals.db.pragma('wal_checkpoint(PASSIVE)');
    for (const f of (await readdir(t.dataDir)).filter((n) => n.startsWith('fica-desk.sqlite'))) {
      const bytes = await readFile(join(t.dataDir, f));
      expect(bytes.includes(Buffer.from(ubo.details.idNumber!))).toBe(false);
      expect(bytes.includes(Buffer.from(`${ubo.details.firstName}","lastName`))).toBe(false);
      expect(bytes.includes(Buffer.from(doc.filename))).toBe(false);
      // No secret of any kind: client secret and access token live only in the keychain.
      expect(bytes.includes(Buffer.from(sandbox.clientSecret))).toBe(false);
      expect(bytes.includes(Buffer.from(token))).toBe(false);
    }

    await waitFor(
      'decided and synced',
      () => t.call('cases.get', { caseId }),
      (c) => c.status === 'approved',
      30_000,
    );
    const purged = await t.core.internals.purgeNow();
    expect(purged).toContain(caseId);
    const left = (await readdir(vaultDir)).filter((f) => f.endsWith('.fdv'));
    for (const f of files) expect(left).not.toContain(f);
    const gone = await t.core.handle('documents.content', { documentId: doc.id });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const audit = await t.call('audit.list', { caseId });
    expect(audit.some((e) => e.action === 'case.purge')).toBe(true);
  });
});
