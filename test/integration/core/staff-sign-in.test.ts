// Who acts is who signed in: the core against the sandbox's identity provider, signed in through the
// real code flow with PKCE and the loopback redirect. Nothing is shown or changed before sign-in,
// roles decide who decides and who administers, the capturer never approves their own capture,
// and a decision recorded offline after a passphrase unlock is sent under the reviewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { finishIndividual, saId, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';
import { PASS, startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';
import {
  prepareStaff,
  submitSignInForm,
  TEST_OFFLINE_PASSPHRASE,
  TEST_STAFF_PASSWORD,
} from '../../support/staff-sign-in.js';

describe('staff sign-in', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
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
    await sandbox?.dispose();
  });

  it('shows and changes nothing before someone signs in', async () => {
    await t.call('staff.signOut', {});
    const list = await t.core.handle('cases.list', {});
    expect(list).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/Sign in first/) },
    });
    const created = await t.core.handle('individual.create', {
      firstName: 'No',
      lastName: 'Body',
      clientSACitizen: true,
      idNumber: saId(),
    });
    expect(created).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    await t.actAs('capturer');
    expect((await t.call('cases.list', {})).cases.filter((c) => c.title === 'No Body')).toEqual([]);
  });

  it('answers a malformed call of a locked, signed-out or unentitled person with the refusal, never with field names', async () => {
    const malformed: Array<[string, unknown]> = [
      ['entity.create', { entityRegName: 5, entityType: 'one', secretField: true }],
      ['cases.get', { caseId: 'not a uuid' }],
      ['individual.decide', { caseId: 42 }],
      ['documents.submitDraft', null],
      ['settings.update', { retentionDays: 'forever' }],
    ];
    const leaks = (body: { message: string; issues?: unknown[] }) =>
      (body.issues ?? []).length > 0 || /entityRegName|caseId|retentionDays|secretField/.test(body.message);

    await t.actAs('capturer');
    await t.call('staff.lock', {});
    for (const [channel, input] of malformed) {
      const answer = await t.core.handle(channel, input);
      expect(answer, `${channel} while locked`).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      if (!answer.ok) expect(leaks(answer.error), channel).toBe(false);
    }
    await t.call('staff.signOut', {});
    for (const [channel, input] of malformed) {
      const answer = await t.core.handle(channel, input);
      expect(answer, `${channel} signed out`).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      if (!answer.ok) expect(leaks(answer.error), channel).toBe(false);
    }
    // A capturer's malformed decision is refused for the role before its fields are looked at.
    await t.actAs('capturer');
    const decide = await t.core.handle('individual.decide', { caseId: 42 });
    expect(decide).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/only a reviewer/) },
    });
    // Someone allowed to act still learns which field is wrong.
    const create = await t.core.handle('entity.create', { entityRegName: 5 });
    expect(create).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!create.ok) expect(create.error.issues?.map((i) => i.path)).toContain('entityRegName');
  });

  it('says who signed in: the service user, their name and roles from the ID token', async () => {
    const capturer = await t.actAs('capturer');
    const status = await t.call('status.get', {});
    expect(status.currentUserId).toBe(capturer.userId);
    expect(status.staff).toMatchObject({
      name: capturer.name,
      email: capturer.email,
      roles: ['capturer'],
      locked: false,
    });
    const users = (await t.call('lookups.get', {})).users;
    expect(users.map((u) => u.id)).toContain(capturer.userId);
  });

  it('refuses a wrong password at the identity provider and signs nobody in', async () => {
    await t.call('staff.signOut', {});
    const { url } = await t.call('staff.beginSignIn', {});
    await expect(submitSignInForm(url, t.staff('capturer').email, 'not the password')).rejects.toThrow(
      /Wrong email or password/,
    );
    expect((await t.call('status.get', {})).staff).toBeNull();
    await t.call('staff.cancelSignIn', {});
    await t.actAs('capturer');
  });

  it('never lets the capturer decide, and never lets anyone decide their own capture', async () => {
    await t.actAs('capturer');
    const caseId = await startIndividual(t, { name: 'Carla Captured' });
    const byCapturer = await t.core.handle('individual.decide', { caseId, onboardingDecision: 'Approved' });
    expect(byCapturer).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/only a reviewer/) },
    });
    // A reviewer may capture too, but then someone else approves.
    await t.actAs('reviewer');
    const own = await startIndividual(t, { name: 'Rita Reviewed-Herself' });
    const self = await t.core.handle('individual.decide', { caseId: own, onboardingDecision: 'Approved' });
    expect(self).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/You captured this case/) },
    });
    await t.actAs('capturer');
  });

  it('leaves environments and webhooks to the administrator', async () => {
    await t.actAs('capturer');
    const hook = await t.core.handle('webhooks.create', {
      name: 'Back office',
      url: 'https://example.com/hook',
      enabled: true,
      eventTypes: ['entity.created'],
    });
    expect(hook).toMatchObject({
      ok: false,
      error: { code: 'not-allowed', message: expect.stringMatching(/administrator/) },
    });
    const profile = (await t.call('status.get', {})).profile!;
    const rename = await t.core.handle('profiles.save', { ...profile, name: 'Renamed' });
    expect(rename).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    const policy = await t.core.handle('settings.update', { idleLockMinutes: 240 });
    expect(policy).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    await t.actAs('admin');
    expect((await t.call('settings.update', { idleLockMinutes: 30 })).idleLockMinutes).toBe(30);
    const adminCapture = await t.core.handle('entity.create', {
      entityRegName: 'Admin Ltd',
      entityRegNumber: '2019/111111/07',
      entityType: 1,
    });
    expect(adminCapture).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    await t.actAs('capturer');
  });

  it('keeps sending queued work while the app is locked', async () => {
    await t.actAs('capturer');
    await sandbox.stop();
    const caseId = await startIndividual(t, { name: 'Lena Locked' });
    await t.call('staff.lock', {});
    expect((await t.call('status.get', {})).staff).toMatchObject({ locked: true });
    expect(await t.core.handle('cases.get', { caseId })).toMatchObject({
      ok: false,
      error: { code: 'not-allowed' },
    });
    await sandbox.start();
    const queued = t.core.internals.jobs.ofCase(caseId).length;
    // The client and the screening and validation requests go; a document waits for the risk band.
    const left = await waitFor(
      'sent while locked',
      () => t.core.internals.jobs.ofCase(caseId).map((j) => j.payload.kind),
      (kinds) => !kinds.some((k) => k === 'individual.create' || k === 'individual.aml-screening'),
      90_000,
    );
    expect(left.length).toBeLessThan(queued);
    expect(t.core.internals.store.cases.getCase(caseId)?.serverId).toBeTruthy();
    await t.call('staff.unlock', { userId: t.staff('capturer').userId, passphrase: TEST_OFFLINE_PASSPHRASE });
    expect((await t.call('cases.get', { caseId })).serverId).toBeTruthy();
  }, 120_000);

  it('sends a decision the reviewer recorded offline, after a passphrase unlock, as the reviewer', async () => {
    const reviewer = t.staff('reviewer');
    await t.actAs('capturer');
    // The reviews need the service's answers, so everything up to the decision is sent first.
    const caseId = await startIndividual(t, { name: 'Olga Offline' });
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
    await t.call('staff.signOut', {});
    await expect(t.call('staff.beginSignIn', {})).rejects.toMatchObject({ code: 'offline' });
    await t.call('staff.unlock', { userId: reviewer.userId, passphrase: TEST_OFFLINE_PASSPHRASE });
    expect((await t.call('status.get', {})).staff).toMatchObject({ signedInWith: 'passphrase' });
    await t.call('individual.decide', {
      caseId,
      onboardingDecision: 'Approved',
      additionalComments: 'Complete',
    });
    // Someone else is at the laptop when the connection comes back.
    await t.call('staff.signOut', {});
    await t.call('staff.unlock', { userId: t.staff('capturer').userId, passphrase: TEST_OFFLINE_PASSPHRASE });
    await sandbox.start();
    const c = (await waitFor(
      'approved',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'approved',
      90_000,
    )) as IndividualCase;
    expect(c.decision?.decidedBy).toBe(reviewer.userId);
    const record = await (await serviceView(sandbox)).individual(c.serverId!);
    expect(record.approvedBy).toBe(reviewer.name);
  });
});

