// A cached report records the state of the case it was made from: after a change the core fetches
// a fresh one when the service answers, and offline it answers the old one marked stale, naming the
// change it predates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureDocument, captureIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the cached report', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
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

  it('is fetched afresh after a decision when the service answers', async () => {
    const caseId = await captureIndividual(t, { name: 'Rhea Report', decide: false });
    await waitFor(
      'sent',
      () => t.call('cases.get', { caseId }),
      (c) => c.unsentJobs === 0,
      60_000,
    );
    const before = await t.call('reports.get', { caseId });
    expect(before.stale).toBeNull();
    expect((await t.call('reports.get', { caseId })).fetchedAt).toBe(before.fetchedAt);
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
    const after = await t.call('reports.get', { caseId });
    expect(after.fetchedAt).not.toBe(before.fetchedAt);
    expect(after.stale).toBeNull();
    expect(text(after.bytes)).not.toBe(text(before.bytes));
  });

  it('offline, is answered marked stale with the change it predates, and refreshed once online', async () => {
    const caseId = await captureIndividual(t, { name: 'Otto Offline', decide: false });
    await waitFor(
      'sent',
      () => t.call('cases.get', { caseId }),
      (c) => c.unsentJobs === 0,
      60_000,
    );
    const first = await t.call('reports.get', { caseId });
    await sandbox.stop();
    await waitFor(
      'offline',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'offline',
    );
    const c = (await t.call('cases.get', { caseId })) as IndividualCase;
    const item = c.checklist.items[0]!;
    await captureDocument(
      t,
      caseId,
      { kind: 'individual' },
      { groupId: item.groupId, typeId: item.types[0]!.id },
      'Late proof.pdf',
    );
    const offline = await t.call('reports.get', { caseId });
    expect(offline.fetchedAt).toBe(first.fetchedAt);
    expect(offline.stale?.change).toMatch(/^Document captured \(1 page\)/);
    await sandbox.start();
    await waitFor(
      'uploaded',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0,
      60_000,
    );
    const online = await t.call('reports.get', { caseId });
    expect(online.stale).toBeNull();
    expect(online.fetchedAt).not.toBe(first.fetchedAt);
  });
});
