// A decided case (Approved or Declined) is final: the core refuses every changing channel for it,
// shows it read-only, and stops (never sends, never drops silently) queued work that would change it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName } from '../../../shared/ipc/contract.js';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { CHANNEL_CHANGES } from '../../../electron/core/ipc/change-guard.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { captureIndividual, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

/** A valid input for each channel that changes an existing case (checked below to be all of them). */
type Inputs = Partial<{ [C in ChannelName]: ChannelInput<C> }>;

describe('a decided case is final', () => {
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

  it('refuses every changing channel for an approved case, and nothing changes', async () => {
    const caseId = await captureIndividual(t, { name: 'Fiona Final', decide: false });
    const draft = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    await t.call('documents.addPages', {
      draftId: draft.id,
      files: [{ name: 'late.pdf', bytes: await makePdf('late') }],
    });
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
    const approved = (await waitFor(
      'approved',
      () => t.call('cases.get', { caseId }),
      (c) => c.status === 'approved',
      60_000,
    )) as IndividualCase;
    expect(approved.readOnly).toMatch(/Approved/);
    expect(approved.steps.map((s) => s.status)).toEqual(approved.steps.map(() => 'done'));

    const documentId = approved.documents[0]!.id;
    // A job that would change the case (as an older build might have left behind).
    const jobId = t.core.internals.jobs.add(caseId, { kind: 'individual.update' });
    t.core.internals.jobs.fail(
      jobId,
      'Not sent: the application is Approved, so this change can no longer be made',
    );
    // A well-formed attestation: the decided case is refused before its results are even compared.
    const seen = { fingerprint: 'a'.repeat(64), dispositions: [] };
    const inputs: Inputs = {
      'entity.saveKyb': { caseId, kyb: { entityTradingName: 'x' } },
      'entity.sanctionsReview': {
        caseId,
        review: { adverseSearchKYC: false, pepConfirmReviewed: true },
        screening: seen,
      },
      'entity.saveUbo': {
        caseId,
        body: { firstName: 'Ann', lastName: 'Other', clientSACitizen: true, idNumber: saId() },
      },
      'entity.removeUbo': { caseId, uboId: 'u' },
      'entity.uboPepConfirm': {
        caseId,
        uboId: 'u',
        review: { adverseSearchKYC: false, pepConfirmReviewed: true },
        screening: seen,
      },
      'entity.uboConfirmDocs': { caseId, uboId: 'u' },
      'entity.saveOrganigram': { caseId, tree: [] },
      'entity.verifyOrganigram': { caseId },
      'entity.confirmShareholding': { caseId },
      'entity.confirmDocs': { caseId },
      'entity.decide': { caseId, decision: { onboardingDecision: 'Refer', referComments: 'again' } },
      'individual.update': { caseId, changes: { lastName: 'Changed' } },
      'individual.runScreening': { caseId },
      'individual.runValidation': { caseId },
      'individual.pepDecision': {
        caseId,
        pepConfirmReviewed: true,
        adverseSearchKYC: true,
        clientForeignOfficial: false,
        screening: seen,
      },
      'individual.confirmDocs': { caseId },
      'individual.decide': { caseId, onboardingDecision: 'Declined', additionalComments: 'no' },
      'individual.verifyBankAccount': {
        caseId,
        request: { accountNumber: '1234567', branchCode: '250655', accountType: 'current' },
      },
      'documents.startDraft': { caseId, owner: { kind: 'individual' } },
      'documents.addPages': {
        draftId: draft.id,
        files: [{ name: 'more.pdf', bytes: await makePdf('more') }],
      },
      'documents.updateDraft': { draftId: draft.id, pages: [] },
      'documents.keepPage': { draftId: draft.id, pageId: 'p' },
      'scanners.scan': {
        draftId: draft.id,
        settings: { scannerId: 'test:0', source: 'Flatbed', mode: 'Color', resolution: 300 },
      },
      'documents.submitDraft': { draftId: draft.id, pairs: [{ groupId: 1, typeId: 1 }] },
      'documents.remove': { documentId },
      'queue.retry': { jobId },
    };
    // A service case's decision is the service's to hold: the desk checks it (reviewers-desk.test.ts).
    const changing = (Object.keys(CHANNEL_CHANGES) as ChannelName[]).filter(
      (c) => !['none', 'new-case', 'service-case'].includes(CHANNEL_CHANGES[c]),
    );
    expect(Object.keys(inputs).sort()).toEqual([...changing].sort());
    // A reviewer may make every kind of change, so what refuses them here is the decision alone.
    await t.actAs('reviewer');
    for (const channel of changing) {
      const result = await t.core.handle(channel, inputs[channel]);
      expect(result, channel).toMatchObject({
        ok: false,
        error: {
          code: 'not-allowed',
          message: expect.stringMatching(/is Approved: a decided application can no longer be changed/),
        },
      });
    }
    await t.actAs('capturer');
    const after = (await t.call('cases.get', { caseId })) as IndividualCase;
    expect(after.updatedAt).toBe(approved.updatedAt);
    expect(after.documents.map((d) => [d.id, d.state])).toEqual(
      approved.documents.map((d) => [d.id, d.state]),
    );
    expect(after.create.lastName).toBe(approved.create.lastName);
    expect((await t.call('queue.list', {})).filter((j) => j.caseId === caseId).map((j) => j.id)).toEqual([
      jobId,
    ]);
  });

  it('stops queued work when the service says the case was decided elsewhere, and shows why', async () => {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Elsa',
      lastName: 'Elsewhere',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const created = await waitFor(
      'created',
      () => t.call('cases.get', { caseId }),
      (c) => c.serverId !== null && c.unsentJobs === 0,
      60_000,
    );
    await t.call('queue.pause', {});
    await t.call('individual.update', { caseId, changes: { lastName: 'Elsewhere-Changed' } });
    const service = await serviceView(sandbox);
    await service.api.individualDecision(created.serverId!, {
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
    });
    await t.call('queue.resume', {});
    const stopped = await waitFor(
      'stopped',
      () => t.call('queue.list', {}),
      (jobs) => jobs.some((j) => j.caseId === caseId && j.state === 'not-sent'),
      60_000,
    );
    const job = stopped.find((j) => j.caseId === caseId)!;
    expect(job.kind).toBe('individual.update');
    expect(job.error?.message).toMatch(/the service says the application is already Declined/);
    const c = await t.call('cases.get', { caseId });
    expect(c.status).toBe('declined');
    expect(c.decision).toMatchObject({ onboardingDecision: 'Declined', source: 'service', synced: true });
    expect(c.readOnly).toMatch(/Declined/);
    expect(c.blockedReason).toMatch(/not sent: the service says the application is already Declined/);
    expect((await t.call('audit.list', { caseId })).map((e) => e.detail)).toContain(
      'Decided on the service: Declined',
    );
    expect((await service.individual(created.serverId!)).lastName).toBe('Elsewhere');
  });

  it('a decline recorded here stops the case’s other queued work, still sends the decline, and drops nothing', async () => {
    await t.call('queue.pause', {});
    const { caseId } = await t.call('individual.create', {
      firstName: 'Dee',
      lastName: 'Declined',
      clientSACitizen: true,
      idNumber: saId(),
    });
    await t.call('individual.runScreening', { caseId });
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Declined',
        additionalComments: 'Client withdrew',
      }),
    );
    const queued = (await t.call('queue.list', {})).filter((j) => j.caseId === caseId);
    expect(queued.map((j) => [j.kind, j.state])).toEqual([
      ['individual.create', 'paused'],
      ['individual.aml-screening', 'not-sent'],
      ['individual.decision', 'waiting'],
    ]);
    expect(queued[1]!.error?.message).toMatch(/Not sent: the application is Declined/);
    await t.call('queue.resume', {});
    const c = await waitFor(
      'declined',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'declined',
      60_000,
    );
    const service = await serviceView(sandbox);
    const record = await service.individual(c.serverId!);
    expect(record.onboardingDecision).toBe('Declined');
    expect((await t.call('queue.list', {})).filter((j) => j.caseId === caseId).map((j) => j.kind)).toEqual([
      'individual.aml-screening',
    ]);
  });

  it('a decision discarded from the queue before it was sent opens the case again', async () => {
    await t.call('queue.pause', {});
    const { caseId } = await t.call('individual.create', {
      firstName: 'Wanda',
      lastName: 'Withdrawn',
      clientSACitizen: true,
      idNumber: saId(),
    });
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Declined',
        additionalComments: 'By mistake',
      }),
    );
    expect((await t.call('cases.get', { caseId })).readOnly).toMatch(/Declined/);
    const decision = (await t.call('queue.list', {})).find(
      (j) => j.caseId === caseId && j.kind === 'individual.decision',
    )!;
    await t.call('queue.discard', { jobId: decision.id, confirm: true });
    const open = await t.call('cases.get', { caseId });
    expect(open.readOnly).toBeNull();
    expect(open.decision).toBeNull();
    await t.call('individual.update', { caseId, changes: { lastName: 'Kept' } });
    expect((await t.call('audit.list', { caseId })).some((e) => e.action === 'decision.withdraw')).toBe(true);
    await t.call('queue.resume', {});
  });

  it('a decision the service already holds (decided the same way elsewhere) is recorded, not refused', async () => {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Tess',
      lastName: 'Twice',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const created = await waitFor(
      'created',
      () => t.call('cases.get', { caseId }),
      (c) => c.serverId !== null && c.unsentJobs === 0,
      60_000,
    );
    await t.call('queue.pause', {});
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Declined',
        additionalComments: 'Client withdrew',
      }),
    );
    await (
      await serviceView(sandbox)
    ).api.individualDecision(created.serverId!, {
      onboardingDecision: 'Declined',
      additionalComments: 'Withdrawn',
    });
    await t.call('queue.resume', {});
    const c = await waitFor(
      'recorded',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0 || x.blockedReason !== null,
      60_000,
    );
    expect(c.blockedReason).toBeNull();
    expect(c.decision).toMatchObject({
      onboardingDecision: 'Declined',
      synced: true,
      source: 'here',
      comments: 'Client withdrew',
    });
    expect(c.status).toBe('declined');
  });
});
