// Work stays in the environment it was captured in: one core, two real sandboxes (each behind a
// recording proxy), two profiles. A case captured under A is never sent to B, whatever is active
// and whenever the switch happens; the lists show the active environment's work only; a command on
// the other environment's case is refused; Live is entered only with a confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, CHANNEL_NAMES, type ChannelName } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { CASE_REFERENCE_KEYS } from '../../../electron/core/ipc/environment-guard.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { saId } from '../../support/flows.js';
import type { StaffRole } from '../../../shared/domain/staff-roles.js';
import { startRecordingProxy, type RecordingProxy } from '../../support/recording-proxy.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

describe('environment scope', () => {
  let sandboxA: TestSandbox;
  let sandboxB: TestSandbox;
  let proxyA: RecordingProxy;
  let proxyB: RecordingProxy;
  let t: TestCore;
  let profileA: string;
  let profileB: string;

  /** Switches environment; its own identity provider signs the person in there. */
  const use = async (id: string, role: StaffRole = 'capturer') => {
    await t.call('profiles.activate', { id });
    const sandbox = id === profileA ? sandboxA : sandboxB;
    await t.actAs(role, { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    await waitFor(
      'online',
      () => t.call('status.get', {}),
      (s) => s.profile?.id === id && s.connectivity === 'online',
    );
  };
  const capture = async (firstName: string, lastName: string) => {
    const { caseId } = await t.call('individual.create', {
      firstName,
      lastName,
      clientSACitizen: true,
      idNumber: saId(),
    });
    return caseId;
  };
  const sent = (caseId: string) =>
    waitFor(
      `${caseId} sent`,
      () => t.call('cases.get', { caseId }),
      (c) => c.serverId !== null && c.unsentJobs === 0,
    );
  /** Every API request a proxy saw whose body or path names this text. */
  const mentioning = (proxy: RecordingProxy, text: string) =>
    proxy.apiRequests().filter((r) => r.body.includes(text) || r.path.includes(text));

  beforeAll(async () => {
    [sandboxA, sandboxB] = await Promise.all([startTestSandbox(), startTestSandbox()]);
    [proxyA, proxyB] = await Promise.all([
      startRecordingProxy(sandboxA.url),
      startRecordingProxy(sandboxB.url),
    ]);
    t = await startTestCore({
      sandbox: {
        url: proxyA.url,
        clientId: sandboxA.clientId,
        clientSecret: sandboxA.clientSecret,
        issuerUrl: sandboxA.issuer,
      },
      secretStore: testSecrets('memory'),
    });
    profileA = (await t.call('status.get', {})).profile!.id;
    const b = await t.call('profiles.save', {
      name: 'Branch sandbox',
      kind: 'sandbox',
      baseUrl: proxyB.url,
      issuerUrl: sandboxB.issuer,
    });
    profileB = b.id;
    const signIn = await t.call('profiles.setCredentials', {
      profileId: profileB,
      clientId: sandboxB.clientId,
      clientSecret: sandboxB.clientSecret,
    });
    expect(signIn.verified).toBe(true);
    await use(profileB);
    await t.call('lookups.refresh', {});
    await use(profileA);
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await Promise.all([proxyA?.stop(), proxyB?.stop()]);
    await Promise.all([sandboxA?.stop(), sandboxB?.stop()]);
  });

  it('never sends a case captured under A to B, and sends it to A after switching back', async () => {
    await use(profileA);
    await t.call('queue.pause', {});
    const amy = await capture('Amy', 'Alpha');
    const amyRef = (await t.call('cases.get', { caseId: amy })).clientReference;

    await use(profileB);
    // B's queue is running and sending: B's own capture reaches B.
    const bob = await capture('Bob', 'Beta');
    await sent(bob);
    await t.call('queue.sendNow', {});
    await sent(bob);
    expect(mentioning(proxyB, 'Beta').length).toBeGreaterThan(0);
    expect(mentioning(proxyB, 'Alpha')).toEqual([]);
    expect(mentioning(proxyB, amyRef)).toEqual([]);
    expect(mentioning(proxyA, 'Alpha')).toEqual([]);
    const job = t.core.internals.jobs.ofCase(amy)[0]!;
    expect(job).toMatchObject({ profileId: profileA, state: 'ready', attempts: 0 });

    await use(profileA);
    const c = await sent(amy);
    expect((await (await serviceView(sandboxA)).individual(c.serverId!)).lastName).toBe('Alpha');
    expect(mentioning(proxyB, 'Alpha')).toEqual([]);
    expect(
      (await (await serviceView(sandboxB)).api.listIndividuals({ clientReference: amyRef, take: 10 })).data,
    ).toEqual([]);
  });

  it('does not redirect a job to B when the profile is switched while its request is in flight', async () => {
    await use(profileA);
    await t.call('queue.pause', {});
    const cleo = await capture('Cleo', 'Alpha');
    const ref = (await t.call('cases.get', { caseId: cleo })).clientReference;
    await t.call('individual.runScreening', { caseId: cleo });
    // As after a crash mid-send: the job first looks for its record (a GET), then creates it (a POST).
    const job = t.core.internals.jobs.ofCase(cleo)[0]!;
    t.core.internals.jobs.setMaybeSent(job.id, true);
    const held = proxyA.hold((r) => r.method === 'GET' && r.path.includes(encodeURIComponent(ref)));
    await t.call('queue.resume', {});
    await held.arrived;

    await use(profileB);
    held.release();
    // The job's create went to A, its own service, after the switch.
    await waitFor(
      'create sent to A',
      () => t.core.internals.jobs.get(job.id),
      (j) => j === null,
    );
    expect(mentioning(proxyA, 'Cleo').filter((r) => r.method === 'POST')).toHaveLength(1);
    // Its later job (the screening) waits for A; nothing of the case reaches B.
    await waitFor(
      'online on B',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'online',
    );
    const bob = await capture('Bea', 'Beta');
    await sent(bob);
    expect(mentioning(proxyB, 'Cleo')).toEqual([]);
    expect(mentioning(proxyB, ref)).toEqual([]);
    const serverId = t.core.internals.store.cases.getCase(cleo)!.serverId!;
    expect(mentioning(proxyB, serverId)).toEqual([]);
    expect(t.core.internals.jobs.ofCase(cleo).map((j) => [j.payload.kind, j.attempts])).toEqual([
      ['individual.aml-screening', 0],
    ]);
    await use(profileA);
    await sent(cleo);
    expect(mentioning(proxyA, serverId).filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
  });

  it('lists only the active environment’s cases and queue, and counts the other’s', async () => {
    await use(profileA);
    await t.call('queue.pause', {});
    const dora = await capture('Dora', 'Alpha');
    await use(profileB);
    await t.call('queue.pause', {});
    const ben = await capture('Ben', 'Beta');

    const { cases: casesB } = await t.call('cases.list', {});
    expect(casesB.map((c) => c.id)).toContain(ben);
    expect(casesB.map((c) => c.id)).not.toContain(dora);
    expect(casesB.every((c) => !c.title.includes('Alpha'))).toBe(true);
    const queueB = await t.call('queue.list', {});
    expect(queueB.map((j) => j.caseId)).toContain(ben);
    expect(queueB.map((j) => j.caseId)).not.toContain(dora);
    const statusB = await t.call('status.get', {});
    expect(statusB.unsentCount).toBe(queueB.length);
    const casesOfA = t.core.internals.store.cases.listCasesOf(profileA).length;
    const unsentOfA = t.core.internals.jobs.count(profileA).pending;
    expect(statusB.elsewhere).toEqual([
      { profileId: profileA, profileName: 'Sandbox', kind: 'sandbox', cases: casesOfA, unsent: unsentOfA },
    ]);
    expect(unsentOfA).toBeGreaterThan(0);
    const trailB = await t.call('audit.list', {});
    expect(trailB.map((e) => e.caseId)).toContain(ben);
    expect(trailB.map((e) => e.caseId)).not.toContain(dora);

    await use(profileA);
    const { cases: casesA } = await t.call('cases.list', {});
    expect(casesA.map((c) => c.id)).toContain(dora);
    expect(casesA.map((c) => c.id)).not.toContain(ben);
    expect((await t.call('queue.list', {})).map((j) => j.caseId)).not.toContain(ben);
    expect((await t.call('status.get', {})).elsewhere).toEqual([
      expect.objectContaining({
        profileId: profileB,
        profileName: 'Branch sandbox',
        cases: t.core.internals.store.cases.listCasesOf(profileB).length,
      }),
    ]);
    await use(profileB);
    await t.call('queue.resume', {});
    await sent(ben);
    await use(profileA);
    await t.call('queue.resume', {});
    await sent(dora);
  });

  it('refuses every command on a case of the other environment, and changes nothing', async () => {
    await use(profileA);
    await t.call('queue.pause', {});
    const caseId = await capture('Eve', 'Alpha');
    const pdf = await makePdf('Eve Alpha ID');
    const draft = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    await t.call('documents.addPages', { draftId: draft.id, files: [{ name: 'id.pdf', bytes: pdf }] });
    const pair = { groupId: 1, typeId: 1 };
    const doc = await t.call('documents.submitDraft', { draftId: draft.id, pairs: [pair] });
    const open = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    const withPage = await t.call('documents.addPages', {
      draftId: open.id,
      files: [{ name: 'poa.pdf', bytes: pdf }],
    });
    const jobId = t.core.internals.jobs.ofCase(caseId)[0]!.id;
    const before = await t.call('cases.get', { caseId });
    // A reviewer may make every kind of change, so what refuses them here is the environment alone.
    await use(profileB, 'reviewer');

    const review = { adverseSearchKYC: false, pepConfirmReviewed: true };
    const screening = { fingerprint: 'a'.repeat(64), dispositions: [] };
    const commands: { [C in ChannelName]?: unknown } = {
      'cases.get': { caseId },
      'entity.saveKyb': { caseId, kyb: { entityTradingName: 'X' } },
      'entity.sanctionsReview': { caseId, review, screening },
      'entity.saveUbo': {
        caseId,
        body: { firstName: 'U', lastName: 'Bo', clientSACitizen: true, idNumber: saId() },
      },
      'entity.removeUbo': { caseId, uboId: 'u1' },
      'entity.uboPepConfirm': { caseId, uboId: 'u1', review, screening },
      'entity.uboConfirmDocs': { caseId, uboId: 'u1' },
      'entity.saveOrganigram': { caseId, tree: [] },
      'entity.verifyOrganigram': { caseId },
      'entity.confirmShareholding': { caseId },
      'entity.confirmDocs': { caseId },
      'entity.decide': { caseId, decision: { onboardingDecision: 'Approved' } },
      'individual.update': { caseId, changes: { lastName: 'Elsewhere' } },
      'individual.runScreening': { caseId },
      'individual.runValidation': { caseId },
      'individual.pepDecision': {
        caseId,
        pepConfirmReviewed: true,
        adverseSearchKYC: false,
        clientForeignOfficial: false,
        screening,
      },
      'individual.confirmDocs': { caseId },
      'individual.decide': { caseId, onboardingDecision: 'Approved' },
      'individual.verifyBankAccount': {
        caseId,
        request: { accountNumber: '1234567', branchCode: '250655', accountType: 'current' },
      },
      'documents.startDraft': { caseId, owner: { kind: 'individual' } },
      'documents.listDrafts': { caseId, owner: { kind: 'individual' } },
      'documents.addPages': { draftId: open.id, files: [{ name: 'more.pdf', bytes: pdf }] },
      'documents.updateDraft': { draftId: open.id, pages: [] },
      'documents.pagePreview': { draftId: open.id, pageId: withPage.draft.pages[0]!.id },
      'documents.discardDraft': { draftId: open.id },
      'documents.keepPage': { draftId: open.id, pageId: withPage.draft.pages[0]!.id },
      'scanners.scan': {
        draftId: open.id,
        settings: { scannerId: 'test:0', source: 'Flatbed', mode: 'Color', resolution: 300 },
      },
      'scanners.cancel': { draftId: open.id },
      'formDrafts.get': { form: 'individual.edit', caseId, subject: '' },
      'formDrafts.save': { form: 'individual.edit', caseId, subject: '', data: { lastName: 'Elsewhere' } },
      'formDrafts.clear': { form: 'individual.edit', caseId, subject: '' },
      'documents.submitDraft': { draftId: open.id, pairs: [pair] },
      'documents.content': { documentId: doc.id },
      'documents.remove': { documentId: doc.id },
      'queue.retry': { jobId },
      'queue.discard': { jobId, confirm: true },
      'reports.get': { caseId },
      'audit.list': { caseId },
    };
    // Every channel whose input names a case, draft, document or job is in the list above.
    const referencing = CHANNEL_NAMES.filter((name) => {
      const shape = (channels[name].input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      return CASE_REFERENCE_KEYS.some((key) => key in shape);
    });
    expect(Object.keys(commands).sort()).toEqual([...referencing].sort());

    for (const [channel, input] of Object.entries(commands)) {
      const result = await t.core.handle(channel, input);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'other-environment' } });
      if (!result.ok)
        expect(result.error.message, channel).toMatch(
          /captured under Sandbox \(Sandbox\), not Branch sandbox\. Switch to Sandbox/,
        );
    }

    expect(t.core.internals.jobs.get(jobId)).toMatchObject({ state: 'ready', attempts: 0 });
    await use(profileA);
    await t.call('queue.pause', {});
    const after = await t.call('cases.get', { caseId });
    expect(after.title).toBe(before.title);
    expect(after.documents.map((d) => d.id)).toEqual(before.documents.map((d) => d.id));
    expect(
      (
        await t.call('documents.updateDraft', {
          draftId: open.id,
          pages: withPage.draft.pages.map((p) => ({ id: p.id, rotation: p.rotation })),
        })
      ).pages,
    ).toHaveLength(1);
    await t.call('documents.discardDraft', { draftId: open.id });
    await t.call('queue.resume', {});
  });

  it('refuses re-pointing or removing a profile that has unsent work, and making the active one Live in place', async () => {
    await use(profileA);
    await t.call('queue.pause', {});
    const fay = await capture('Fay', 'Alpha');
    // Changing an environment is its administrator's, signed in there.
    await use(profileA, 'admin');
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as DeskError,
      );
    const profileAFields = { id: profileA, kind: 'sandbox' as const, issuerUrl: sandboxA.issuer };

    const moved = await refusal(
      t.call('profiles.save', { ...profileAFields, name: 'Sandbox', baseUrl: proxyB.url }),
    );
    expect(moved?.code).toBe('not-allowed');
    expect(moved?.message).toMatch(/unsent item/);
    const removed = await refusal(t.call('profiles.remove', { id: profileA }));
    expect(removed?.code).toBe('not-allowed');
    // A name is only a name: renaming is fine.
    expect(
      (await t.call('profiles.save', { ...profileAFields, name: 'Sandbox A', baseUrl: proxyA.url })).name,
    ).toBe('Sandbox A');
    await t.call('profiles.save', { ...profileAFields, name: 'Sandbox', baseUrl: proxyA.url });

    // Live needs https, so the address changes too; this profile has no unsent work, so what refuses
    // it is the rule that the active profile is not made Live in place.
    await use(profileB, 'admin');
    const madeLive = await refusal(
      t.call('profiles.save', {
        id: profileB,
        name: 'Branch sandbox',
        kind: 'live',
        baseUrl: 'https://live.example.invalid',
      }),
    );
    expect(madeLive?.code).toBe('not-allowed');
    expect(madeLive?.message).toMatch(/before making this one Live/);
    expect(t.core.internals.session.activeProfile()).toMatchObject({ id: profileB, kind: 'sandbox' });
    // Another environment is changed only from inside it.
    const fromOutside = await refusal(
      t.call('profiles.save', { ...profileAFields, name: 'Renamed', baseUrl: proxyA.url }),
    );
    expect(fromOutside?.message).toMatch(/Switch to this environment and sign in as its administrator/);

    await use(profileA);
    await sent(fay);
    expect(mentioning(proxyB, 'Fay')).toEqual([]);
  });

  it('refuses capture while no environment is active', async () => {
    await t.call('profiles.activate', { id: profileA });
    await t.core.internals.session.activate(null);
    const refused = await t
      .call('individual.create', {
        firstName: 'No',
        lastName: 'Where',
        clientSACitizen: true,
        idNumber: saId(),
      })
      .catch((e: unknown) => e);
    // Without an environment nobody can be signed in, so nothing is captured for nowhere.
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).message).toMatch(/Sign in first/);
    await use(profileA);
  });

  it('switches to a Live profile only with an explicit confirmation', async () => {
    await use(profileA);
    const live = await t.call('profiles.save', {
      name: 'Bank live',
      kind: 'live',
      baseUrl: 'https://live.example.invalid',
    });
    const refused = await t.call('profiles.activate', { id: live.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).code).toBe('not-allowed');
    expect((refused as DeskError).message).toContain('Bank live (Live)');
    expect((await t.call('status.get', {})).profile?.id).toBe(profileA);

    const status = await t.call('profiles.activate', { id: live.id, confirmLive: true });
    expect(status.profile).toMatchObject({ id: live.id, kind: 'live' });
    await use(profileA);
    await t.call('profiles.remove', { id: live.id });
  });
});
