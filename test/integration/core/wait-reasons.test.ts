// What a queued upload says it waits for is the gate that will hold it last, from the workflow
// table: a person's PEP decision (or PEP review) that is not recorded yet outranks the queued work
// in front of it. So the words do not change under the clerk: offline, and once the connection is
// back and the earlier work has gone, an individual's documents wait for the PEP and sanctions
// decision, and an owner's for that owner's PEP review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/model.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { reviewIndividual, startEntityPathA, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('what queued uploads wait for', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    });
    await t.call('lookups.refresh', {});
    await waitFor(
      'online',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'online',
    );
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  const uploadsOf = async (caseId: string, kind: JobView['kind']) =>
    (await t.call('queue.list', {})).filter((j) => j.caseId === caseId && j.kind === kind);

  it('names the PEP decision and the PEP review offline, and the same once the earlier work is sent', async () => {
    await sandbox.stop();
    await waitFor(
      'offline',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'offline',
    );
    const individual = await startIndividual(t, { name: 'Wanda Waits' });
    const entity = await startEntityPathA(t, { name: 'Waiting Owners (Pty) Ltd' });

    const individualUploads = await uploadsOf(individual, 'individual.doc-upload');
    expect(individualUploads.length).toBeGreaterThan(0);
    for (const job of individualUploads)
      expect(job.waitingFor).toBe('waiting for the PEP and sanctions decision');
    const ownerUploads = await uploadsOf(entity, 'ubo.doc-upload');
    expect(ownerUploads.length).toBeGreaterThan(0);
    for (const job of ownerUploads) expect(job.waitingFor).toBe('waiting for PEP review of Jane Doe');

    // Back online: the create, the screening and the validation go; the uploads still wait for the
    // decision, in the same words, until a person records it; then they go.
    await sandbox.start();
    await waitFor(
      'the work before the decision sent',
      () => t.call('queue.list', {}),
      (jobs) => jobs.filter((j) => j.caseId === individual).every((j) => j.kind === 'individual.doc-upload'),
      60_000,
    );
    for (const job of await uploadsOf(individual, 'individual.doc-upload'))
      expect(job.waitingFor).toBe('waiting for the PEP and sanctions decision');
    await reviewIndividual(t, individual);
    await waitFor(
      'the uploads sent',
      () => uploadsOf(individual, 'individual.doc-upload'),
      (jobs) => jobs.length === 0,
      60_000,
    );
  });
});
