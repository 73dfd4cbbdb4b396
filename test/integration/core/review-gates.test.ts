// Never confirm on a guess: the core records a sanctions or PEP review only for the screening
// results this laptop holds (named by their fingerprint, every hit dispositioned), so offline the
// service never receives an attestation for results nobody has seen; path A refuses an owner whose
// share takes the total over 100 % when the owner is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screeningFingerprint, screeningHits } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { falsePositives, saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

const OTHER_RESULTS = screeningFingerprint({ matchedNumber: 0, matchedEntities: [], webSearchResults: [] })!;

describe('review gates', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  const sent: string[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      log: (event, detail) => {
        if (event === 'done') sent.push(String(detail.kind));
      },
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

  const refusal = async (work: Promise<unknown>): Promise<string> => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeskError);
    return (error as DeskError).message;
  };

  describe('a sanctions review, offline and then online', () => {
    let caseId: string;
    let offline: EntityCase;
    let offlineRefusal: string;
    let arrived: EntityCase;

    beforeAll(async () => {
      await sandbox.stop();
      await waitFor(
        'offline',
        () => t.call('status.get', {}),
        (s) => s.connectivity === 'offline',
      );
      ({ caseId } = await t.call('entity.create', {
        entityRegName: 'Sanctioned Adverse Traders',
        entityRegNumber: '2015/000000/07',
        entityType: 1,
      }));
      await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Adverse' } });
      offline = (await t.call('cases.get', { caseId })) as EntityCase;
      offlineRefusal = await refusal(
        t.call('entity.sanctionsReview', {
          caseId,
          review: { pepConfirmReviewed: true },
          screening: { fingerprint: OTHER_RESULTS, dispositions: [] },
        }),
      );
      // Capture of the owners goes on offline; their jobs wait for the review.
      await t.call('entity.saveUbo', {
        caseId,
        body: {
          firstName: 'Olga',
          lastName: 'Owner',
          clientSACitizen: true,
          idNumber: saId(),
          isShareholder: true,
          shareholderPercentage: '100',
        },
      });
      await sandbox.start();
      arrived = (await waitFor(
        'results arrived',
        () => t.call('cases.get', { caseId }),
        (c) => (c as EntityCase).sanctionsSearchResults !== null,
        60_000,
      )) as EntityCase;
    }, 120_000);

    it('waits offline for the screening results, and refuses the review meanwhile', () => {
      expect(offline.steps.find((s) => s.id === 'sanctions-review')).toMatchObject({
        status: 'blocked',
        blockedBy: 'Waiting for screening results from the service',
      });
      expect(offlineRefusal).toMatch(/^Waiting for screening results from the service/);
    });

    it('says once online that the results arrived and need a review, in the case and the list', async () => {
      expect(arrived.status).toBe('needs-review');
      expect(arrived.reviewsDue.map((r) => r.message)).toEqual([
        '1 sanctions match and 1 adverse media result arrived for Sanctioned Adverse Traders',
      ]);
      const summary = (await t.call('cases.list', {})).cases.find((c) => c.id === caseId)!;
      expect(summary.reviewsDue).toBe(1);
    });

    it('holds the owners captured offline for the review, once KYB is sent', async () => {
      await waitFor(
        'person waits for the review',
        () => t.call('queue.list', {}),
        (jobs) =>
          jobs.some(
            (j) =>
              j.caseId === caseId &&
              j.kind === 'ubo.create' &&
              j.waitingFor === 'waiting for the sanctions review',
          ),
        60_000,
      );
    });

    it('sends no sanctions review before a person reviewed the results', async () => {
      expect(sent).not.toContain('entity.sanctions-review');
      const service = await serviceView(sandbox);
      expect((await service.entity(arrived.serverId!)).sanctionSearchCompleted).toBe(false);
    });
  });

  it('refuses a review made on other results, one with a hit left open, and one that hides a true match', async () => {
    const caseId = (await t.call('cases.list', {})).cases.find(
      (c) => c.title === 'Sanctioned Adverse Traders',
    )!.id;
    const c = (await t.call('cases.get', { caseId })) as EntityCase;
    const fingerprint = screeningFingerprint(c.sanctionsSearchResults)!;
    const [match, media] = screeningHits(c.sanctionsSearchResults);
    expect(
      await refusal(
        t.call('entity.sanctionsReview', {
          caseId,
          review: { pepConfirmReviewed: true },
          screening: { fingerprint: OTHER_RESULTS, dispositions: [] },
        }),
      ),
    ).toMatch(/changed since you opened them/);
    const open = {
      fingerprint,
      dispositions: [
        {
          hitKey: match!.key,
          verdict: 'false-positive' as const,
          reason: 'Registered 1998, listed entity 2012',
        },
      ],
    };
    expect(
      await refusal(
        t.call('entity.sanctionsReview', { caseId, review: { pepConfirmReviewed: true }, screening: open }),
      ),
    ).toMatch(/1 of 2 still open/);
    const both = {
      fingerprint,
      dispositions: [
        ...open.dispositions,
        { hitKey: media!.key, verdict: 'true-match' as const, reason: 'Article names this company' },
      ],
    };
    expect(
      await refusal(
        t.call('entity.sanctionsReview', {
          caseId,
          review: { pepConfirmReviewed: true, adverseSearchKYC: false },
          screening: both,
        }),
      ),
    ).toMatch(/cannot say there are no adverse results/);
    const reviewed = (await t.call('entity.sanctionsReview', {
      caseId,
      review: { pepConfirmReviewed: true },
      screening: both,
    })) as EntityCase;
    expect(reviewed.sanctionsReview).toEqual({ adverseSearchKYC: true, pepConfirmReviewed: true });
    expect(reviewed.sanctionsReviewRecord?.dispositions).toHaveLength(2);
    const history = (await t.call('audit.list', { caseId }))
      .filter((e) => e.action === 'screening.disposition')
      .map((e) => e.detail);
    expect(history).toEqual(
      expect.arrayContaining([
        'Sanctions match 1 of 2 for Sanctioned Adverse Traders, score 100: false positive',
        'Adverse media 2 of 2 for Sanctioned Adverse Traders, score 80: true match',
      ]),
    );

    const service = await serviceView(sandbox);
    await waitFor(
      'review sent',
      () => service.entity(reviewed.serverId!),
      (r) => r.sanctionSearchCompleted === true,
      60_000,
    );
    expect((await service.entity(reviewed.serverId!)).adverseSearchKYC).toBe(true);
  }, 120_000);

  it("records an individual's PEP decision only on the screening and bureau answers that arrived", async () => {
    await sandbox.stop();
    await waitFor(
      'offline',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'offline',
    );
    const { caseId } = await t.call('individual.create', {
      firstName: 'Thabo',
      lastName: 'Sanctioned Politician',
      clientSACitizen: true,
      idNumber: '8001010000081',
    });
    await t.call('individual.runScreening', { caseId });
    await t.call('individual.runValidation', { caseId });
    expect(
      await refusal(
        t.call('individual.pepDecision', {
          caseId,
          pepConfirmReviewed: true,
          clientForeignOfficial: false,
          screening: { fingerprint: OTHER_RESULTS, dispositions: [] },
        }),
      ),
    ).toMatch(/^Waiting for screening results and the credit bureau's answer from the service/);
    await sandbox.start();
    const arrived = (await waitFor(
      'answers',
      () => t.call('cases.get', { caseId }),
      (c) => (c as IndividualCase).amlScreening !== null && (c as IndividualCase).externalValidation !== null,
      30_000,
    )) as IndividualCase;
    expect(arrived.status).toBe('needs-review');
    expect(arrived.reviewsDue[0]?.message).toBe('1 sanctions match and 1 PEP match arrived for Thabo');
    const attestation = falsePositives(arrived.amlScreening);
    attestation.dispositions[0] = {
      ...attestation.dispositions[0]!,
      verdict: 'true-match',
      reason: 'Same ID number on the list',
    };
    const decided = (await t.call('individual.pepDecision', {
      caseId,
      pepConfirmReviewed: true,
      clientForeignOfficial: false,
      screening: attestation,
    })) as IndividualCase;
    expect(decided.pepDecision?.adverseSearchKYC).toBe(true);
    expect(decided.reviewsDue).toEqual([]);
    const service = await serviceView(sandbox);
    const record = await waitFor(
      'decision sent',
      () => service.individual(decided.serverId!),
      (r) => r.pepConfirmReviewed === true,
      60_000,
    );
    expect(record.adverseSearchKYC).toBe(true);
  }, 120_000);

  it('refuses a path A owner whose share takes the total over 100 % when the owner is saved, naming the total', async () => {
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Overowned (Pty) Ltd',
      entityRegNumber: '2014/000000/07',
      entityType: 1,
    });
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: 'Overowned' } });
    const c = await waitFor(
      'results',
      () => t.call('cases.get', { caseId }),
      (x) => (x as EntityCase).sanctionsSearchResults !== null,
      60_000,
    );
    await t.call('entity.sanctionsReview', {
      caseId,
      review: { pepConfirmReviewed: true },
      screening: falsePositives((c as EntityCase).sanctionsSearchResults),
    });
    const person = (firstName: string, shareholderPercentage: string, isShareholder = true) => ({
      firstName,
      lastName: 'Owner',
      clientSACitizen: true,
      idNumber: saId(),
      isShareholder,
      shareholderPercentage,
    });
    const refused = async (work: Promise<unknown>): Promise<DeskError> => {
      const error = await work.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DeskError);
      return error as DeskError;
    };
    const names = async () =>
      ((await t.call('cases.get', { caseId })) as EntityCase).ubos.map(
        (u) => `${u.details.firstName} ${u.details.shareholderPercentage}`,
      );

    const { uboId: ann } = await t.call('entity.saveUbo', { caseId, body: person('Ann', '70') });
    const over = await refused(t.call('entity.saveUbo', { caseId, body: person('Ben', '45') }));
    const words = 'The shareholders would together hold 115 % (70 % + 45 %), more than 100 %.';
    expect(over.message).toBe(words);
    // Said under the shareholding field of the form the person typed in.
    expect(over.issues).toEqual([{ path: 'body.shareholderPercentage', message: words }]);
    expect(await names()).toEqual(['Ann 70']);

    const { uboId: ben } = await t.call('entity.saveUbo', { caseId, body: person('Ben', '30') });
    expect(
      (await refused(t.call('entity.saveUbo', { caseId, uboId: ben, body: person('Ben', '45') }))).message,
    ).toBe(words);
    // A director holding no shares adds nothing; made a shareholder, their share counts.
    const { uboId: cara } = await t.call('entity.saveUbo', { caseId, body: person('Cara', '60', false) });
    expect(
      (await refused(t.call('entity.saveUbo', { caseId, uboId: cara, body: person('Cara', '60') }))).message,
    ).toBe('The shareholders would together hold 160 % (70 % + 30 % + 60 %), more than 100 %.');
    // Lowering a share is always saved; then the others fit.
    await t.call('entity.saveUbo', { caseId, uboId: ann, body: person('Ann', '10') });
    await t.call('entity.saveUbo', { caseId, uboId: cara, body: person('Cara', '60') });
    expect(await names()).toEqual(['Ann 10', 'Ben 30', 'Cara 60']);
  }, 120_000);
});
