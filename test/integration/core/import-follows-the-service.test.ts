// Work exported from laptop A and imported on laptop B may be older than what the service holds:
// A went on sending after the export, and a person there recorded the PEP decisions. B does not ask
// again for what the service already has: it learns the individual's PEP and sanctions decision and
// an owner's PEP review from the service (never before they are there), sends the rest, and says so
// in the case's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import {
  reviewEntitySanctions,
  reviewIndividual,
  reviewUbo,
  saId,
  startIndividual,
} from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const PASSPHRASE = 'copper lantern river meadow';

describe('an import older than the service', () => {
  let sandbox: TestSandbox;
  let a: TestCore;
  let b: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const config = { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
    // A's queue starts after the export; B sends what it imports.
    a = await startTestCore({ sandbox: config, secretStore: testSecrets('memory'), startQueue: false });
    await a.call('lookups.refresh', {});
    b = await startTestCore({ sandbox: config, secretStore: testSecrets('memory') });
    await b.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await a?.core.shutdown();
    await b?.core.shutdown();
    await sandbox?.stop();
  });

  it('does not ask again for a review or decision the service already has', async () => {
    // Captured on A, exported before anything was sent: an individual, and an entity with an owner.
    const individual = await startIndividual(a, { name: 'Ayanda Imported' });
    const { caseId: entity } = await a.call('entity.create', {
      entityRegName: 'Imported Owners (Pty) Ltd',
      entityRegNumber: '2018/000000/07',
      entityType: 1,
    });
    await a.call('entity.saveKyb', { caseId: entity, kyb: { entityTradingName: 'Imported Owners' } });
    const { uboId } = await a.call('entity.saveUbo', {
      caseId: entity,
      body: { firstName: 'Jane', lastName: 'Imported', clientSACitizen: true, idNumber: saId() },
    });
    const { bytes } = await a.call('transfer.export', { passphrase: PASSPHRASE });

    // A goes on: it sends, and a person there records the reviews once the results are in.
    a.core.internals.startQueue();
    await reviewEntitySanctions(a, entity);
    await reviewUbo(a, entity, uboId);
    await reviewIndividual(a, individual);
    await waitFor(
      'the reviews on the service',
      () => a.call('status.get', {}),
      (s) => s.unsentCount === 0,
      120_000,
    );

    // B imports the older work and sends it: it learns the reviews instead of asking for them.
    expect(await b.call('transfer.import', { bytes, passphrase: PASSPHRASE })).toMatchObject({ imported: 2 });
    const person = await waitFor(
      'the owner’s PEP review learned on B',
      () => b.call('cases.get', { caseId: entity }) as Promise<EntityCase>,
      (c) => c.sanctionsReview !== null && c.ubos[0]?.pepReview != null,
      120_000,
    );
    expect(person.sanctionsReview).toMatchObject({ pepConfirmReviewed: true });
    expect(person.ubos[0]!.pepReview).toMatchObject({ pepConfirmReviewed: true, adverseSearchKYC: false });
    expect(person.reviewsDue).toEqual([]);
    const learned = await waitFor(
      'the PEP decision learned on B',
      () => b.call('cases.get', { caseId: individual }) as Promise<IndividualCase>,
      (c) => c.pepDecision !== null,
      120_000,
    );
    expect(learned.pepDecision).toMatchObject({ pepConfirmReviewed: true, adverseSearchKYC: false });
    expect(learned.reviewsDue).toEqual([]);
    await waitFor(
      'B drained',
      () => b.call('status.get', {}),
      (s) => s.unsentCount === 0 && s.failedCount === 0,
      120_000,
    );
    const said = async (caseId: string) =>
      (await b.call('audit.list', { caseId })).map((h) => h.detail).join('\n');
    expect(await said(individual)).toContain(
      'The PEP and sanctions decision is already recorded on the service: taken from there, not asked again',
    );
    expect(await said(entity)).toContain(
      'The PEP review of Jane Imported is already recorded on the service: taken from there, not asked again',
    );
  }, 400_000);
});
