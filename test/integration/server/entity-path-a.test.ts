// Path A (showOrganigram false): a flat list of directors and owners, from create to approval,
// with every ordering rule on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityRecordSchema } from '../../../shared/api/entity.js';
import { UboRecordSchema } from '../../../shared/api/ubo.js';
import {
  KYB,
  REVIEWED,
  TYPES,
  createEntity,
  entityReadyForOwners,
  expectStatus,
  finishEntityDocuments,
  finishPerson,
  isErrorBody,
  pdfFile,
  startTestSandbox,
  uboBody,
  type Json,
  type TestSandbox,
} from './helpers.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

// One entity taken through every step in order: each test is the next step, on the state the
// ones before it left.
describe('path A from create to approval', () => {
  type Created = Awaited<ReturnType<typeof createEntity>>;
  let entity: Created;
  let id: string;
  let directors: Created['createdUbos'];
  let nomsa: ReturnType<typeof UboRecordSchema.parse>;

  beforeAll(async () => {
    // 2015/123458/07: N = 123458, (N mod 3) + 1 = 3 registry directors.
    entity = await createEntity(t.api, {
      entityRegName: 'Acme Holdings',
      entityRegNumber: '2015/123458/07',
      clientReference: 'path-a-1',
    });
    id = entity.id;
    directors = entity.createdUbos;
  });

  it('creates the entity In Progress and Undetermined, with the registry’s name and directors', () => {
    expect(entity.ficaStatus).toBe('In Progress');
    expect(entity.riskDescription).toBe('Undetermined');
    expect(entity.registryCommercialName).toBe('ACME HOLDINGS');
    expect(directors).toHaveLength(3);
  });

  it('refuses the sanctions review, a new person and the directors’ work before KYB', async () => {
    const { api } = t;
    const early = await api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/KYB/);
    expect(isErrorBody(early.body, 409)).toBe(true);
    const earlyUbo = await api.post(`/api/v1/entity/${id}/ubo-create`, uboBody('Early', 'Bird'));
    expect(earlyUbo.status).toBe(409);
    // Registry directors exist from the start, but their work waits for the sanctions review too.
    const firstDirector = directors[0]?.uboUUID ?? '';
    expect(
      (await api.patch(`/api/v1/entity/${firstDirector}/director-ubo-update`, uboBody('A', 'B'))).status,
    ).toBe(409);
    const earlyDoc = await api.upload(
      `/api/v1/entity/${firstDirector}/ubo-doc-upload`,
      { documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }) },
      pdfFile(),
    );
    expect(earlyDoc.status).toBe(409);
    expect(earlyDoc.body.message).toMatch(/KYB/);
  });

  it('takes KYB, then the sanctions review', async () => {
    const { api } = t;
    await expectStatus(api.patch(`/api/v1/entity/${id}/kyb`, KYB), 200).then((r) =>
      expect(r.body).toEqual({ success: true }),
    );
    const review = await expectStatus(api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED), 200);
    expect(review.body.success).toBe(true);
  });

  it('completes the registry directors with director-ubo-update, refusing PEP confirm before it', async () => {
    const { api } = t;
    const [d1] = directors;
    if (!d1) throw new Error('expected three directors');
    const tooEarly = await api.patch(`/api/v1/entity/${d1.uboUUID}/ubo-pep-confirm`, REVIEWED);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toContain(`${d1.firstName} ${d1.lastName}`);
    for (const d of directors) {
      const updated = await expectStatus(
        api.patch<Json>(
          `/api/v1/entity/${d.uboUUID}/director-ubo-update`,
          uboBody(d.firstName, d.lastName, { isDirector: true, shareholderPercentage: '20' }),
        ),
        200,
      );
      expect(UboRecordSchema.parse(updated.body).sanctionsSearchResults?.matchedNumber).toBe(0);
    }
  });

  it('adds a fourth person to the flat list', async () => {
    const created = await expectStatus(
      t.api.post<Json>(
        `/api/v1/entity/${id}/ubo-create`,
        uboBody('Nomsa', 'Mahlangu', { shareholderPercentage: '40' }),
      ),
      201,
    );
    nomsa = UboRecordSchema.parse(created.body);
    expect(nomsa.uboUUID).toBe(nomsa.uboID);
  });

  it('refuses shareholding-confirm while a person is open, and a person’s doc-confirm before PEP and documents', async () => {
    const { api } = t;
    // The message names what is missing.
    const blocked = await api.patch(`/api/v1/entity/${id}/shareholding-confirm`, {
      ownershipConfirmation: true,
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/PEP review|documents/);
    const confirmEarly = await api.patch(`/api/v1/entity/${nomsa.uboID}/ubo-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(confirmEarly.status).toBe(409);
  });

  it('finishes each person at Low Risk', async () => {
    for (const uboId of [...directors.map((d) => d.uboUUID), nomsa.uboID]) {
      expect(await finishPerson(t.api, uboId)).toBe('Low Risk');
    }
  });

  it('refuses entity documents and approval before shareholding-confirm', async () => {
    const { api } = t;
    const docEarly = await api.upload(
      `/api/v1/entity/${id}/entity-doc`,
      { documents: JSON.stringify({ entityDocsID: 1, entityDocTypesID: 1 }) },
      pdfFile(),
    );
    expect(docEarly.status).toBe(409);
    const approveEarly = await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
      onboardingDecision: 'Approved',
    });
    expect(approveEarly.status).toBe(409);
    expect(approveEarly.body.message).toMatch(/cannot be approved/);
  });

  it('confirms the shareholding with a risk band and its reason, and closes the flat list', async () => {
    const { api } = t;
    const confirm = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    expect(confirm.body.message).toEqual(expect.any(String));
    expect(confirm.body.riskStatus).toBe('Low Risk');
    expect(confirm.body.riskReason).toMatch(/^Score \d+/);
    expect((await api.post(`/api/v1/entity/${id}/ubo-create`, uboBody('Late', 'Comer'))).status).toBe(409);
    expect((await api.delete(`/api/v1/entity/directors-and-members/${nomsa.uboID}`)).status).toBe(409);
  });

  it('refuses entity-doc-confirm before the band’s documents, naming the group, and takes it once', async () => {
    const { api } = t;
    const entityConfirmEarly = await api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(entityConfirmEarly.status).toBe(409);
    expect(entityConfirmEarly.body.message).toMatch(/Proof of registration/);
    await finishEntityDocuments(api, id, 'Low Risk');
    const again = await api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true });
    expect(again.status).toBe(409);
  });

  it('approves, and the record shows every step done', async () => {
    const { api } = t;
    const approved = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${id}/onboarding-decision`, {
        onboardingDecision: 'Approved',
        approvedComments: 'All in order',
        nextFicaReviewDate: '2027-11-21T00:00:00.000Z',
      }),
      200,
    );
    expect(approved.body.message).toEqual(expect.any(String));
    const record = EntityRecordSchema.parse((await api.get(`/api/v1/entity/${id}`)).body);
    expect(record.ficaStatus).toBe('Approved');
    expect(record.onboardingDecision).toBe('Approved');
    expect(record.approvedComments).toBe('All in order');
    expect(record.approvalDate).toEqual(expect.any(String));
    expect(record.sanctionSearchCompleted).toBe(true);
    expect(record.shareholdersAdminConfirmed).toBe(true);
    expect(record.docsUploadedReviewed).toBe(true);
    expect(record.riskStatus).toBe('Low Risk');
    expect(record.ubos).toHaveLength(4);
    expect(record.documents).toHaveLength(1);
    expect(record.entityTradingName).toBe('Acme Trading');
    expect(record.transactionInconsistantReason ?? null).toBeNull();
  });

  it('refuses a second decision (403), and any change to the approved record', async () => {
    const { api } = t;
    const second = await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
      declinedComments: 'Changed our mind',
    });
    expect(second.status).toBe(403);
    expect(isErrorBody(second.body, 403)).toBe(true);
    expect((await api.patch(`/api/v1/entity/${id}/kyb`, KYB)).status).toBe(409);
  });
});

