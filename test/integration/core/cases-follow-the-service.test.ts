// Local cases follow the service: what a reviewer changes in the service's dashboard (a decision, a
// band, a document) shows on the laptop after the case is opened or in the background, a decision
// locks the case, local unsent work is never overwritten, and offline nothing happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { captureDocument, entityAtDocumentsStep, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';
import { makePdf } from '../../support/documents.js';
import { controlHeaders } from '../../support/sandbox.js';

async function dashboard(sandbox: TestSandbox, action: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandbox.url}/sandbox/v1/dashboard-actions`, {
    method: 'POST',
    headers: { ...controlHeaders(sandbox.url), 'content-type': 'application/json' },
    body: JSON.stringify({ partnerId: sandbox.partnerId, ...action }),
  });
  if (res.status !== 200) throw new Error(`dashboard action: ${res.status} ${await res.text()}`);
}

async function sentIndividual(t: TestCore, lastName: string) {
  const { caseId } = await t.call('individual.create', {
    firstName: 'Fay',
    lastName,
    clientSACitizen: true,
    idNumber: saId(),
  });
  await waitFor(
    'client sent',
    () => t.call('status.get', {}),
    (s) => s.unsentCount === 0 && s.failedCount === 0,
    60_000,
  );
  const { cases: c } = await t.call('cases.list', {});
  return { caseId, serverId: c.find((x) => x.id === caseId)!.serverId! };
}

const history = async (t: TestCore, caseId: string) =>
  (await t.call('audit.list', { caseId })).map((e) => e.detail);

describe('cases follow the service', () => {
  let sandbox: TestSandbox;
  /** Reads a case back each time it is opened; never in the background. */
  let onOpen: TestCore;
  /** Reads cases back in the background only (opening one reads nothing after its first check). */
  let background: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const profile = { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
    onOpen = await startTestCore({
      sandbox: profile,
      secretStore: testSecrets('memory'),
      caseRefresh: { openMinAgeMs: 0, intervalMs: 3600_000 },
    });
    background = await startTestCore({
      sandbox: profile,
      secretStore: testSecrets('memory'),
      caseRefresh: { openMinAgeMs: 3600_000, intervalMs: 200 },
    });
    await onOpen.call('lookups.refresh', {});
    await background.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await onOpen?.core.shutdown();
    await background?.core.shutdown();
    await sandbox?.dispose();
  });

  describe('a case approved through the dashboard', () => {
    const t = () => onOpen;
    let caseId: string;
    let reportFetchedAt: string;
    let before: string | null;

    beforeAll(async () => {
      const sent = await sentIndividual(t(), 'Opened');
      caseId = sent.caseId;
      before = (await t().call('cases.get', { caseId })).readOnly;
      reportFetchedAt = (await t().call('reports.get', { caseId })).fetchedAt;
      await dashboard(sandbox, {
        action: 'decideIndividual',
        individualId: sent.serverId,
        onboardingDecision: 'Approved',
        additionalComments: 'Approved at head office',
      });
    }, 120_000);

    it('shows the service’s decision once opened, and is read-only', async () => {
      expect(before).toBeNull();
      const c = await waitFor(
        'the decision',
        () => t().call('cases.get', { caseId }),
        (x) => x.status === 'approved',
        30_000,
      );
      expect(c.decision).toMatchObject({
        onboardingDecision: 'Approved',
        source: 'service',
        synced: true,
        comments: 'Approved at head office',
      });
      expect(c.readOnly).toMatch(/^Decided on the service: Approved \(\d{4}-\d{2}-\d{2} by .+\)\. /);
      expect(c.serviceCheck).toMatchObject({ ok: true, problem: null });
    });

    it('refuses a change', async () => {
      const refused = await t().core.handle('individual.update', {
        caseId,
        changes: { lastName: 'Changed' },
      });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'not-allowed', message: expect.stringMatching(/is Approved: a decided application/) },
      });
    });

    it('writes the decision to the history as learned, not made by the person signed in', async () => {
      const learned = (await t().call('audit.list', { caseId })).find(
        (e) => e.detail === 'Decided on the service: Approved',
      );
      expect(learned).toBeDefined();
      expect(learned?.userId).toBeNull();
    });

    it('says offline that the report previewed before no longer shows the case', async () => {
      await sandbox.stop();
      try {
        await waitFor(
          'offline',
          () => t().call('status.get', {}),
          (s) => s.connectivity === 'offline',
        );
        const stale = await t().call('reports.get', { caseId });
        expect(stale.fetchedAt).toBe(reportFetchedAt);
        expect(stale.stale?.change).toMatch(/^Decided on the service: Approved/);
      } finally {
        await sandbox.start();
      }
    }, 120_000);
  });

  it('a case declined through the dashboard locks in the background, without being opened', async () => {
    const t = background;
    const { caseId, serverId } = await sentIndividual(t, 'Background');
    await dashboard(sandbox, {
      action: 'decideIndividual',
      individualId: serverId,
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
    });
    await waitFor(
      'the decline',
      async () => (await t.call('cases.list', {})).cases,
      (list) => list.find((x) => x.id === caseId)?.status === 'declined',
      30_000,
    );
    const c = await t.call('cases.get', { caseId });
    expect(c.readOnly).toMatch(/^Decided on the service: Declined/);
    const refused = await t.core.handle('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
  });

  it('a band set on the service shows, and a local edit not yet sent is kept and then sent', async () => {
    const t = onOpen;
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Banded Holdings',
      entityRegNumber: '2017/000000/07',
      entityType: 1,
    });
    const sent = await waitFor(
      'entity sent',
      () => t.call('cases.get', { caseId }),
      (c) => c.serverId !== null && c.unsentJobs === 0,
      60_000,
    );
    await t.call('queue.pause', {});
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Typed here' } });
    await dashboard(sandbox, {
      action: 'updateEntity',
      entityId: sent.serverId,
      changes: {
        riskStatus: 'High Risk',
        riskReason: 'Raised at head office',
        entityTradingName: 'Typed there',
      },
    });
    const c = (await waitFor(
      'the band',
      () => t.call('cases.get', { caseId }),
      (x) => x.riskBand === 'High Risk',
      30_000,
    )) as EntityCase;
    expect(c.riskReason).toBe('Raised at head office');
    expect(c.kyb?.entityTradingName).toBe('Typed here');
    expect(c.unsentJobs).toBe(1);
    expect(await history(t, caseId)).toContain('Risk band changed on the service: Undetermined → High Risk');
    await t.call('queue.resume', {});
    await waitFor(
      'the edit sent',
      () => t.call('cases.get', { caseId }),
      (x) => x.unsentJobs === 0,
      60_000,
    );
    const service = await serviceView(sandbox);
    expect((await service.entity(sent.serverId!)).entityTradingName).toBe('Typed here');
  });

  describe('documents changed through the dashboard', () => {
    const t = () => onOpen;
    let caseId: string;
    let serverId: string;
    let pair: Awaited<ReturnType<typeof entityAtDocumentsStep>>['pair'];
    let documentId: string;
    let uploaded: EntityCase['documents'][number];

    beforeAll(async () => {
      ({ caseId, serverId, pair } = await entityAtDocumentsStep(t(), 'Filed'));
      ({ id: documentId } = await captureDocument(t(), caseId, { kind: 'entity' }, pair, 'filed.pdf'));
      const onFile = (await waitFor(
        'the upload',
        () => t().call('cases.get', { caseId }),
        (x) => x.documents.some((d) => d.id === documentId && d.state === 'on-file'),
        60_000,
      )) as EntityCase;
      uploaded = onFile.documents.find((d) => d.id === documentId)!;
      expect(onFile.checklist.items.find((i) => i.groupId === pair.groupId)?.status).toBe('sent');
    }, 180_000);

    it('one deleted there is no longer on file, and the history says so', async () => {
      await dashboard(sandbox, {
        action: 'deleteEntityDocument',
        entityId: serverId,
        entityDocID: uploaded.serverIds[0],
      });
      const removed = (await waitFor(
        'the removal',
        () => t().call('cases.get', { caseId }),
        (x) => !x.documents.some((d) => d.id === documentId),
        30_000,
      )) as EntityCase;
      expect(removed.checklist.items.find((i) => i.groupId === pair.groupId)?.status).toBe('missing');
      expect(await history(t(), caseId)).toContain('filed.pdf was removed on the service');
    });

    it('one added there is on file and opens', async () => {
      await dashboard(sandbox, {
        action: 'uploadEntityDocument',
        entityId: serverId,
        entityDocsID: pair.groupId,
        entityDocTypesID: pair.typeId,
        filename: 'from-head-office.pdf',
        contentBase64: Buffer.from(await makePdf('head office')).toString('base64'),
      });
      const added = (await waitFor(
        'the added document',
        () => t().call('cases.get', { caseId }),
        (x) => x.documents.some((d) => d.filename === 'from-head-office.pdf'),
        30_000,
      )) as EntityCase;
      expect(added.documents.find((d) => d.filename === 'from-head-office.pdf')?.state).toBe('on-file');
      expect(added.checklist.items.find((i) => i.groupId === pair.groupId)?.status).toBe('sent');
      const content = await t().call('documents.content', {
        documentId: added.documents.find((d) => d.filename === 'from-head-office.pdf')!.id,
      });
      expect(content.mimeType).toBe('application/pdf');
      expect(Buffer.from(content.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  it('offline, opening a case reads nothing and fails nothing; back online it follows', async () => {
    const t = onOpen;
    const { caseId, serverId } = await sentIndividual(t, 'Offline');
    await dashboard(sandbox, {
      action: 'decideIndividual',
      individualId: serverId,
      onboardingDecision: 'Declined',
      additionalComments: 'While the branch was offline',
    });
    await sandbox.stop();
    try {
      await t.call('cases.get', { caseId });
      await waitFor(
        'offline',
        () => t.call('status.get', {}),
        (s) => s.connectivity === 'offline',
        30_000,
      );
      const c = (await t.call('cases.get', { caseId })) as IndividualCase;
      expect(c.readOnly).toBeNull();
      expect(c.decision).toBeNull();
      expect(await history(t, caseId)).not.toContain('Decided on the service: Declined');
    } finally {
      await sandbox.start();
    }
    const c = await waitFor(
      'the decline once online',
      () => t.call('cases.get', { caseId }),
      (x) => x.status === 'declined',
      60_000,
    );
    expect(c.readOnly).toMatch(/^Decided on the service: Declined/);
  }, 120_000);

  it('a case the service no longer answers for is shown as such and kept', async () => {
    const t = onOpen;
    const { caseId } = await sentIndividual(t, 'Gone');
    // Credentials of another partner: the service answers 404 for this partner's records.
    const res = await fetch(`${sandbox.url}/sandbox/v1/partners`, {
      method: 'POST',
      headers: { ...controlHeaders(sandbox.url), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Another bank', balance: 100 }),
    });
    const other = (await res.json()) as { clientId: string; clientSecret: string };
    const profileId = (await t.call('status.get', {})).profile!.id;
    // Service credentials are the environment administrator's to change.
    await t.actAs('admin');
    await t.call('profiles.setCredentials', { profileId, ...other });
    try {
      const c = await waitFor(
        'the missing case',
        () => t.call('cases.get', { caseId }),
        (x) => x.serviceCheck?.ok === false,
        30_000,
      );
      expect(c.serviceCheck?.problem).toMatch(/no longer has this application/);
      expect(c.readOnly).toBeNull();
      expect((await t.call('cases.list', {})).cases.map((x) => x.id)).toContain(caseId);
    } finally {
      await t.call('profiles.setCredentials', {
        profileId,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
      });
      await t.actAs('capturer');
    }
  });

  // Last: the stopped edit stays in the queue, as it should, and other tests wait for an empty one.
  it('an edit still queued when the dashboard declines the case is kept, stopped with the reason, not sent', async () => {
    const t = onOpen;
    const { caseId, serverId } = await sentIndividual(t, 'Queued');
    await t.call('queue.pause', {});
    try {
      await t.call('individual.update', { caseId, changes: { lastName: 'Queued-Edit' } });
      await dashboard(sandbox, {
        action: 'decideIndividual',
        individualId: serverId,
        onboardingDecision: 'Declined',
        additionalComments: 'Declined at head office',
      });
      const c = await waitFor(
        'the decline',
        () => t.call('cases.get', { caseId }),
        (x) => x.status === 'declined',
        30_000,
      );
      expect(c.blockedReason).toMatch(/the service says the application is already Declined/);
      const queued = (await t.call('queue.list', {})).filter((j) => j.caseId === caseId);
      // Kept and shown as not sent, to be discarded: never a bare failure.
      expect(queued.map((j) => [j.kind, j.state])).toEqual([['individual.update', 'not-sent']]);
      expect(await t.call('status.get', {})).toMatchObject({ failedCount: 0, notSentCount: 1 });
    } finally {
      await t.call('queue.resume', {});
    }
    const service = await serviceView(sandbox);
    expect((await service.individual(serverId)).lastName).toBe('Queued');
  });
});
