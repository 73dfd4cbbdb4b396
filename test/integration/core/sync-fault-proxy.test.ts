// Through a proxy that resets uploads mid-transfer, drops answers after the service committed,
// answers 500 and 429 and adds latency, every job still completes exactly once.
import { describe, expect, it } from 'vitest';
import type { EntityCase, IndividualCase } from '../../../shared/ipc/model.js';
import { waitFor } from '../../support/core-harness.js';
import { eachFaultFirst, PASS, randomFaults } from '../../support/fault-proxy.js';
import { captureEntityPathA, captureIndividual } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';
import { serviceView } from '../../support/service-view.js';

describe('fault-injecting proxy', () => {
  const events: string[] = [];
  const run = suiteCore({
    throughProxy: true,
    startQueue: false,
    log: (event, detail) => events.push(`${event} ${String(detail.kind)} ${String(detail.failure ?? '')}`),
  });

  it('completes every job exactly once despite resets, lost answers, 500s, 429s and latency', async () => {
    // The reviews need the service's results, so the queue runs (without faults) until the entity
    // documents are captured; they are then held back and sent through the faults.
    run.t.core.internals.startQueue();
    const i = await captureIndividual(run.t, { extraDocs: 10 });
    const a = await captureEntityPathA(run.t, { extraEntityDocs: 40, holdEntityDocs: true });
    // Each kind of fault hits an entity document upload first (a lost answer to an upload is then
    // reconciled), whatever order the requests happen to arrive in; random faults follow.
    const entityUpload = ({ method, path }: { method: string; path: string }) =>
      method === 'POST' && /\/entity-doc(\?|$)/.test(path);
    run.proxy.plan = eachFaultFirst(randomFaults(20261121), entityUpload);
    await run.t.call('queue.resume', {});
    const done = await waitFor(
      'drain',
      () => run.t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      120_000,
    );
    expect(done.failedCount, JSON.stringify(await run.t.call('queue.list', {}))).toBe(0);
    run.proxy.plan = PASS;

    // Each kind of fault really happened, and unknown outcomes were reconciled.
    expect(run.proxy.stats.reset).toBeGreaterThan(0);
    expect(run.proxy.stats['drop-response']).toBeGreaterThan(0);
    expect(run.proxy.stats['status-500']).toBeGreaterThan(0);
    expect(run.proxy.stats['status-429']).toBeGreaterThan(0);
    expect(events.some((e) => e.startsWith('reconciled'))).toBe(true);

    const service = await serviceView(run.sandbox);
    const entity = (await run.t.call('cases.get', { caseId: a })) as EntityCase;
    const record = await service.entity(entity.serverId!);
    expect(record.documents.length).toBe(entity.documents.length);
    expect(new Set(record.documents.map((d) => d.filename)).size).toBe(record.documents.length);
    expect(record.documents.map((d) => d.entityDocID).sort()).toEqual(
      entity.documents.map((d) => d.serverIds[0]).sort(),
    );
    expect(record.onboardingDecision).toBe('Approved');
    const ubo = await service.ubo(entity.ubos[0]!.serverId!);
    expect(ubo.documents.length).toBe(entity.ubos[0]!.documents.length);
    const list = await service.api.listEntities({ clientReference: entity.clientReference });
    expect(list.data.filter((e) => e.clientReference === entity.clientReference)).toHaveLength(1);

    const person = (await run.t.call('cases.get', { caseId: i })) as IndividualCase;
    const individual = await service.individual(person.serverId!);
    expect(individual.documents.length).toBe(person.documents.length);
    expect(individual.onboardingDecision).toBe('Approved');
    const people = await service.api.listIndividuals({ clientReference: person.clientReference });
    expect(people.data.filter((p) => p.clientReference === person.clientReference)).toHaveLength(1);
  }, 150_000);
});