describe('flat UBO list', () => {
  it('adds, reads, edits and deletes UBOs before shareholding-confirm', async () => {
    const { api } = t;
    const entity = await entityReadyForOwners(api);
    expect(entity.createdUbos).toEqual([]);
    const created = await expectStatus(
      api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Sipho', 'Adverse Ndlovu')),
      201,
    );
    const ubo = UboRecordSchema.parse(created.body);
    expect(ubo.sanctionsSearchResults?.webSearchResults).toHaveLength(1);

    const list = await api.get<Json[]>(`/api/v1/entity/${entity.id}/directors-and-members`);
    expect(list.status).toBe(200);
    expect(list.body.map((u) => u.uboID)).toEqual([ubo.uboID]);

    const one = await api.get(`/api/v1/entity/directors-and-members/${ubo.uboID}`);
    expect(UboRecordSchema.parse(one.body).lastName).toBe('Adverse Ndlovu');

    // Update keeps the stored screening results: they are not re-run once present.
    const renamed = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${ubo.uboID}/director-ubo-update`, uboBody('Sipho', 'Ndlovu')),
      200,
    );
    expect(UboRecordSchema.parse(renamed.body).sanctionsSearchResults?.webSearchResults).toHaveLength(1);

    const image = await expectStatus(api.get<Json>(`/api/v1/entity/ubo/${ubo.uboID}/profile-image`), 200);
    expect(image.body.base64Content).toBeNull();

    await expectStatus(api.delete(`/api/v1/entity/directors-and-members/${ubo.uboID}`), 200);
    expect((await api.get(`/api/v1/entity/directors-and-members/${ubo.uboID}`)).status).toBe(404);
    expect((await api.get<Json[]>(`/api/v1/entity/${entity.id}/directors-and-members`)).body).toEqual([]);
  });

  it('screens registry directors on their first update, not at import', async () => {
    const { api } = t;
    // N = 000001: (1 mod 3) + 1 = 2 directors.
    const entity = await entityReadyForOwners(api, { entityRegNumber: '2001/000001/07' });
    expect(entity.createdUbos).toHaveLength(2);
    const director = entity.createdUbos[0];
    if (!director) throw new Error('no director');
    const before = UboRecordSchema.parse(
      (await api.get(`/api/v1/entity/directors-and-members/${director.uboUUID}`)).body,
    );
    expect(before.sanctionsSearchResults ?? null).toBeNull();
    const after = await api.patch<Json>(
      `/api/v1/entity/${director.uboUUID}/director-ubo-update`,
      uboBody('Sanctioned', 'Politician'),
    );
    const results = UboRecordSchema.parse(after.body).sanctionsSearchResults;
    expect(results?.matchedNumber).toBe(2);
  });

  it('asks for passport details of a non-citizen and answers bands by the PEP review', async () => {
    const { api } = t;
    const entity = await entityReadyForOwners(api);
    const missing = await api.post(
      `/api/v1/entity/${entity.id}/ubo-create`,
      uboBody('Anna', 'Schmidt', { clientSACitizen: false, idNumber: undefined }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/passportNumber/);
    const foreign = await expectStatus(
      api.post<Json>(
        `/api/v1/entity/${entity.id}/ubo-create`,
        uboBody('Anna', 'Schmidt', {
          clientSACitizen: false,
          idNumber: undefined,
          passportNumber: 'C01X00T47',
          passportCountry: 13,
        }),
      ),
      201,
    );
    const adverse = await expectStatus(
      api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Peter', 'Botha')),
      201,
    );
    const low = await api.patch(`/api/v1/entity/${String(foreign.body.uboID)}/ubo-pep-confirm`, REVIEWED);
    // Without a medium range in the partner's settings a non-citizen without adverse results is Low.
    expect(low.body).toEqual({
      riskStatus: 'Low Risk',
      riskReason: expect.stringMatching(/not a South African citizen/),
    });
    const high = await api.patch(`/api/v1/entity/${String(adverse.body.uboID)}/ubo-pep-confirm`, {
      adverseSearchKYC: true,
      pepConfirmReviewed: true,
    });
    expect(high.body.riskStatus).toBe('High Risk');
  });
});

describe('decisions', () => {
  it('requires the comment of Declined and Refer, allows them early, and refuses a second final decision', async () => {
    const { api } = t;
    const entity = await createEntity(api);
    const noComment = await api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
    });
    expect(noComment.status).toBe(400);
    expect(noComment.body.message).toMatch(/declinedComments/);
    const noRefer = await api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
      onboardingDecision: 'Refer',
    });
    expect(noRefer.status).toBe(400);
    expect(noRefer.body.message).toMatch(/referComments/);

    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
        onboardingDecision: 'Refer',
        referComments: 'Ask compliance',
      }),
      200,
    );
    expect((await api.get(`/api/v1/entity/${entity.id}`)).body.referComments).toBe('Ask compliance');
    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, { onboardingDecision: 'In Progress' }),
      200,
    );
    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
        onboardingDecision: 'Declined',
        declinedComments: 'Ownership unclear',
      }),
      200,
    );
    const record = (await api.get(`/api/v1/entity/${entity.id}`)).body;
    expect(record.onboardingDecision).toBe('Declined');
    expect(record.declinedComments).toBe('Ownership unclear');

    for (const decision of ['Approved', 'Declined', 'Refer', 'In Progress']) {
      const again = await api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
        onboardingDecision: decision,
        declinedComments: 'x',
        referComments: 'x',
      });
      expect(again.status).toBe(403);
      expect(isErrorBody(again.body, 403)).toBe(true);
    }
  });

  it('refuses an unknown decision value and a shareholding-confirm that is not a confirmation', async () => {
    const { api } = t;
    const entity = await createEntity(api, { entityType: TYPES.privateCompany });
    expect(
      (await api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, { onboardingDecision: 'Maybe' }))
        .status,
    ).toBe(400);
    expect(
      (await api.patch(`/api/v1/entity/${entity.id}/shareholding-confirm`, { ownershipConfirmation: 'yes' }))
        .status,
    ).toBe(400);
  });
});
