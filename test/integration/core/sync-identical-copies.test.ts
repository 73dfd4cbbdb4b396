// Identical scans (same name, bytes and type) of one client, after answers were lost: a copy found
// on the service that no local document holds goes to a document that still needs one, and copies
// nobody needs are written to the case's history instead of being left unknown, also when an
// identical upload was still being sent as the copy was found. Identical scans sent without a lost
// answer cost each upload the same as any other: the service is never asked for the client's
// documents.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../../electron/core/cases/store/documents.js';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { individualAtDocumentsStep } from '../../support/flows.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startRecordingProxy, type RecordingProxy } from '../../support/recording-proxy.js';
import { serviceView } from '../../support/service-view.js';

const FILENAME = 'Identity scan.pdf';

/** A core reaching a sandbox of its own through a recording proxy, sending `concurrency` jobs at a time. */
function identicalScans(concurrency: number) {
  let sandbox: TestSandbox;
  let proxy: RecordingProxy;
  let t: TestCore;
  let service: Awaited<ReturnType<typeof serviceView>>;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    proxy = await startRecordingProxy(sandbox.url);
    service = await serviceView(sandbox);
    t = await startTestCore({
      secretStore: memorySecretStores(),
      sandbox: {
        url: proxy.url,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        issuerUrl: sandbox.issuer,
      },
      queue: { concurrency, backoffBaseMs: 50, backoffMaxMs: 500, probeIntervalMs: 100 },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await proxy?.stop();
    await sandbox?.stop();
  });

  /**
   * `local` identical scans captured with the queue paused, the uploads of the first `lost` marked
   * "may have been sent", and `onService` copies already there. `whileDraining` runs once the queue
   * resumed, with the first scan's document.
   */
  async function lostAnswers(
    name: string,
    local: number,
    onService: number,
    lost = 1,
    whileDraining: (first: StoredDocument) => Promise<void> = async () => undefined,
  ) {
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
    for (const documentId of docs.slice(0, lost))
      t.core.internals.jobs.setMaybeSent(t.core.internals.jobs.uploadOf(documentId)!.id, true);
    const asked = proxy.apiRequests().length;
    await t.call('queue.resume', {});
    await whileDraining(t.core.internals.store.documents.getDocument(docs[0]!)!);
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
    // The client's record (and its documents) read from the service during the drain.
    const looked = proxy
      .apiRequests()
      .slice(asked)
      .filter((r) => r.method === 'GET' && r.path.startsWith(`/api/v1/individual/${serverId}`)).length;
    return { localIds, serviceIds, history, looked };
  }

  return {
    lostAnswers,
    get t() {
      return t;
    },
    get proxy() {
      return proxy;
    },
  };
}

const extraCopyLine = (id: number) =>
  expect.stringContaining(
    `service document ${id}) that no document on this laptop holds`,
  ) as unknown as string;

describe('identical scans and copies on the service no document holds', () => {
  // One job at a time: the order in which identical documents look on the service is fixed.
  const { lostAnswers } = identicalScans(1);

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
    expect(history.map((e) => JSON.stringify(e.detail)).sort()).toEqual(extra.sort().map(extraCopyLine));
  });

  it('asks the service nothing for identical scans whose answers all arrived', async () => {
    const { localIds, serviceIds, history, looked } = await lostAnswers('Plain', 6, 0, 0);
    expect(new Set(localIds.flat()).size).toBe(6);
    expect(serviceIds.sort()).toEqual(localIds.flat().sort());
    expect(history).toEqual([]);
    expect(looked).toBe(0);
  });
});

describe('identical scans, one found on the service while another is on its way', () => {
  const run = identicalScans(2);

  it('settles the copy once the upload on its way is recorded', async () => {
    const { localIds, serviceIds, history } = await run.lostAnswers('Deferred', 2, 2, 1, async (first) => {
      // The second scan's upload is held on its way while the first looks on the service, adopts its
      // copy, and finds one more that the upload on its way might still need.
      const held = run.proxy.hold((r) => r.method === 'POST' && /\/documents/.test(r.path));
      await held.arrived;
      const { store } = run.t.core.internals;
      await waitFor(
        'the copy left to settle noted',
        async () => store.claims.freeCopyCheckDue(first.caseId, first.sha256, first.size),
        (due) => due,
        30_000,
      );
      held.release();
    });
    expect(localIds.every((ids) => ids.length === 1)).toBe(true);
    expect(new Set(localIds.flat()).size).toBe(2);
    // The copy nobody needed is named in the history once the upload on its way was recorded.
    const extra = serviceIds.filter((id) => !localIds.flat().includes(id));
    expect(extra).toHaveLength(1);
    expect(history.map((e) => JSON.stringify(e.detail))).toEqual([extraCopyLine(extra[0]!)]);
  });
});
