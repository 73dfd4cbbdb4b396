// Walks the real sandbox through each case kind's workflow table, sending the steps in the queue's
// order: before each step, every action whose gate needs a step not yet done is refused with the
// published 409 body (naming the action in the table's words), and the step itself is taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_JOBS,
  ENTITY_STEP_ROWS,
  INDIVIDUAL_JOBS,
  INDIVIDUAL_STEP_ROWS,
  phrase,
  type AnyWorkflowJob,
} from '../../../shared/domain/workflow-table.js';
import type { EntityActionType, IndividualActionType } from '../../../shared/domain/workflow.js';
import {
  KYB,
  REVIEWED,
  createEntity,
  expectStatus,
  isErrorBody,
  pdfFile,
  startTestSandbox,
  uboBody,
  type Client,
  type Json,
  type Reply,
  type TestSandbox,
} from './helpers.js';

let t: TestSandbox;
let api: Client;

beforeAll(async () => {
  t = await startTestSandbox();
  api = t.api;
});
afterAll(async () => {
  await t.stop();
});

const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

interface Walk<Action extends string> {
  jobs: readonly AnyWorkflowJob[];
  steps: ReadonlyArray<{ id: string }>;
  /** Steps done once the case exists. */
  doneAtStart: string[];
  /** The request of each action the walk sends or probes. */
  send: Partial<Record<Action, () => Promise<Reply>>>;
  /** What each step of the walk completes: workflow steps, and `person:<step>` of the one person. */
  completes: Partial<Record<Action, string[]>>;
  /** The person the person's actions are about, as the 409 names them. */
  person: string;
}

