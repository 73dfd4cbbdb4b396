// A waiting item can be cancelled before it is sent, with the core deciding what may go: an upload
// nothing depends on, or a decision. The queue names each upload's file and size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureDocument, individualAtDocumentsStep, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('cancelling a waiting item', () => {
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

  const jobsOf = async (caseId: string) =>
    (await t.call('queue.list', {})).filter((j) => j.caseId === caseId);

  // The cases that are sent come first: the later ones leave work queued on purpose.
  it('refuses to cancel an upload that the documents confirmation queued after it needs', async () => {
    await t.call('queue.resume', {});
    const { caseId, pair } = await individualAtDocumentsStep(t, 'Confirmed');
    await t.call('queue.pause', {});
    await captureDocument(t, caseId, { kind: 'individual' }, pair, 'Needed proof.pdf');
    await t.call('individual.confirmDocs', { caseId });
    const upload = (await jobsOf(caseId)).find((j) => j.kind === 'individual.doc-upload')!;
    expect(upload.cancellable).toBe(false);
    await expect(t.call('queue.discard', { jobId: upload.id, confirm: true })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/cannot be cancelled: “Confirm .*” is queued after it and needs it/),
    });
  });

  it('cancels a queued decision: the case is open for a decision again', async () => {
    await t.call('queue.resume', {});
    const { caseId, pair } = await individualAtDocumentsStep(t, 'Undecided');
    await captureDocument(t, caseId, { kind: 'individual' }, pair, 'Proof.pdf');
    await t.call('individual.confirmDocs', { caseId });
    await waitFor(
      'documents confirmed on the service',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 && s.failedCount === 0,
      60_000,
    );
    await t.call('queue.pause', {});
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Refer',
        additionalComments: 'Ask the manager',
      }),
    );
    const decision = (await jobsOf(caseId)).find((j) => j.kind === 'individual.decision')!;
    expect(decision.cancellable).toBe(true);

    await t.call('queue.discard', { jobId: decision.id, confirm: true });

    const c = (await t.call('cases.get', { caseId })) as IndividualCase;
    expect(c.decision).toBeNull();
    expect(c.readOnly).toBeNull();
    await t.call('queue.resume', {});
  });

  it('lists an upload with its file name and size, and cancels it: the document stays, marked not sent', async () => {
    await t.call('queue.pause', {});
    const caseId = await startIndividual(t, { name: 'Cara Cancel' });
    const upload = (await jobsOf(caseId)).find((j) => j.kind === 'individual.doc-upload')!;
    expect(upload.file?.name).toMatch(/^Ivy .*\.pdf$/);
    expect(upload.file?.size).toBeGreaterThan(0);
    expect(upload.cancellable).toBe(true);

    await t.call('queue.discard', { jobId: upload.id, confirm: true });

    expect((await jobsOf(caseId)).some((j) => j.id === upload.id)).toBe(false);
    const c = (await t.call('cases.get', { caseId })) as IndividualCase;
    const doc = c.documents.find((d) => d.filename === upload.file!.name)!;
    expect(doc).toMatchObject({ state: 'failed', error: 'Not sent: cancelled before it was sent' });
    const audit = await t.call('audit.list', { caseId });
    expect(audit.some((e) => e.detail.startsWith('Cancelled before it was sent: Upload'))).toBe(true);
  });

  it('refuses to cancel a step the rest of the case builds on, and keeps it queued', async () => {
    await t.call('queue.pause', {});
    const caseId = await startIndividual(t, { name: 'Kept Create' });
    const create = (await jobsOf(caseId)).find((j) => j.kind === 'individual.create')!;
    expect(create.cancellable).toBe(false);
    await expect(t.call('queue.discard', { jobId: create.id, confirm: true })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/cannot be cancelled: later steps of the case build on it/),
    });
    expect((await jobsOf(caseId)).some((j) => j.id === create.id)).toBe(true);
  });
});