describe('staff sign-in when the partner cannot be checked', () => {
  let sandbox: TestSandbox;
  let proxy: FaultProxy;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    proxy = await startFaultProxy(sandbox.url, PASS);
    // A laptop that has never fetched the service's look-ups: it does not know its partner yet.
    t = await startTestCore({
      sandbox: {
        url: proxy.url,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        issuerUrl: sandbox.issuer,
      },
      secretStore: testSecrets('memory'),
      actingAs: null,
    });
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await proxy?.stop();
    await sandbox?.dispose();
  });

  /** Signs the capturer in through the identity provider, which answers whatever the service does. */
  async function signInAtTheProvider(): Promise<void> {
    const [capturer] = (await prepareStaff(sandbox)).filter((a) => a.role === 'capturer');
    const { url } = await t.call('staff.beginSignIn', {});
    const answer = await fetch(await submitSignInForm(url, capturer!.email, TEST_STAFF_PASSWORD));
    expect(answer.ok).toBe(true);
  }

  it('refuses the sign-in while the service cannot say which partner its credentials belong to', async () => {
    proxy.plan = {
      decide: ({ path }) =>
        path === '/api/v1/settings/partner' ? { kind: 'status', status: 503 } : { kind: 'pass' },
    };
    await signInAtTheProvider();
    const refused = await waitFor(
      'the refusal',
      () => t.call('status.get', {}),
      (s) => s.signInRefusal !== null || s.staff !== null,
    );
    expect(refused.staff).toBeNull();
    expect(refused.signInRefusal).toMatch(/could not check which partner/);
    expect(await t.core.handle('cases.list', {})).toMatchObject({
      ok: false,
      error: { code: 'not-allowed' },
    });

    // Once the service answers, the same person signs in, and the partner is known from then on.
    proxy.plan = PASS;
    await signInAtTheProvider();
    const signedIn = await waitFor(
      'signed in',
      () => t.call('status.get', {}),
      (s) => s.staff !== null,
    );
    expect(signedIn.staff?.roles).toEqual(['capturer']);
    expect(signedIn.signInRefusal).toBeNull();
    expect((await t.call('lookups.get', {})).partner?.id).toBe(sandbox.partnerId);
  }, 120_000);
});
