// The reviewer's desk against a real sandbox: the partner's cases listed with the published filters
// and paging, opened with documents and report, taken for review and read with the service gone,
// decided offline and sent on reconnect under the reviewer, and the refusals a reviewer meets.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
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
      { kind: 'entity', name: `${tag} Holdings`, ficaStatus: 'In Progress' },
    ]);

    await expect(reviewer.call('desk.list', { kind: 'entity', take: 101 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
  });

  it('opens a record with its documents (viewable) and its report', async () => {
    const { id, pdf } = await serviceIndividual(`${tag}-O1`, 'Opener');
    const opened = await reviewer.call('desk.open', { kind: 'individual', serverId: id });
    expect(opened).toMatchObject({
      name: 'Desk Opener',
      clientReference: `${tag}-O1`,
      ficaStatus: 'In Progress',
      createdBy: capturerId,
      source: 'service',
      taken: null,
      decision: null,
      mayNotDecide: null,
    });
    expect(opened.documents).toHaveLength(1);
    const doc = opened.documents[0]!;
    const content = await reviewer.call('desk.document', {
      kind: 'individual',
      serverId: id,
      owner: doc.owner,
      docId: doc.docId,
    });
    expect(Buffer.from(content.bytes).equals(Buffer.from(pdf))).toBe(true);
    const report = await reviewer.call('desk.report', { kind: 'individual', serverId: id });
    expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('opens an entity with its people from the registry and its report', async () => {
    const created = await service.api.createEntity({
      entityRegName: `${tag} Registry Traders`,
      entityRegNumber: '2015/654321/07',
      entityType: 1,
      clientReference: `${tag}-E2`,
    });
    const opened = await reviewer.call('desk.open', { kind: 'entity', serverId: created.id });
    expect(opened).toMatchObject({
      kind: 'entity',
      name: `${tag} Registry Traders`,
      number: '2015/654321/07',
    });
    expect(opened.people.length).toBeGreaterThan(0);
    expect(opened.people.map((p) => p.name).sort()).toEqual(
      created.createdUbos.map((u) => `${u.firstName} ${u.lastName}`).sort(),
    );
    const report = await reviewer.call('desk.report', { kind: 'entity', serverId: created.id });
    expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reads a case taken for review with the service gone, and sends a decision made offline on reconnect', async () => {
    const { id, pdf } = await serviceIndividual(`${tag}-T1`, 'Taken');
    const taken = await reviewer.call('desk.take', { kind: 'individual', serverId: id });
    expect(taken.taken).not.toBeNull();
    expect(await reviewer.call('desk.taken', {})).toContainEqual(
      expect.objectContaining({ serverId: id, name: 'Desk Taken', pendingDecision: null }),
    );

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
      const offline = await reviewer.call('desk.open', { kind: 'individual', serverId: id });
      expect(offline).toMatchObject({ source: 'taken', name: 'Desk Taken', clientReference: `${tag}-T1` });
      const doc = offline.documents[0]!;
      const content = await reviewer.call('desk.document', {
        kind: 'individual',
        serverId: id,
        owner: doc.owner,
        docId: doc.docId,
      });
      expect(Buffer.from(content.bytes).equals(Buffer.from(pdf))).toBe(true);
      const report = await reviewer.call('desk.report', { kind: 'individual', serverId: id });
      expect(Buffer.from(report.bytes).subarray(0, 5).toString()).toBe('%PDF-');

      const decided = await reviewer.call('desk.decide', {
        kind: 'individual',
        serverId: id,
        onboardingDecision: 'Refer',
        comments: 'Needs a second look',
      });
      expect(decided.pendingDecision).toMatchObject({ onboardingDecision: 'Refer', decidedBy: reviewerId });
      expect(decided.mayNotDecide).toMatch(/waiting to be sent/);
      expect((await reviewer.call('status.get', {})).unsentCount).toBe(1);
    } finally {
      await sandbox.start();
    }

    const sent = await waitFor(
      'the decision sent',
      () => reviewer.call('desk.open', { kind: 'individual', serverId: id }),
      (c) => c.pendingDecision === null && c.decision !== null,
      30_000,
    );
    expect(sent.decision).toMatchObject({ onboardingDecision: 'Refer', comments: 'Needs a second look' });
    const onService = (await service.individual(id)) as Record<string, unknown>;
    expect(onService).toMatchObject({ onboardingDecision: 'Refer' });
    expect(onService.decidedBy ?? reviewerId).toBe(reviewerId);
  });

  it('says a case was decided elsewhere (403) and shows the service’s decision', async () => {
    const { id } = await serviceIndividual(`${tag}-X1`, 'Elsewhere');
    await reviewer.call('desk.take', { kind: 'individual', serverId: id });
    await service.api.individualDecision(id, {
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
      userID: capturerId,
      partnerID: sandbox.partnerId,
    });

    const after = await reviewer.call('desk.decide', {
      kind: 'individual',
      serverId: id,
      onboardingDecision: 'Refer',
    });
    expect(after.decisionRefused).toMatch(/^Decided elsewhere: Declined/);
    expect(after.pendingDecision).toBeNull();
    expect(after.decision).toMatchObject({ onboardingDecision: 'Declined' });
    expect(after.mayNotDecide).toMatch(/is Declined: a decided application can no longer be changed/);
    expect(await reviewer.call('desk.taken', {})).toContainEqual(
      expect.objectContaining({ serverId: id, decisionRefused: expect.stringMatching(/^Decided elsewhere/) }),
    );

    // The copy of a decided case leaves this laptop after the retention period, its files with it.
    const files = (await reviewer.core.internals.vault.list()).length;
    await reviewer.core.internals.purgeNow(Date.now() + 400 * 24 * 3600 * 1000);
    expect((await reviewer.call('desk.taken', {})).map((c) => c.serverId)).not.toContain(id);
    expect((await reviewer.core.internals.vault.list()).length).toBeLessThan(files);
  });

  it('refuses a decision by the person who captured the case, and by someone without the reviewer role', async () => {
    // The reviewer captured this one on the service, so someone else decides it.
    const own = await serviceIndividual(`${tag}-M0`, 'Own', reviewerId);
    const { id } = await serviceIndividual(`${tag}-M1`, 'Maker');
    const onlyCapturer = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      actingAs: 'capturer',
    });
    try {
      const seen = await reviewer.call('desk.open', { kind: 'individual', serverId: own.id });
      expect(seen.mayNotDecide).toMatch(/You captured this case/);
      await expect(
        reviewer.call('desk.decide', { kind: 'individual', serverId: own.id, onboardingDecision: 'Refer' }),
      ).rejects.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/maker and checker/) });

      await expect(
        onlyCapturer.call('desk.decide', { kind: 'individual', serverId: id, onboardingDecision: 'Refer' }),
      ).rejects.toSatisfy(
        (e: unknown) =>
          e instanceof DeskError && e.code === 'not-allowed' && /only a reviewer/.test(e.message),
      );
      expect((await service.individual(id)).onboardingDecision ?? null).not.toBe('Refer');
    } finally {
      await onlyCapturer.core.shutdown();
    }
  });
});
