// Who acted is who is sent: the user recorded when a person decided is the user the service
// receives, whoever is selected when the queue drains; a change made by nobody is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { finishIndividual, saId, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

describe('the acting user', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      actingUser: null,
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

  it('refuses a change when nobody is chosen as the person acting', async () => {
    await t.call('settings.update', { currentUserId: null });
    const result = await t.core.handle('individual.create', {
      firstName: 'No',
      lastName: 'Body',
      clientSACitizen: true,
      idNumber: saId(),
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/Choose who you are in Settings/) },
    });
    expect((await t.call('cases.list', {})).filter((c) => c.title === 'No Body')).toEqual([]);
  });

  it('sends a decision recorded offline by the reviewer as the reviewer, after the selection changed', async () => {
    const users = (await t.call('lookups.get', {})).users;
    const reviewer = users.find((u) => u.role === 'reviewer')!;
    const capturer = users.find((u) => u.role === 'capturer')!;
    await t.call('settings.update', { currentUserId: reviewer.id, allowSelfApproval: true });
    // The reviews need the service's answers, so everything up to the decision is sent first.
    const caseId = await startIndividual(t, { name: 'Rita Reviewed' });
    await finishIndividual(t, caseId, { decide: false });
    await waitFor(
      'sent',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0,
      90_000,
    );
    await sandbox.stop();
    await waitFor(
      'offline',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'offline',
    );
    await t.call('individual.decide', {
      caseId,
      onboardingDecision: 'Approved',
      additionalComments: 'Complete',
    });
    await t.call('settings.update', { currentUserId: capturer.id });
    await sandbox.start();
    const c = (await waitFor(
      'approved',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'approved',
      90_000,
    )) as IndividualCase;
    expect(c.decision?.decidedBy).toBe(reviewer.id);
    const record = await (await serviceView(sandbox)).individual(c.serverId!);
    expect(record.approvedBy).toBe(reviewer.name);
  });
});
