// Every document can be opened: from the vault while it is kept here, otherwise fetched from the
// service and sealed into the vault again, so the next look works offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureDocument, individualAtDocumentsStep } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('opening documents', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.dispose();
  });

  /** A sent document whose copy on this laptop was then removed (as the retention purge does). */
  async function sentThenRemovedHere(lastName: string) {
    const { caseId, pair } = await individualAtDocumentsStep(t, lastName);
    const doc = await captureDocument(t, caseId, { kind: 'individual' }, pair, `${lastName} id.pdf`);
    const original = (await t.call('documents.content', { documentId: doc.id })).bytes;
    await waitFor(
      'document on file',
      () => t.call('cases.get', { caseId }),
      (c) => c.documents.every((d) => d.state === 'on-file'),
      60_000,
    );
    const { store, vault } = t.core.internals;
    const stored = store.documents.getDocument(doc.id)!;
    await vault.purge(new Set([stored.vaultId!]));
    store.documents.saveDocumentState(doc.id, { vaultId: null });
    return { documentId: doc.id, original };
  }

  it('fetches a document no longer kept here from the service, the same bytes as captured', async () => {
    const { documentId, original } = await sentThenRemovedHere('Fetched');
    const opened = await t.call('documents.content', { documentId });
    expect(Buffer.from(opened.bytes).equals(Buffer.from(original))).toBe(true);
    expect(opened.mimeType).toBe('application/pdf');
  });

  it('keeps the fetched copy sealed in the vault, so it opens again offline', async () => {
    const { documentId, original } = await sentThenRemovedHere('Cached');
    await t.call('documents.content', { documentId });
    expect(t.core.internals.store.documents.getDocument(documentId)!.vaultId).not.toBeNull();
    await sandbox.stop();
    try {
      const again = await t.call('documents.content', { documentId });
      expect(Buffer.from(again.bytes).equals(Buffer.from(original))).toBe(true);
    } finally {
      await sandbox.start();
    }
  });

  it('says plainly when a removed document cannot be fetched because the service is out of reach', async () => {
    const { documentId } = await sentThenRemovedHere('Unreachable');
    await sandbox.stop();
    try {
      const error = await t.call('documents.content', { documentId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeskError);
      expect(error).toMatchObject({
        code: 'offline',
        message: expect.stringMatching(
          /^This document is no longer kept on this laptop and the service cannot be reached/,
        ),
      });
    } finally {
      await sandbox.start();
    }
  });
});
