// The reviewer's desk against a real sandbox: the partner's cases listed with the published filters
// and paging; opening one makes it a case of this laptop, with its documents and report, reviewed and
// decided through the same command and queue as a case captured here; taken, it is read with the
// service gone, and a decision made offline is a queued job sent on reconnect under the reviewer.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { IndividualCase, EntityCase } from '../../../shared/ipc/model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

type Service = Awaited<ReturnType<typeof serviceView>>;

describe("the reviewer's desk", () => {
  let sandbox: TestSandbox;
  let service: Service;
  let reviewer: TestCore;
  let lookups: LookupBundle;
  let capturerId: string;
  let reviewerId: string;
  const tag = `DESK${Date.now().toString(36).toUpperCase()}`;

  /** An individual created on the service by the capturer (not from this laptop), with one PDF. */
  async function serviceIndividual(
    ref: string,
    lastName: string,
    createdBy = capturerId,
  ): Promise<{ id: string; pdf: Uint8Array }> {
    const created = await service.api.createIndividual({
      firstName: 'Desk',
      lastName,
      clientSACitizen: true,
      idNumber: saId(),
      clientRef: ref,
      userID: createdBy,
    });
    await service.api.amlScreening(created.id);
    await service.api.externalValidation(created.id, {});
    await service.api.pepSanctionsDecision(created.id, {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: false,
      userID: capturerId,
      partnerID: sandbox.partnerId,
    });
    const pdf = await makePdf(`identity of ${lastName}`);
    const group = lookups.individualDocGroups[0]!;
    const type = lookups.individualDocTypes.find((t) => t.docID === group.id)!;
    await service.api.uploadIndividualDocument(
      created.id,
      {
        open: () => Readable.from(Buffer.from(pdf)),
        size: pdf.length,
        filename: `${lastName}.pdf`,
        mimeType: 'application/pdf',
      },
      [{ individualDocsID: group.id, IndividualDocTypesID: type.id }],
    );
    return { id: created.id, pdf };
  }

  const open = async (kind: 'entity' | 'individual', serverId: string) => {
    const { caseId } = await reviewer.call('desk.open', { kind, serverId });
    return reviewer.call('cases.get', { caseId });
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    service = await serviceView(sandbox);
    const users = await service.api.lookup('users');
    capturerId = users.find((u) => /Capturer/.test(u.name))!.id;
    reviewerId = users.find((u) => /Reviewer/.test(u.name))!.id;
    reviewer = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      actingAs: 'reviewer',
    });
    lookups = await reviewer.call('lookups.refresh', {});
  }, 60_000);

  afterAll(async () => {
    await reviewer?.core.shutdown();
    await sandbox?.dispose();
  });

  it('lists the partner’s cases with the published filters, a page of at most 100 at a time', async () => {
    for (let i = 1; i <= 3; i++) await serviceIndividual(`${tag}-L${i}`, `Lister${i}`);
    await service.api.createEntity({
      entityRegName: `${tag} Holdings`,
      entityRegNumber: '2020/123456/07',
      entityType: 1,
      clientReference: `${tag}-E1`,
    });

    const first = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      take: 2,
    });
    expect(first.count).toBe(3);
    expect(first.rows).toHaveLength(2);
    const second = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      take: 2,
      skip: 2,
    });
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.name))).toEqual(
      new Set(['Desk Lister1', 'Desk Lister2', 'Desk Lister3']),
    );

    const byName = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      lastName: 'Lister2',
      ficaStatus: 'In Progress',
    });
    expect(byName.rows.map((r) => r.name)).toEqual(['Desk Lister2']);
    const band = byName.rows[0]!.riskDescription;
    const inBand = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      riskDescription: band,
    });
    expect(inBand.count).toBeGreaterThan(0);
    expect(inBand.rows.every((r) => r.riskDescription === band)).toBe(true);
    const noneApproved = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      ficaStatus: 'Approved',
    });
    expect(noneApproved.count).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const updatedToday = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      lastUpdated: today,
    });
    expect(updatedToday.count).toBe(3);
    const approvedToday = await reviewer.call('desk.list', {
      kind: 'individual',
      clientReference: `${tag}-L`,
      approvalDate: today,
    });
    expect(approvedToday.count).toBe(0);

    const byEntityName = await reviewer.call('desk.list', { kind: 'entity', name: `${tag} Hold` });
    expect(byEntityName.rows.map((r) => r.clientReference)).toEqual([`${tag}-E1`]);
    const entities = await reviewer.call('desk.list', { kind: 'entity', clientReference: `${tag}-E` });
    expect(entities.rows).toMatchObject([
      { kind: 'entity', name: `${tag} Holdings`, ficaStatus: 'In Progress', caseId: null },
    ]);

    await expect(reviewer.call('desk.list', { kind: 'entity', take: 101 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
  });

  it('opens a record as a case of this laptop, with its documents (viewable) and its report', async () => {
    const { id, pdf } = await serviceIndividual(`${tag}-O1`, 'Opener');
    const opened = (await open('individual', id)) as IndividualCase;
    expect(opened).toMatchObject({
      kind: 'individual',
      origin: 'desk',
      title: 'Desk Opener',
      serverId: id,
      clientReference: `${tag}-O1`,
      createdBy: capturerId,
      taken: null,
      decision: null,
    });
    // The same steps as a case captured here: done where the service says so.
    expect(opened.steps.find((s) => s.id === 'pep-decision')?.status).toBe('done');
    expect(opened.pepDecision).toMatchObject({ pepConfirmReviewed: true, adverseSearchKYC: false });
    expect(opened.externalValidation?.kycResult.IDStatusDesc).toBe('Verified');
    expect(opened.documents).toHaveLength(1);
    const content = await reviewer.call('documents.content', { documentId: opened.documents[0]!.id });
    expect(Buffer.from(content.bytes).equals(Buffer.from(pdf))).toBe(true);
    const report = await reviewer.call('reports.get', { caseId: opened.id });
    expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');

    const listed = await reviewer.call('desk.list', { kind: 'individual', clientReference: `${tag}-O1` });
    expect(listed.rows[0]?.caseId).toBe(opened.id);
    const again = await open('individual', id);
    expect(again.id).toBe(opened.id);
  });

  it('opens an entity with its people from the registry and its report', async () => {
    const created = await service.api.createEntity({
      entityRegName: `${tag} Registry Traders`,
      entityRegNumber: '2015/654321/07',
      entityType: 1,
      clientReference: `${tag}-E2`,
    });
    const opened = (await open('entity', created.id)) as EntityCase;
    expect(opened).toMatchObject({
      kind: 'entity',
      origin: 'desk',
      title: `${tag} Registry Traders`,
      create: { entityRegNumber: '2015/654321/07' },
    });
    expect(opened.ubos.map((u) => `${u.details.firstName} ${u.details.lastName}`).sort()).toEqual(
      created.createdUbos.map((u) => `${u.firstName} ${u.lastName}`).sort(),
    );
    expect(opened.ubos.every((u) => u.origin === 'registry')).toBe(true);
    const report = await reviewer.call('reports.get', { caseId: opened.id });
    expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reads a case taken for review with the service gone, and sends a decision made offline on reconnect', async () => {
    const { id, pdf } = await serviceIndividual(`${tag}-T1`, 'Taken');
    const { caseId } = await reviewer.call('desk.take', { kind: 'individual', serverId: id });
    const taken = await reviewer.call('cases.get', { caseId });
    expect(taken.taken).toMatchObject({ by: reviewerId });
    const onLaptop = await reviewer.call('cases.list', { origin: 'desk' });
    expect(onLaptop.cases.map((c) => c.id)).toContain(caseId);

    await sandbox.stop();
    try {
      await expect(reviewer.call('desk.list', { kind: 'individual' })).rejects.toMatchObject({
        code: 'offline',
        message: expect.stringMatching(/needs a connection/),
      });
      await expect(reviewer.call('desk.take', { kind: 'individual', serverId: id })).rejects.toMatchObject({
        code: 'offline',
        message: expect.stringMatching(/needs a connection/),
      });
      const offline = await open('individual', id);
      expect(offline).toMatchObject({ id: caseId, title: 'Desk Taken', clientReference: `${tag}-T1` });
      const content = await reviewer.call('documents.content', { documentId: offline.documents[0]!.id });
      expect(Buffer.from(content.bytes).equals(Buffer.from(pdf))).toBe(true);
      const report = await reviewer.call('reports.get', { caseId });
      expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');

      const decided = await reviewer.call('individual.decide', {
        caseId,
        onboardingDecision: 'Refer',
        additionalComments: 'Needs a second look',
      });
      expect(decided.decision).toMatchObject({
        onboardingDecision: 'Refer',
        decidedBy: reviewerId,
        synced: false,
      });
      expect((await reviewer.call('status.get', {})).unsentCount).toBe(1);
      const queued = await reviewer.call('queue.list', {});
      expect(queued).toContainEqual(expect.objectContaining({ caseId, kind: 'individual.decision' }));
    } finally {
      await sandbox.start();
    }

    const sent = await waitFor(
      'the decision sent',
      () => reviewer.call('cases.get', { caseId }),
      (c) => c.decision?.synced === true && c.unsentJobs === 0,
      60_000,
    );
    expect(sent.decision).toMatchObject({ onboardingDecision: 'Refer', comments: 'Needs a second look' });
    const onService = (await service.individual(id)) as Record<string, unknown>;
    expect(onService).toMatchObject({
      onboardingDecision: 'Refer',
      additionalComments: 'Needs a second look',
    });
  });

  it('learns a decision taken elsewhere when the case is opened, and refuses one more', async () => {
    const { id } = await serviceIndividual(`${tag}-X1`, 'Elsewhere');
    const { caseId } = await reviewer.call('desk.take', { kind: 'individual', serverId: id });
    await service.api.individualDecision(id, {
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
      userID: capturerId,
      partnerID: sandbox.partnerId,
    });
    const after = await open('individual', id);
    expect(after.id).toBe(caseId);
    expect(after.decision).toMatchObject({ onboardingDecision: 'Declined', source: 'service' });
    expect(after.readOnly).toMatch(/^Decided on the service: Declined/);
    await expect(
      reviewer.call('individual.decide', {
        caseId,
        onboardingDecision: 'Refer',
        additionalComments: 'Again',
      }),
    ).rejects.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/is Declined/) });

    // A decided desk case leaves this laptop after the retention period, its files with it.
    const files = (await reviewer.core.internals.vault.list()).length;
    await reviewer.core.internals.purgeNow(Date.now() + 400 * 24 * 3600 * 1000);
    expect((await reviewer.call('cases.list', { origin: 'desk' })).cases.map((c) => c.id)).not.toContain(
      caseId,
    );
    expect((await reviewer.core.internals.vault.list()).length).toBeLessThan(files);
  });

  it('refuses a decision by the person who captured the case', async () => {
    const own = await serviceIndividual(`${tag}-M0`, 'Own', reviewerId);
    const seen = await open('individual', own.id);
    expect(seen.decisionFacts.capturedBy).toBe(reviewerId);
    await expect(
      reviewer.call('individual.decide', {
        caseId: seen.id,
        onboardingDecision: 'Refer',
        additionalComments: 'Mine',
      }),
    ).rejects.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/maker and checker/) });
  });

  it('refuses a decision by someone without the reviewer role', async () => {
    const { id } = await serviceIndividual(`${tag}-M1`, 'Maker');
    const onlyCapturer = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      actingAs: 'capturer',
    });
    try {
      const { caseId } = await onlyCapturer.call('desk.open', { kind: 'individual', serverId: id });
      await expect(
        onlyCapturer.call('individual.decide', {
          caseId,
          onboardingDecision: 'Refer',
          additionalComments: 'x',
        }),
      ).rejects.toSatisfy(
        (e: unknown) =>
          e instanceof DeskError &&
          e.code === 'not-allowed' &&
          /only a reviewer|needs a reviewer/.test(e.message),
      );
      expect((await service.individual(id)).onboardingDecision ?? null).not.toBe('Refer');
    } finally {
      await onlyCapturer.core.shutdown();
    }
  });
});
