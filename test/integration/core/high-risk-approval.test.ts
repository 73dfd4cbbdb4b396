// A High Risk client is approved only with a reason and a next FICA review date: the core refuses an
// approval sent without them, whatever the screen did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/ipc/errors.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import type { IndividualCase } from '../../../shared/ipc/model.js';
import { captureChecklist, captureIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('approving a High Risk client', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.dispose();
  });

  /** A client the capturer made ready for the decision, whose band the service set to High Risk; the reviewer decides. */
  async function highRiskClient(name: string, withHighRiskDocuments = false): Promise<string> {
    await t.actAs('capturer');
    const caseId = await captureIndividual(t, { name, decide: false });
    await waitFor(
      'sent',
      () => t.call('cases.get', { caseId }),
      (c) => c.unsentJobs === 0,
      60_000,
    );
    const { store } = t.core.internals;
    const c = store.cases.getCase(caseId)!;
    c.data.riskBand = 'High Risk';
    store.cases.saveCase(c);
    if (withHighRiskDocuments) {
      const held = (await t.call('cases.get', { caseId })) as IndividualCase;
      const missing = held.checklist.items.filter((i) => !i.onFile);
      await captureChecklist(
        t,
        caseId,
        { kind: 'individual' },
        { ...held.checklist, items: missing },
        'High',
      );
    }
    await t.actAs('reviewer');
    return caseId;
  }

  it('refuses an approval without a comment and a next review date, naming both', async () => {
    // Every step done, the documents High Risk requires on file: only the reason and the date are missing.
    const caseId = await highRiskClient('Hilda Highrisk', true);
    const refused = await t
      .call('individual.decide', { caseId, onboardingDecision: 'Approved' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).issues?.map((i) => i.path)).toEqual(['comments', 'nextReview']);
    expect((refused as DeskError).message).toMatch(/^This client is rated High Risk\. Comments: /);
    expect((await t.call('cases.get', { caseId })).decision).toBeNull();
  });

  it('with a reason and a later review date, passes on to the usual gates (here: the documents High Risk requires)', async () => {
    const caseId = await highRiskClient('Henk Highrisk');
    const next = new Date(Date.now() + 180 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const answer = await t
      .call('individual.decide', {
        caseId,
        onboardingDecision: 'Approved',
        additionalComments: 'PEP relative; source of wealth verified with payslips',
        nextFicaReviewDate: `${next}T00:00:00.000Z`,
      })
      .catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(DeskError);
    expect((answer as DeskError).message).not.toMatch(/High Risk/);
    expect((answer as DeskError).message).toMatch(
      /^The client cannot be approved yet: The required documents/,
    );
  });
});
