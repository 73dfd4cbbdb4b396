// Identical scans (same name, bytes and type) of one client, after answers were lost: a copy found
// on the service that no local document holds goes to a document that still needs one, and copies
// nobody needs are written to the case's history instead of being left unknown.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { individualAtDocumentsStep } from '../../support/flows.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

const FILENAME = 'Identity scan.pdf';

describe('identical scans and copies on the service no document holds', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  let service: Awaited<ReturnType<typeof serviceView>>;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    service = await serviceView(sandbox);
    t = await startTestCore({
      secretStore: memorySecretStores(),
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      // One job at a time: the order in which identical documents look on the service is fixed.
      queue: { concurrency: 1, backoffBaseMs: 50, backoffMaxMs: 500, probeIntervalMs: 100 },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  /** `local` identical scans captured with the queue paused, the first one's upload marked "may have been sent", and `onService` copies already there. */
  async function lostAnswers(name: string, local: number, onService: number) {
    const { caseId, serverId, pair } = await individualAtDocumentsStep(t, name);
    await t.call('queue.pause', {});
    const scan = await makePdf(`identity of ${name}`);
    const docs: string[] = [];
    for (let i = 0; i < local; i++)
      docs.push(
        (await t.core.internals.drafts.importFile(caseId, { kind: 'individual' }, [pair], FILENAME, scan)).id,
      );
    for (let i = 0; i < onService; i++) {
      const file = {
        open: () => Readable.from(Buffer.from(scan)),
        size: scan.length,
        filename: FILENAME,
        mimeType: 'application/pdf',
      };
      await service.api.uploadIndividualDocument(serverId, file, [
        { individualDocsID: pair.groupId, IndividualDocTypesID: pair.typeId },
      ]);
    }
    const first = t.core.internals.jobs
      .ofCase(caseId)
      .find((j) => 'documentId' in j.payload && j.payload.documentId === docs[0])!;
    t.core.internals.jobs.setMaybeSent(first.id, true);
    await t.call('queue.resume', {});
    await waitFor(
      'drain',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      60_000,
    );
    const c = (await t.call('cases.get', { caseId })) as IndividualCase;
    const localIds = c.documents.filter((d) => d.filename === FILENAME).map((d) => d.serverIds);
    const serviceIds = (await service.individual(serverId)).documents
      .filter((d) => d.filename === FILENAME)
      .map((d) => d.ficaIndividualDocsID);
    const history = (await t.call('audit.list', { caseId })).filter(
      (e) => e.action === 'document.extra-copy',
    );
    return { localIds, serviceIds, history };
  }

  it('gives a free copy to an identical document still waiting instead of sending another', async () => {
    const { localIds, serviceIds, history } = await lostAnswers('Adopt', 3, 2);
    expect(localIds.every((ids) => ids.length === 1)).toBe(true);
    expect(new Set(localIds.flat()).size).toBe(3);
    // Two found on the service, one sent: three in all, every one held by one local document.
    expect(serviceIds.sort()).toEqual(localIds.flat().sort());
    expect(history).toEqual([]);
  });

  it('writes the copies no document needs to the case history, and leaves them on the service', async () => {
    const { localIds, serviceIds, history } = await lostAnswers('Report', 1, 3);
    expect(localIds).toHaveLength(1);
    expect(serviceIds).toHaveLength(3);
    const extra = serviceIds.filter((id) => id !== localIds[0]![0]);
    expect(extra).toHaveLength(2);
    expect(history.map((e) => JSON.stringify(e.detail)).sort()).toEqual(
      extra
        .sort()
        .map(
          (id) =>
            expect.stringContaining(
              `service document ${id}) that no document on this laptop holds`,
            ) as unknown as string,
        ),
    );
  });
});
