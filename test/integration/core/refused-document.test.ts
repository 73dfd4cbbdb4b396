// A document the service refuses says so on its checklist line (never "on file"), and removing it
// takes the case's refusal banner away and lets its other items go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { bulkPdf } from '../../support/documents.js';
import { individualAtDocumentsStep } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('a document the service refuses', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    // The service takes individual documents of at most 64 KB: a scan of 200 KB is refused.
    sandbox = await startTestSandbox({ limits: { individualDocumentBytes: 64 * 1024 } });
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  const get = async (caseId: string) => (await t.call('cases.get', { caseId })) as IndividualCase;

  it('is listed as refused with the reason, and the case clears once it is removed', async () => {
    const { caseId, pair } = await individualAtDocumentsStep(t, 'Refused');
    await t.core.internals.drafts.importFile(
      caseId,
      { kind: 'individual' },
      [pair],
      'Too big.pdf',
      bulkPdf(200_000),
    );
    const refused = await waitFor(
      'refusal recorded',
      () => get(caseId),
      (c) => c.blockedReason !== null,
      30_000,
    );
    expect(refused.blockedReason).toMatch(/refused by the service/);
    const line = refused.checklist.items.find((i) => i.groupId === pair.groupId)!;
    expect(line).toMatchObject({ onFile: false, status: 'refused' });
    expect(line.problem).toMatch(/too large|limit/i);

    const doc = refused.documents.find((d) => d.filename === 'Too big.pdf')!;
    await t.call('documents.remove', { documentId: doc.id });

    const fixed = await get(caseId);
    expect(fixed.blockedReason).toBeNull();
    expect(fixed.checklist.items.find((i) => i.groupId === pair.groupId)).toMatchObject({
      onFile: false,
      status: 'missing',
      problem: null,
    });
    expect((await t.call('status.get', {})).failedCount).toBe(0);
  });
});
