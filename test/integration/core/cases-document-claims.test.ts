// One service document belongs to one local document: the store refuses to record a service
// document id that another document of the case (of the same owner kind) already holds. The case's
// order is read from the first job of each kind and person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerIdTakenError } from '../../../electron/core/cases/store/document-claims.js';
import { orderGroupOf } from '../../../electron/core/jobs/job-kinds.js';
import { startTestCore, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { saId } from '../../support/flows.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('service document claims', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // The service only gives the look-ups; nothing is sent: claims are a rule of the SQLite store.
    t = await startTestCore({
      secretStore: memorySecretStores(),
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      startQueue: false,
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  async function entityWithOwner() {
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Claims Holdings',
      entityRegNumber: '2017/000000/07',
      entityType: 1,
    });
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Claims' } });
    const { uboId } = await t.call('entity.saveUbo', {
      caseId,
      body: { firstName: 'Cleo', lastName: 'Claims', clientSACitizen: true, idNumber: saId() },
    });
    const scan = await makePdf('claims');
    const pair = { groupId: 1, typeId: 1 };
    const drafts = t.core.internals.drafts;
    const entityDocs = [
      await drafts.importFile(caseId, { kind: 'entity' }, [pair], 'Same.pdf', scan),
      await drafts.importFile(caseId, { kind: 'entity' }, [pair], 'Same.pdf', scan),
    ];
    const uboDoc = await drafts.importFile(caseId, { kind: 'ubo', uboId }, [pair], 'Same.pdf', scan);
    return { entityDocs, uboDoc };
  }

  it('gives a service document to the first identical document that claims it, and refuses the second', async () => {
    const { entityDocs } = await entityWithOwner();
    const store = t.core.internals.store;
    const [first, second] = entityDocs.map((d) => d.id) as [string, string];
    expect(store.claims.claimServerIds(first, [10], { state: 'on-file' })).toBe(true);
    expect(store.claims.claimServerIds(second, [10], { state: 'on-file' })).toBe(false);
    expect(store.documents.getDocument(second)?.serverIds).toEqual([]);
    expect(() => store.documents.saveDocumentState(second, { serverIds: [10] })).toThrow(ServerIdTakenError);
    expect(store.documents.getDocument(second)?.serverIds).toEqual([]);
    expect(store.claims.claimServerIds(second, [11], { state: 'on-file' })).toBe(true);
    expect(store.documents.getDocument(first)?.serverIds).toEqual([10]);
    expect(store.documents.getDocument(second)?.serverIds).toEqual([11]);
  });

  it('keeps owner and entity documents apart: the service numbers them separately', async () => {
    const { entityDocs, uboDoc } = await entityWithOwner();
    const store = t.core.internals.store;
    expect(store.claims.claimServerIds(entityDocs[0]!.id, [20])).toBe(true);
    expect(store.claims.claimServerIds(uboDoc.id, [20])).toBe(true);
  });

  it('lets another document claim a service document once its holder gives it up or is deleted', async () => {
    const { entityDocs, uboDoc } = await entityWithOwner();
    const store = t.core.internals.store;
    const [first, second] = entityDocs.map((d) => d.id) as [string, string];
    expect(store.claims.claimServerIds(first, [30, 31])).toBe(true);
    store.documents.saveDocumentState(first, { serverIds: [31] });
    expect(store.claims.claimServerIds(second, [30])).toBe(true);
    expect(store.claims.claimServerIds(second, [31])).toBe(false);
    expect(store.claims.claimServerIds(uboDoc.id, [40])).toBe(true);
    store.documents.deleteDocument(first);
    expect(store.claims.claimServerIds(second, [31])).toBe(true);
    expect(store.documents.getDocument(second)?.serverIds).toEqual([31]);
  });

  it("reads a case's order from the first job of each kind and person", async () => {
    const { entityDocs } = await entityWithOwner();
    const caseId = entityDocs[0]!.caseId;
    const jobs = t.core.internals.jobs;
    const all = jobs.ofCase(caseId);
    const firsts = all.filter(
      (j, i) => all.findIndex((o) => orderGroupOf(o.payload) === orderGroupOf(j.payload)) === i,
    );
    expect(firsts.length).toBeLessThan(all.length);
    expect(jobs.headsOfCase(caseId).map((j) => j.id)).toEqual(firsts.map((j) => j.id));
  });
});
