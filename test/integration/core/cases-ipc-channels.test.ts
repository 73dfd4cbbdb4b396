// Every channel of the contract answers (no "missing handler"), refuses bad input as 'invalid-input'
// with field issues to a person allowed to call it (and as 'not-allowed', naming no field, to one
// who is not), and the less travelled channels work end to end against the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, type ChannelName } from '../../../shared/ipc/contract.js';
import { mayAct, StaffActSchema } from '../../../shared/domain/staff-roles.js';
import { CHANNEL_ACCESS } from '../../../electron/core/ipc/access-guard.js';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { addPreparedPages } from '../../support/drafts.js';
import { makePdf } from '../../support/documents.js';
import { captureIndividual, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('IPC channels', () => {
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

  it('validates the input of every channel the signed-in capturer may call, and refuses the others first', async () => {
    // The capturer's role has no decisions, environments or webhooks: an environment someone has
    // signed in to is its administrator's to change (saving or removing one that names no id is
    // setting a new one up, which anyone may).
    const notTheCapturers = (channel: ChannelName): boolean => {
      const access = CHANNEL_ACCESS[channel];
      if (access === 'environment') return channel !== 'profiles.save' && channel !== 'profiles.remove';
      const act = StaffActSchema.safeParse(access);
      return act.success && !mayAct(['capturer'], act.data);
    };
    for (const channel of CHANNEL_NAMES) {
      const result = await t.core.handle(channel, 42);
      if (notTheCapturers(channel)) {
        expect(result, channel).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
        expect(result.ok === false && result.error.issues, channel).toBeFalsy();
      } else expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    const issues = await t.core.handle('entity.create', {
      entityRegName: '',
      entityRegNumber: 'x',
      entityType: 'one',
    });
    expect(issues.ok === false && issues.error.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['entityRegName', 'entityType']),
    );
    expect(await t.core.handle('no.such', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
  });

  it('runs an individual online, with report, bank verification, and the audit trail', async () => {
    const caseId = await captureIndividual(t, { name: 'Olive Online', decide: false });
    await waitFor(
      'sent',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0,
      30_000,
    );
    // A decided case takes no change: the account is verified before the decision.
    const bank = await t.call('individual.verifyBankAccount', {
      caseId,
      request: { accountNumber: '1234567', branchCode: '250655', accountType: 'current' },
    });
    expect(bank.verified).toBe(true);
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Approved',
        additionalComments: 'Complete',
      }),
    );
    const c = await waitFor(
      'approved',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'approved',
      30_000,
    );
    expect((c as IndividualCase).amlScreening).not.toBeNull();
    expect((c as IndividualCase).checklist.provisional).toBe(false);
    const report = await t.call('reports.get', { caseId });
    expect(new TextDecoder().decode(report.bytes.subarray(0, 5))).toBe('%PDF-');
    const cached = await t.call('reports.get', { caseId });
    expect(cached.fetchedAt).toBe(report.fetchedAt);
    const audit = await t.call('audit.list', { caseId });
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['individual.create', 'individual.decision', 'report.fetch']),
    );
  });

  it('keeps every edited detail of an individual and sends the edit', async () => {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Edna',
      lastName: 'Edit',
      clientSACitizen: true,
      idNumber: saId(),
    });
    await waitFor(
      'created on the service',
      () => t.call('cases.get', { caseId }),
      (x) => x.serverId !== null,
      30_000,
    );
    const edited = (await t.call('individual.update', {
      caseId,
      changes: {
        lastName: 'Edited',
        clientEmail: 'edna@example.co.za',
        clientPhone: '+27 21 555 0100',
        externalSystemId: 'CRM-77',
      },
    })) as IndividualCase;
    expect(edited.title).toBe('Edna Edited');
    expect(edited.create).toMatchObject({
      lastName: 'Edited',
      clientEmail: 'edna@example.co.za',
      telNumber: '+27 21 555 0100',
      externalSystemId: 'CRM-77',
    });
    const sent = await waitFor(
      'the edit sent',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0,
      30_000,
    );
    expect((sent as IndividualCase).create.telNumber).toBe('+27 21 555 0100');
  });

  it('drafts: reorder, rotate, preview, remove; documents: remove before upload', async () => {
    await t.call('queue.pause', {});
    const { caseId } = await t.call('individual.create', {
      firstName: 'Dora',
      lastName: 'Draft',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    const added = await addPreparedPages(t, {
      draftId: draft.id,
      files: [
        { name: 'a.pdf', bytes: await makePdf('a', 2) },
        { name: 'b.pdf', bytes: await makePdf('b') },
      ],
    });
    expect(added.draft.pages).toHaveLength(3);
    const [p1, p2, p3] = added.draft.pages;
    const updated = await t.call('documents.updateDraft', {
      draftId: draft.id,
      pages: [
        { id: p3!.id, rotation: 90 },
        { id: p1!.id, rotation: 0 },
      ],
    });
    expect(updated.pages.map((p) => p.id)).toEqual([p3!.id, p1!.id]);
    const preview = await t.call('documents.pagePreview', { draftId: draft.id, pageId: p1!.id });
    expect(preview.pdfPage).toBe(1);
    expect(p2).toBeDefined();
    const doc = await t.call('documents.submitDraft', {
      draftId: draft.id,
      pairs: [{ groupId: 1, typeId: 1 }],
      filename: 'Identity',
    });
    expect(doc).toMatchObject({ filename: 'Identity.pdf', pageCount: 2, state: 'queued' });
    const content = await t.call('documents.content', { documentId: doc.id });
    expect(new TextDecoder().decode(content.bytes.subarray(0, 5))).toBe('%PDF-');
    await t.call('documents.remove', { documentId: doc.id });
    expect((await t.call('cases.get', { caseId })).documents).toHaveLength(0);
    const queue = await t.call('queue.list', {});
    expect(queue.every((j) => j.state === 'paused' || j.state === 'waiting')).toBe(true);
    await t.call('queue.resume', {});
  });

  it('stops a case at a permanent error, says why, and lets a person retry or discard', async () => {
    await t.call('queue.pause', {});
    // Entity type 1 is South African: the registry refuses a malformed registration number.
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Broken Number Ltd',
      entityRegNumber: 'not-a-number',
      entityType: 1,
    });
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Broken' } });
    await t.call('queue.resume', {});
    const failed = await waitFor(
      'failure',
      () => t.call('status.get', {}),
      (s) => s.failedCount > 0,
    );
    expect(failed.failedCount).toBe(1);
    const c = (await t.call('cases.get', { caseId })) as EntityCase;
    expect(c.status).toBe('needs-review');
    expect(c.blockedReason).toMatch(/refused by the service: .*Registration number/);
    expect(c.blockedReason).not.toMatch(/entityRegNumber/);
    const jobs = (await t.call('queue.list', {})).filter((j) => j.caseId === caseId);
    expect(jobs.find((j) => j.kind === 'entity.create')).toMatchObject({
      state: 'failed',
      error: { permanent: true },
    });
    expect(jobs.find((j) => j.kind === 'entity.kyb')).toMatchObject({ state: 'waiting' });
    await t.call('queue.retry', { jobId: jobs.find((j) => j.kind === 'entity.create')!.id });
    await waitFor(
      'fails again',
      () => t.call('status.get', {}),
      (s) => s.failedCount > 0,
    );
    for (const j of (await t.call('queue.list', {})).filter((x) => x.caseId === caseId))
      await t.call('queue.discard', { jobId: j.id, confirm: true });
    expect((await t.call('status.get', {})).failedCount).toBe(0);
    expect((await t.call('audit.list', { caseId })).some((e) => e.action === 'queue.discard')).toBe(true);
  });

  it('sends a decline at once, stopping the unsent work it makes moot (and saying so)', async () => {
    await t.call('queue.pause', {});
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Declined Co',
      entityRegNumber: '2016/000000/07',
      entityType: 1,
    });
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Declined' } });
    await t.asReviewer(() =>
      t.call('entity.decide', {
        caseId,
        decision: { onboardingDecision: 'Declined', declinedComments: 'Adverse media' },
      }),
    );
    const jobs = (await t.call('queue.list', {})).filter((j) => j.caseId === caseId);
    expect(jobs.map((j) => [j.kind, j.state === 'not-sent'])).toEqual([
      ['entity.create', false],
      ['entity.kyb', true],
      ['entity.decision', false],
    ]);
    await t.call('queue.resume', {});
    const c = await waitFor(
      'declined',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'declined',
    );
    expect(c.status).toBe('declined');
    expect((await t.call('audit.list', { caseId })).some((e) => e.action === 'queue.stop')).toBe(true);
  });

  it('manages profiles without ever answering a secret, and webhooks online', async () => {
    await t.actAs('admin');
    const profiles = await t.call('profiles.list', {});
    expect(profiles).toHaveLength(1);
    expect(JSON.stringify(profiles)).not.toContain(sandbox.clientSecret);
    const test = await t.call('profiles.save', {
      name: 'Test env',
      kind: 'test',
      baseUrl: 'https://127.0.0.1:9/',
    });
    expect(test).toMatchObject({ hasCredentials: false, active: false });
    await t.call('profiles.remove', { id: test.id });
    const created = await t.call('webhooks.create', {
      name: 'Branch hook',
      url: 'http://127.0.0.1:9/hook',
      enabled: false,
      eventTypes: ['entity.created'],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await t.call('webhooks.list', {})).map((w) => w.id)).toContain(created.id);
    await t.call('webhooks.update', { id: created.id, changes: { enabled: false, name: 'Renamed' } });
    await t.call('webhooks.remove', { id: created.id });
    expect(await t.call('app.info', {})).toMatchObject({ sandboxUrl: sandbox.url });
  });
});