/** Sends the walk's steps in queue order and probes every action the gates must refuse meanwhile. */
async function walk<Action extends string>(w: Walk<Action>): Promise<{ refused: number; taken: number }> {
  const pos = (id: string) => w.steps.findIndex((s) => s.id === id);
  const done = new Set(w.doneAtStart);
  const gateUnmet = (row: AnyWorkflowJob) =>
    row.gate !== null && w.steps.some((s) => pos(s.id) < pos(row.gate!) && !done.has(s.id));
  const personGateUnmet = (row: AnyWorkflowJob) =>
    (row.personGate ?? []).some((step) => !done.has(`person:${step}`));
  let refused = 0;
  let taken = 0;
  for (const row of w.jobs) {
    const action = row.action as Action | null;
    if (action === null || !w.completes[action]) continue;
    for (const probe of w.jobs) {
      const probeAction = probe.action as Action | null;
      const request = probeAction === null ? undefined : w.send[probeAction];
      if (!request || !(gateUnmet(probe) || personGateUnmet(probe))) continue;
      const res = await request();
      const why = `${probe.kind} before ${row.kind}: ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, why).toBe(409);
      expect(isErrorBody(res.body, 409), why).toBe(true);
      if (gateUnmet(probe)) {
        const message = String(res.body.message);
        if (probe.action === 'decision') expect(message, why).toMatch(/cannot be approved yet/);
        else expect(message, why).toContain(`before ${phrase(probe.refusal!, w.person)}`);
      }
      refused++;
    }
    const res = await w.send[action]!();
    expect(res.status, `${row.kind}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    for (const step of w.completes[action]!) done.add(step);
    taken++;
  }
  return { refused, taken };
}

describe('the sandbox keeps the order of the workflow table', () => {
  it('refuses each entity action before its gate and takes it after (flat owner list)', async () => {
    // 2015/123456/07: N = 123456, (N mod 3) + 1 = 1 registry director, so the owner list is never empty.
    const entity = await createEntity(api, {
      entityRegNumber: '2015/123456/07',
      clientReference: 'workflow-gates-entity',
    });
    expect(entity.createdUbos).toHaveLength(1);
    const id = entity.id;
    const director = entity.createdUbos[0]!;
    const uboId = director.uboUUID;
    const send: Walk<EntityActionType>['send'] = {
      kyb: () => api.patch(`/api/v1/entity/${id}/kyb`, KYB),
      'sanctions-review': () => api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED),
      'ubo-create': () => api.post(`/api/v1/entity/${id}/ubo-create`, uboBody('Late', 'Comer')),
      'ubo-update': () =>
        api.patch(
          `/api/v1/entity/${uboId}/director-ubo-update`,
          uboBody(director.firstName, director.lastName, { isDirector: true, shareholderPercentage: '100' }),
        ),
      'ubo-delete': () => api.delete(`/api/v1/entity/directors-and-members/${uboId}`),
      'ubo-pep-confirm': () => api.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, REVIEWED),
      'ubo-doc-upload': () =>
        api.upload(
          `/api/v1/entity/${uboId}/ubo-doc-upload`,
          { documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }) },
          pdfFile('person.pdf'),
        ),
      'ubo-doc-confirm': () =>
        api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true }),
      'shareholding-confirm': () =>
        api.patch(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      'entity-doc-upload': () =>
        api.upload(
          `/api/v1/entity/${id}/entity-doc`,
          { documents: JSON.stringify({ entityDocsID: 1, entityDocTypesID: 1 }) },
          pdfFile('entity.pdf'),
        ),
      'entity-doc-confirm': () =>
        api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true }),
      decision: () =>
        api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
          onboardingDecision: 'Approved',
          approvedComments: 'All in order',
          nextFicaReviewDate: nextYear(),
        }),
    };
    const { refused, taken } = await walk<EntityActionType>({
      jobs: ENTITY_JOBS,
      steps: ENTITY_STEP_ROWS,
      // The tree is not on this path; the registry's director makes the owner list non-empty.
      doneAtStart: ['create', 'owners', 'organigram'],
      send,
      completes: {
        kyb: ['kyb'],
        'sanctions-review': ['sanctions-review'],
        'ubo-update': ['person:details'],
        'ubo-pep-confirm': ['person:pep-review'],
        // One Low Risk person: one document is all the band asks for.
        'ubo-doc-upload': ['person:documents'],
        'ubo-doc-confirm': ['person:doc-confirm', 'people'],
        'shareholding-confirm': ['shareholding-confirm'],
        'entity-doc-upload': ['entity-documents'],
        'entity-doc-confirm': ['entity-doc-confirm'],
        decision: ['decision'],
      },
      person: `${director.firstName} ${director.lastName}`,
    });
    expect(taken).toBe(10);
    expect(refused).toBeGreaterThan(30);
    const record = await expectStatus(api.get<Json>(`/api/v1/entity/${id}`), 200);
    expect(record.body.ficaStatus).toBe('Approved');
  });

  it('refuses each individual action before its gate and takes it after', async () => {
    const users = (await api.get<Array<{ id: string; role: string }>>('/api/v1/settings/users')).body;
    const reviewer = users.find((u) => u.role === 'reviewer')!.id;
    const partnerID = t.sandbox.demoPartner.partnerId;
    const created = await expectStatus(
      api.post<{ id: string }>('/api/v1/individual', {
        clientRef: 'workflow-gates-individual',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        clientEmail: 'thandi@example.com',
        telNumber: '+27 82 555 0101',
        idNumber: '8001015009087',
        clientSACitizen: true,
        addressLineOne: '3 Long Street',
        townCity: 'Cape Town',
        zipCode: '8001',
        employerName: 'Acme',
        occupation: 'Engineer',
        transactionConsistent: 'true',
      }),
      201,
    );
    const id = created.body.id;
    const send: Walk<IndividualActionType>['send'] = {
      update: () => api.patch(`/api/v1/individual/${id}`, { clientEmail: 'thandi.nkosi@example.com' }),
      'aml-screening': () => api.post(`/api/v1/individual/${id}/aml-screening`),
      'external-validation': () => api.post(`/api/v1/individual/${id}/external-validation`, {}),
      'pep-sanctions-decision': () =>
        api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, {
          pepConfirmReviewed: true,
          adverseSearchKYC: false,
          clientForeignOfficial: false,
          userID: reviewer,
          partnerID,
        }),
      documents: () =>
        api.upload(
          `/api/v1/individual/${id}/documents`,
          { documents: JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 1 }]) },
          pdfFile('id.pdf'),
        ),
      'confirm-docs': () => api.patch(`/api/v1/individual/${id}/confirm-docs`, { userUUID: reviewer }),
      decision: () =>
        api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
          onboardingDecision: 'Approved',
          userID: reviewer,
          partnerID,
          approvedComments: 'All in order',
          nextFicaReviewDate: nextYear(),
        }),
    };
    const { refused, taken } = await walk<IndividualActionType>({
      jobs: INDIVIDUAL_JOBS,
      steps: INDIVIDUAL_STEP_ROWS,
      doneAtStart: ['create'],
      send,
      completes: {
        update: [],
        'aml-screening': ['aml-screening'],
        'external-validation': ['external-validation'],
        'pep-sanctions-decision': ['pep-decision'],
        // A Low Risk client: one identity document is all the band asks for.
        documents: ['documents'],
        'confirm-docs': ['confirm-docs'],
        decision: ['decision'],
      },
      person: 'Thandi Nkosi',
    });
    expect(taken).toBe(7);
    expect(refused).toBeGreaterThan(10);
    const record = await expectStatus(api.get<Json>(`/api/v1/individual/${id}`), 200);
    expect(record.body.ficaStatus ?? record.body.onboardingDecision).toBe('Approved');
  });
});
