// Offline capture of whole applications (entity path A and B, an individual) while the service is
// away; when it returns the queue drains on its own, in a valid order, every document once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import {
  finishEntity,
  finishIndividual,
  startEntityPathA,
  startEntityPathB,
  startIndividual,
} from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { serviceView } from '../../support/service-view.js';

describe('offline capture, then drain', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  const sent: string[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      log: (event, detail) => {
        if (event === 'done' || event === 'reconciled') sent.push(String(detail.kind));
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

  it('captures what needs no answer offline, reviews what arrives, and drains it exactly once', async () => {
    await sandbox.stop();
    await waitFor(
      'offline',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'offline',
    );

    const a = await startEntityPathA(t);
    const b = await startEntityPathB(t);
    const i = await startIndividual(t);

    const offline = await t.call('status.get', {});
    expect(offline.connectivity).toBe('offline');
    expect(offline.unsentCount).toBeGreaterThan(10);
    const queue = await t.call('queue.list', {});
    expect(queue.every((j) => j.state === 'waiting')).toBe(true);
    // Jobs say what they wait for, in words.
    expect(queue.some((j) => j.waitingFor === 'waiting for connection')).toBe(true);
    const caseA = (await t.call('cases.get', { caseId: a })) as EntityCase;
    expect(caseA.checklist.provisional).toBe(true);
    expect(caseA.status).toBe('waiting');
    // No results yet: the reviews say what they wait for and cannot be recorded.
    expect(caseA.steps.find((s) => s.id === 'sanctions-review')).toMatchObject({
      status: 'blocked',
      blockedBy: 'Waiting for screening results from the service',
    });
    const individual = (await t.call('cases.get', { caseId: i })) as IndividualCase;
    expect(individual.steps.find((s) => s.id === 'pep-decision')?.blockedBy).toMatch(
      /^Waiting for screening results and the credit bureau's answer/,
    );

    await sandbox.start();
    await finishEntity(t, a);
    await finishEntity(t, b);
    await finishIndividual(t, i);
    const done = await waitFor(
      'drain',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      60_000,
    );
    expect(done.failedCount, JSON.stringify(await t.call('queue.list', {}))).toBe(0);

    // Order: the service refuses out-of-order calls with 409, which would have failed a job; and
    // the log shows the per-case order held.
    expect(sent.indexOf('entity.create')).toBeLessThan(sent.indexOf('entity.kyb'));
    expect(sent.lastIndexOf('ubo.doc-confirm')).toBeLessThan(sent.lastIndexOf('entity.shareholding-confirm'));

    const service = await serviceView(sandbox);
    for (const caseId of [a, b]) {
      const local = (await t.call('cases.get', { caseId })) as EntityCase;
      expect(local.status).toBe('approved');
      expect(local.checklist.provisional).toBe(false);
      const record = await service.entity(local.serverId!);
      expect(record.onboardingDecision).toBe('Approved');
      // Every entity document on the service once, matching the local ones.
      expect(record.documents.map((d) => d.entityDocID).sort()).toEqual(
        local.documents.flatMap((d) => d.serverIds).sort(),
      );
      expect(new Set(record.documents.map((d) => d.filename)).size).toBe(record.documents.length);
      for (const ubo of local.ubos) {
        const remote = await service.ubo(ubo.serverId!);
        expect(remote.documents.map((d) => d.uboDocsID).sort()).toEqual(
          ubo.documents.flatMap((d) => d.serverIds).sort(),
        );
        expect(remote.docsUploadedReviewed).toBe(true);
      }
    }
    const ind = (await t.call('cases.get', { caseId: i })) as IndividualCase;
    expect(ind.status).toBe('approved');
    const record = await service.individual(ind.serverId!);
    expect(record.documents.map((d) => d.ficaIndividualDocsID).sort()).toEqual(
      ind.documents.flatMap((d) => d.serverIds).sort(),
    );
    expect(record.onboardingDecision).toBe('Approved');
    // Path B: the tree's people were created by verify and linked to the local ones.
    const caseB = (await t.call('cases.get', { caseId: b })) as EntityCase;
    expect(caseB.organigram.verified).toBe(true);
    expect(caseB.ubos.every((u) => u.serverId !== null)).toBe(true);
  });
});
