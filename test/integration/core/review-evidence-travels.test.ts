// The evidence travels with the case: what a capturer saw and decided on one laptop (each hit's
// disposition, who, when and why) reaches a reviewer on another laptop through the service, as a
// review record attached to the subject, and the reviewer's laptop weighs it like its own.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredIndividualDocGroups } from '../../../shared/domain/index.js';
import { screeningFingerprint, screeningHits } from '../../../shared/domain/index.js';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { captureEntityPathA, finishIndividual, saId, startIndividual } from '../../support/flows.js';
import { serviceView } from '../../support/service-view.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('review evidence between laptops', () => {
  let sandbox: TestSandbox;
  let capturer: TestCore;
  let reviewer: TestCore;

  /** Waits until the laptop has sent everything; a refused item fails the wait with its words. */
  const drained = async (t: TestCore) => {
    const status = await waitFor(
      'every change sent',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      120_000,
    );
    const failed = (await t.call('queue.list', {})).filter((j) => j.state === 'failed');
    expect(failed.map((j) => `${j.label}: ${j.error?.message}`)).toEqual([]);
    return status;
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const service = { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
    capturer = await startTestCore({ sandbox: service, secretStore: testSecrets('memory') });
    reviewer = await startTestCore({
      sandbox: service,
      secretStore: testSecrets('memory'),
      actingAs: 'reviewer',
    });
    await capturer.call('lookups.refresh', {});
    await reviewer.call('lookups.refresh', {});
  }, 120_000);

  afterAll(async () => {
    await capturer?.core.shutdown();
    await reviewer?.core.shutdown();
    await sandbox?.dispose();
  });

  it('shows on the reviewer’s laptop the dispositions recorded on the capturer’s, with who and why', async () => {
    const caseId = await startIndividual(capturer, { name: 'Patience Politician' });
    await finishIndividual(capturer, caseId, { decide: false });
    await drained(capturer);
    const captured = (await capturer.call('cases.get', { caseId })) as IndividualCase;
    expect(screeningHits(captured.amlScreening).length).toBeGreaterThan(0);
    const record = captured.documents.find((d) => d.filename.startsWith('review-record-'));
    expect(record?.state).toBe('on-file');

    const { caseId: seen } = await reviewer.call('desk.open', {
      kind: 'individual',
      serverId: captured.serverId!,
    });
    const there = (await reviewer.call('cases.get', { caseId: seen })) as IndividualCase;
    expect(there.pepReviewRecord).toMatchObject({
      madeOn: 'service',
      reviewedBy: capturer.staff('capturer').userId,
      fingerprint: screeningFingerprint(there.amlScreening),
      dispositions: captured.pepReviewRecord!.dispositions,
    });
    expect(there.pepReviewRecord!.dispositions[0]).toMatchObject({
      verdict: 'false-positive',
      reason: 'Different person: date of birth differs',
    });
    expect(there.decisionFacts.unattested).toEqual([]);
    expect(there.makers).toContain(capturer.staff('capturer').userId);
  });

  it('refuses an approval on the reviewer’s laptop while a review has no record there', async () => {
    // Captured by another system: the service says the review was made, nobody says on what.
    const service = await serviceView(sandbox);
    const partnerID = (await service.api.lookup('partner')).id;
    const capturerId = capturer.staff('capturer').userId;
    const created = await service.api.createIndividual({
      firstName: 'Quentin',
      lastName: 'Politician',
      clientSACitizen: true,
      idNumber: saId(),
      userID: capturerId,
    });
    await service.api.amlScreening(created.id);
    await service.api.externalValidation(created.id, {});
    await service.api.pepSanctionsDecision(created.id, {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: false,
      userID: capturerId,
      partnerID,
    });
    const groups = await service.api.lookup('individualDocs');
    const types = await service.api.lookup('individualDocTypes');
    const band = (await service.individual(created.id)).riskDescription;
    for (const group of requiredIndividualDocGroups(band as 'Low Risk', groups)) {
      const pdf = Buffer.from(await makePdf(group.name));
      await service.api.uploadIndividualDocument(
        created.id,
        {
          open: () => Readable.from(pdf),
          size: pdf.length,
          filename: `${group.name}.pdf`,
          mimeType: 'application/pdf',
        },
        [
          {
            individualDocsID: group.groupId,
            IndividualDocTypesID: types.find((t) => t.docID === group.groupId)!.id,
          },
        ],
      );
    }
    await service.api.confirmIndividualDocs(created.id, capturerId);

    const { caseId: seen } = await reviewer.call('desk.open', { kind: 'individual', serverId: created.id });
    const there = (await reviewer.call('cases.get', { caseId: seen })) as IndividualCase;
    expect(there.pepReviewRecord).toBeNull();
    expect(there.decisionFacts).toMatchObject({
      approvalGate: null,
      unattested: [
        expect.stringMatching(
          /PEP and sanctions review of Quentin Politician \(no review record on the service\)/,
        ),
      ],
    });
    await expect(
      reviewer.call('individual.decide', { caseId: seen, onboardingDecision: 'Approved' }),
    ).rejects.toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/nobody has attested/) });
  });

  it('carries an entity’s sanctions review and each owner’s PEP review to the reviewer’s laptop', async () => {
    const caseId = await captureEntityPathA(capturer, {
      name: 'Sanctioned Traders (Pty) Ltd',
      decide: false,
    });
    await drained(capturer);
    const captured = (await capturer.call('cases.get', { caseId })) as EntityCase;
    const { caseId: seen } = await reviewer.call('desk.open', {
      kind: 'entity',
      serverId: captured.serverId!,
    });
    const there = (await reviewer.call('cases.get', { caseId: seen })) as EntityCase;
    expect(there.sanctionsReviewRecord).toMatchObject({
      madeOn: 'service',
      reviewedBy: capturer.staff('capturer').userId,
      dispositions: captured.sanctionsReviewRecord!.dispositions,
    });
    expect(there.ubos[0]?.pepReviewRecord).toMatchObject({ madeOn: 'service' });
    expect(there.decisionFacts).toMatchObject({ unattested: [], approvalGate: null });
    const decided = await reviewer.call('entity.decide', {
      caseId: seen,
      decision: { onboardingDecision: 'Approved', approvedComments: 'Reviewed on the evidence' },
    });
    expect(decided.decision).toMatchObject({ onboardingDecision: 'Approved', synced: false });
    await waitFor(
      'the approval on the service',
      () => reviewer.call('cases.get', { caseId: seen }),
      (c) => c.decision?.synced === true,
      60_000,
    );
  }, 240_000);
});
