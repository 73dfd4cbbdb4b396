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

describe('path A from create to approval', () => {
  it('runs every step in order and ends Approved', async () => {
    const { api } = t;
    // 2015/123458/07: N = 123458, (N mod 3) + 1 = 3 registry directors.
    const entity = await createEntity(api, {
      entityRegName: 'Acme Holdings',
      entityRegNumber: '2015/123458/07',
      clientReference: 'path-a-1',
    });
    expect(entity.ficaStatus).toBe('In Progress');
    expect(entity.riskDescription).toBe('Undetermined');
    expect(entity.registryCommercialName).toBe('ACME HOLDINGS');
    expect(entity.createdUbos).toHaveLength(3);
    const id = entity.id;

    // KYB before anything else; the sanctions review needs KYB first.
    const early = await api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/KYB/);
    expect(isErrorBody(early.body, 409)).toBe(true);
    const earlyUbo = await api.post(`/api/v1/entity/${id}/ubo-create`, uboBody('Early', 'Bird'));
    expect(earlyUbo.status).toBe(409);
    // Registry directors exist from the start, but their work waits for the sanctions review too.
    const firstDirector = entity.createdUbos[0]?.uboUUID ?? '';
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

    await expectStatus(api.patch(`/api/v1/entity/${id}/kyb`, KYB), 200).then((r) =>
      expect(r.body).toEqual({ success: true }),
    );
    const review = await expectStatus(api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED), 200);
    expect(review.body.success).toBe(true);

    // Registry directors are completed with director-ubo-update; PEP confirm waits for that.
    const [d1, d2, d3] = entity.createdUbos;
    if (!d1 || !d2 || !d3) throw new Error('expected three directors');
    const tooEarly = await api.patch(`/api/v1/entity/${d1.uboUUID}/ubo-pep-confirm`, REVIEWED);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toContain(`${d1.firstName} ${d1.lastName}`);

    for (const d of [d1, d2, d3]) {
      const updated = await expectStatus(
        api.patch<Json>(
          `/api/v1/entity/${d.uboUUID}/director-ubo-update`,
          uboBody(d.firstName, d.lastName, { isDirector: true, shareholderPercentage: '20' }),
        ),
        200,
      );
      expect(UboRecordSchema.parse(updated.body).sanctionsSearchResults?.matchedNumber).toBe(0);
    }

    // A fourth person on the flat list.
    const created = await expectStatus(
      api.post<Json>(
        `/api/v1/entity/${id}/ubo-create`,
        uboBody('Nomsa', 'Mahlangu', { shareholderPercentage: '40' }),
      ),
      201,
    );
    const nomsa = UboRecordSchema.parse(created.body);
    expect(nomsa.uboUUID).toBe(nomsa.uboID);

    // Shareholding cannot be confirmed while a person's loop is open; the message names the person.
    const blocked = await api.patch(`/api/v1/entity/${id}/shareholding-confirm`, {
      ownershipConfirmation: true,
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/PEP review|documents/);

    // ubo-doc-confirm before PEP confirm and before the documents: 409.
    const confirmEarly = await api.patch(`/api/v1/entity/${nomsa.uboID}/ubo-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(confirmEarly.status).toBe(409);

    for (const uboId of [d1.uboUUID, d2.uboUUID, d3.uboUUID, nomsa.uboID]) {
      expect(await finishPerson(api, uboId)).toBe('Low Risk');
    }

    // Entity documents only after shareholding-confirm.
    const docEarly = await api.upload(
      `/api/v1/entity/${id}/entity-doc`,
      { documents: JSON.stringify({ entityDocsID: 1, entityDocTypesID: 1 }) },
      pdfFile(),
    );
    expect(docEarly.status).toBe(409);

    // Approval is refused while steps are missing.
    const approveEarly = await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
      onboardingDecision: 'Approved',
    });
    expect(approveEarly.status).toBe(409);
    expect(approveEarly.body.message).toMatch(/cannot be approved/);

    const confirm = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    expect(confirm.body.message).toEqual(expect.any(String));
    expect(confirm.body.riskStatus).toBe('Low Risk');
    expect(confirm.body.riskReason).toMatch(/^Score \d+/);

    // After shareholding-confirm the flat list is closed.
    expect((await api.post(`/api/v1/entity/${id}/ubo-create`, uboBody('Late', 'Comer'))).status).toBe(409);
    expect((await api.delete(`/api/v1/entity/directors-and-members/${nomsa.uboID}`)).status).toBe(409);

    // entity-doc-confirm before the band's documents are on file: 409 naming the group.
    const entityConfirmEarly = await api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(entityConfirmEarly.status).toBe(409);
    expect(entityConfirmEarly.body.message).toMatch(/Proof of registration/);

    await finishEntityDocuments(api, id, 'Low Risk');
    const again = await api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true });
    expect(again.status).toBe(409);

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

    // A second decision on an approved record: 403.
    const second = await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
      declinedComments: 'Changed our mind',
    });
    expect(second.status).toBe(403);
    expect(isErrorBody(second.body, 403)).toBe(true);
    // And the record no longer changes.
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
