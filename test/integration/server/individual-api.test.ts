// The individual API of individual-api.md over real HTTP: every endpoint, the ordering of
// contract §5, the magic values of §9, the published error shapes and the flow to the PDF report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfirmDocsResponseSchema,
  ExternalValidationResponseSchema,
  IndividualDocumentContentSchema,
  IndividualDocumentsUploadResponseSchema,
  IndividualPageSchema,
  IndividualRecordSchema,
} from '../../../shared/api/individual.js';
import { AmlScreeningResultSchema } from '../../../shared/api/screening.js';
import { makeSouthAfricanId } from '../../../shared/domain/sa-id.js';
import {
  PDF,
  PNG,
  TEXT,
  createPartner,
  expectStatus,
  isErrorBody,
  isUploadErrorBody,
  pdfFile,
  startTestSandbox,
  type Client,
  type Json,
  type TestSandbox,
} from './helpers.js';
import { pdfText } from './individual-pdf-text.js';

let t: TestSandbox;
let api: Client;
let users: Array<{ id: string; role: string }>;
let partnerId: string;

const ID_MALE_1980 = makeSouthAfricanId({
  birthDate: '1980-01-01',
  gender: 'Male',
  citizenship: 'citizen',
  sequence: 123,
});
const ID_NOT_FOUND = makeSouthAfricanId({
  birthDate: '1975-06-15',
  gender: 'Female',
  citizenship: 'citizen',
  sequence: 0,
});

function individualBody(extra: Json = {}): Json {
  return {
    clientRef: `ref-${Math.random().toString(36).slice(2, 10)}`,
    externalSystemId: 'crm-1',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    clientEmail: 'thandi@example.com',
    telNumber: '+27 82 555 0101',
    idNumber: ID_MALE_1980,
    clientSACitizen: true,
    addressLineOne: '3 Long Street',
    townCity: 'Cape Town',
    zipCode: '8001',
    employerName: 'Acme',
    occupation: 'Engineer',
    transactionConsistent: 'true',
    ...extra,
  };
}

async function create(client: Client = api, extra: Json = {}): Promise<string> {
  const res = await expectStatus(
    client.post<{ id: string }>('/api/v1/individual', individualBody(extra)),
    201,
  );
  return res.body.id;
}

const reviewer = () => users.find((u) => u.role === 'reviewer')?.id ?? '';

function pepBody(extra: Json = {}): Json {
  return {
    pepConfirmReviewed: true,
    adverseSearchKYC: false,
    clientForeignOfficial: false,
    userID: reviewer(),
    partnerID: partnerId,
    ...extra,
  };
}

/** Create, AML screening, external validation and PEP decision: ready for documents. */
async function readyForDocuments(extra: Json = {}, pep: Json = {}): Promise<string> {
  const id = await create(api, extra);
  await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
  await expectStatus(api.post(`/api/v1/individual/${id}/external-validation`, {}), 200);
  await expectStatus(api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pepBody(pep)), 200);
  return id;
}

const docs = (pairs: Array<[number, number]>) =>
  JSON.stringify(pairs.map(([g, ty]) => ({ individualDocsID: g, IndividualDocTypesID: ty })));

beforeAll(async () => {
  t = await startTestSandbox();
  api = t.api;
  users = (await api.get<Array<{ id: string; role: string }>>('/api/v1/settings/users')).body;
  partnerId = t.sandbox.demoPartner.partnerId;
});
afterAll(async () => {
  await t.stop();
});

describe('create', () => {
  it('answers 201 {id}, charges 5 credits and the record parses with the client schema', async () => {
    const before = (await api.get<{ balance: number }>('/api/v1/settings/partner')).body.balance;
    const id = await create();
    const after = (await api.get<{ balance: number }>('/api/v1/settings/partner')).body.balance;
    expect(before - after).toBe(5);
    const record = await expectStatus(api.get(`/api/v1/individual/${id}`), 200);
    const parsed = IndividualRecordSchema.parse(record.body);
    expect(parsed).toMatchObject({
      id,
      firstName: 'Thandi',
      ficaStatus: 'In Progress',
      riskDescription: 'Undetermined',
      documents: [],
    });
  });

  it('answers 402 with too little balance and creates nothing', async () => {
    const poor = await createPartner(t.url, { balance: 4 });
    const res = await poor.client.post('/api/v1/individual', individualBody());
    expect(res.status).toBe(402);
    expect(isErrorBody(res.body, 402)).toBe(true);
    expect((await poor.client.get<{ count: number }>('/api/v1/individual')).body.count).toBe(0);
    expect((await poor.client.get<{ balance: number }>('/api/v1/settings/partner')).body.balance).toBe(4);
  });

  it('refuses an invalid body with 400 in the published shape', async () => {
    const res = await api.post('/api/v1/individual', {
      lastName: 'Only',
      clientSACitizen: true,
      idNumber: ID_MALE_1980,
    });
    expect(res.status).toBe(400);
    expect(isErrorBody(res.body, 400)).toBe(true);
    expect(String(res.body.message)).toContain('firstName');
  });

  it('needs a bearer token', async () => {
    const res = await fetch(`${t.url}/api/v1/individual`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
  });
});

describe('screening and external validation', () => {
  it('finds the magic names: Sanctioned, Politician and Adverse', async () => {
    const cases: Array<[string, number, number]> = [
      ['Sanctioned', 1, 0],
      ['Politician', 1, 0],
      ['Adverse', 0, 1],
      ['Plain', 0, 0],
    ];
    for (const [lastName, matched, web] of cases) {
      const id = await create(api, { lastName });
      const res = await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
      const result = AmlScreeningResultSchema.parse(res.body);
      expect([result.matchedNumber, result.matchedEntities.length, result.webSearchResults.length]).toEqual([
        matched,
        matched,
        web,
      ]);
    }
  });

  it('keeps the order of contract §5 with a 409 naming the missing step', async () => {
    const id = await create();
    const early = await api.post(`/api/v1/individual/${id}/external-validation`, {});
    expect(early.status).toBe(409);
    expect(String(early.body.message)).toMatch(/AML screening/);
    const pep = await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pepBody());
    expect(pep.status).toBe(409);
    const upload = await api.upload(
      `/api/v1/individual/${id}/documents`,
      { documents: docs([[1, 1]]) },
      pdfFile(),
    );
    expect(upload.status).toBe(409);
    expect(isErrorBody(upload.body, 409)).toBe(true);
  });

  it('verifies a valid ID with birth date and gender, and reports sequence 0000 as Not Found', async () => {
    const id = await create();
    await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
    const res = await expectStatus(api.post(`/api/v1/individual/${id}/external-validation`), 200);
    const body = ExternalValidationResponseSchema.parse(res.body);
    expect(body.kycResult.IDStatusDesc).toBe('Verified');
    expect(body.consumerDetail).toMatchObject({
      IDNo: ID_MALE_1980,
      BirthDate: '1980-01-01',
      Gender: 'Male',
      FirstName: 'Thandi',
    });
    // The optional body overrides the record's data.
    const override = await expectStatus(
      api.post(`/api/v1/individual/${id}/external-validation`, {
        identificationNumber: ID_NOT_FOUND,
        firstName: 'Other',
      }),
      200,
    );
    expect(override.body).toMatchObject({
      kycResult: { IDStatusDesc: 'Not Found' },
      consumerDetail: { FirstName: 'Other' },
    });
  });

  it('refuses a bad check digit or a wrong length with 400', async () => {
    const id = await create();
    await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
    const last = Number(ID_MALE_1980.slice(-1));
    const badCheck = ID_MALE_1980.slice(0, 12) + String((last + 1) % 10);
    for (const identificationNumber of [badCheck, '80010150090', '80010150090871']) {
      const res = await api.post(`/api/v1/individual/${id}/external-validation`, { identificationNumber });
      expect(res.status).toBe(400);
      expect(isErrorBody(res.body, 400)).toBe(true);
      expect(String(res.body.message)).toContain('identificationNumber');
    }
  });
});

describe('pep-sanctions-decision', () => {
  it('requires clientForeignOfficialType when clientForeignOfficial is true', async () => {
    const id = await create();
    await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
    await expectStatus(api.post(`/api/v1/individual/${id}/external-validation`), 200);
    const res = await api.patch(
      `/api/v1/individual/${id}/pep-sanctions-decision`,
      pepBody({ clientForeignOfficial: true }),
    );
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain('clientForeignOfficialType');
    const ok = await expectStatus(
      api.patch(
        `/api/v1/individual/${id}/pep-sanctions-decision`,
        pepBody({ clientForeignOfficial: true, clientForeignOfficialType: 2 }),
      ),
      200,
    );
    expect(IndividualRecordSchema.parse(ok.body)).toMatchObject({
      riskDescription: 'High Risk',
      clientForeignOfficialType: 2,
      pepConfirmReviewed: true,
    });
  });

  it('bands a citizen without adverse results Low and a non-citizen Low without a medium range', async () => {
    const low = await readyForDocuments();
    expect((await api.get(`/api/v1/individual/${low}`)).body.riskDescription).toBe('Low Risk');
    const foreign = await readyForDocuments({
      clientSACitizen: false,
      idNumber: undefined,
      passportNumber: 'A1234567',
      passportCountry: 2,
    });
    expect((await api.get(`/api/v1/individual/${foreign}`)).body.riskDescription).toBe('Low Risk');
    const adverse = await readyForDocuments({}, { adverseSearchKYC: true });
    expect((await api.get(`/api/v1/individual/${adverse}`)).body.riskDescription).toBe('High Risk');
  });
});

describe('documents', () => {
  it('links one file to several pairs: one record per pair, same stored file, readable as base64', async () => {
    const id = await readyForDocuments();
    const res = await expectStatus(
      api.upload(
        `/api/v1/individual/${id}/documents`,
        {
          documents: docs([
            [1, 1],
            [2, 4],
          ]),
          additionalFicaDoc: 'false',
        },
        pdfFile('id-and-address.pdf'),
      ),
      201,
    );
    const uploaded = IndividualDocumentsUploadResponseSchema.parse(res.body).documents;
    expect(uploaded.map((d) => [d.individualDocsID, d.IndividualDocTypesID])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(new Set(uploaded.map((d) => d.ficaIndividualDocsID)).size).toBe(2);
    for (const doc of uploaded) {
      const got = IndividualDocumentContentSchema.parse(
        (await expectStatus(api.get(`/api/v1/individual/${id}/documents/${doc.ficaIndividualDocsID}`), 200))
          .body,
      );
      expect(Buffer.from(got.base64Content, 'base64').equals(PDF)).toBe(true);
      expect(got).toMatchObject({
        mimeType: 'application/pdf',
        filename: 'id-and-address.pdf',
        ficaIndividualDocsID: doc.ficaIndividualDocsID,
      });
    }
    const record = IndividualRecordSchema.parse((await api.get(`/api/v1/individual/${id}`)).body);
    expect(record.documents).toHaveLength(2);
  });

  it('detects the type from the content and soft-deletes', async () => {
    const id = await readyForDocuments();
    const png = await expectStatus(
      api.upload(
        `/api/v1/individual/${id}/documents`,
        { documents: docs([[1, 2]]) },
        { bytes: PNG, filename: 'scan.pdf', type: 'application/pdf' },
      ),
      201,
    );
    const doc = IndividualDocumentsUploadResponseSchema.parse(png.body).documents[0]!;
    expect(doc.mimeType).toBe('image/png');
    const deleted = await expectStatus(
      api.delete(`/api/v1/individual/${id}/documents/${doc.ficaIndividualDocsID}`),
      200,
    );
    expect(deleted.body).toMatchObject({ ficaIndividualDocsID: doc.ficaIndividualDocsID, active: false });
    const gone = await api.get(`/api/v1/individual/${id}/documents/${doc.ficaIndividualDocsID}`);
    expect(gone.status).toBe(404);
    expect(isErrorBody(gone.body, 404)).toBe(true);
    expect((await api.delete(`/api/v1/individual/${id}/documents/${doc.ficaIndividualDocsID}`)).status).toBe(
      404,
    );
  });

  it('answers the three published upload errors and a refused type in the upload shape', async () => {
    const id = await readyForDocuments();
    const path = `/api/v1/individual/${id}/documents`;

    const noFile = await api.upload(path, { documents: docs([[1, 1]]) });
    expect(noFile.status).toBe(400);
    expect(isUploadErrorBody(noFile.body)).toBe(true);
    expect(String(noFile.body.error)).toContain("field name 'file'");

    const wrongField = await api.upload(path, { documents: docs([[1, 1]]) }, pdfFile(), 'document');
    expect(wrongField.status).toBe(400);
    expect(String(wrongField.body.error)).toContain("'file'");

    const badJson = await api.upload(path, { documents: '[{"individualDocsID": 1,' }, pdfFile());
    expect(badJson.status).toBe(400);
    expect(isUploadErrorBody(badJson.body)).toBe(true);
    expect(String(badJson.body.error)).toMatch(/Invalid JSON format/);
    expect(typeof badJson.body.details).toBe('string');

    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 + 1, 0x20)]);
    const tooLarge = await api.upload(
      path,
      { documents: docs([[1, 1]]) },
      { bytes: big, filename: 'big.pdf' },
    );
    expect(tooLarge.status).toBe(400);
    expect(isUploadErrorBody(tooLarge.body)).toBe(true);
    expect(String(tooLarge.body.error)).toContain('20 MB');

    const text = await api.upload(
      path,
      { documents: docs([[1, 1]]) },
      { bytes: TEXT, filename: 'fake.pdf', type: 'application/pdf' },
    );
    expect(text.status).toBe(400);
    expect(isUploadErrorBody(text.body)).toBe(true);

    const unknownPair = await api.upload(path, { documents: docs([[1, 4]]) }, pdfFile());
    expect(unknownPair.status).toBe(400);
    expect((await api.get(`/api/v1/individual/${id}`)).body.documents).toEqual([]);
  });
});

describe('the flow from create to approval', () => {
  it('runs every step, refuses early confirm and approval, and returns the PDF report with the name', async () => {
    const id = await create(api, { firstName: 'Lerato', lastName: 'Adverse Mokoena' });
    const aml = await expectStatus(api.post(`/api/v1/individual/${id}/aml-screening`), 200);
    expect(aml.body.webSearchResults).toHaveLength(1);
    await expectStatus(api.post(`/api/v1/individual/${id}/external-validation`), 200);
    const pep = await expectStatus(
      api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pepBody({ adverseSearchKYC: true })),
      200,
    );
    expect(pep.body.riskDescription).toBe('High Risk');

    const approveEarly = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Approved',
      userID: reviewer(),
      partnerID: partnerId,
    });
    expect(approveEarly.status).toBe(409);

    await expectStatus(
      api.upload(
        `/api/v1/individual/${id}/documents`,
        { documents: docs([[1, 3]]) },
        pdfFile('passport.pdf'),
      ),
      201,
    );
    const confirmEarly = await api.patch(`/api/v1/individual/${id}/confirm-docs`, { userUUID: reviewer() });
    expect(confirmEarly.status).toBe(409);
    expect(String(confirmEarly.body.message)).toContain('Proof of residential address');

    await expectStatus(
      api.upload(
        `/api/v1/individual/${id}/documents`,
        {
          documents: docs([
            [2, 4],
            [3, 7],
          ]),
        },
        pdfFile('bill-and-payslip.pdf'),
      ),
      201,
    );
    const confirm = await expectStatus(
      api.patch(`/api/v1/individual/${id}/confirm-docs`, { userUUID: reviewer() }),
      200,
    );
    expect(ConfirmDocsResponseSchema.parse(confirm.body).docsUploadedReviewed).toBe(true);

    const decision = await expectStatus(
      api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
        onboardingDecision: 'Approved',
        additionalComments: 'All in order',
        nextFicaReviewDate: '2027-11-21T00:00:00.000Z',
        userID: reviewer(),
        partnerID: partnerId,
      }),
      200,
    );
    expect(typeof decision.body.message).toBe('string');
    const again = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
    });
    expect(again.status).toBe(403);
    expect(isErrorBody(again.body, 403)).toBe(true);

    const record = IndividualRecordSchema.parse((await api.get(`/api/v1/individual/${id}`)).body);
    expect(record).toMatchObject({
      ficaStatus: 'Approved',
      onboardingDecision: 'Approved',
      docsUploadedReviewed: true,
    });

    const report = await expectStatus(
      api.get<{ base64Content: string; mimeType: string; filename: string }>(
        `/api/v1/individual/${id}/pdf-report`,
      ),
      200,
    );
    expect(report.body.filename).toBe(`fica-report-${id}.pdf`);
    expect(report.body.mimeType).toBe('application/pdf');
    const text = await pdfText(Buffer.from(report.body.base64Content, 'base64'));
    expect(text).toContain('Lerato Adverse Mokoena');
    const binary = await t.api.get(`/api/v1/individual/${id}/pdf-report?format=binary`);
    expect(binary.headers.get('content-type')).toBe('application/pdf');
    expect(binary.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('list, read and update', () => {
  it('lists newest first with defaults, filters by contains and whole day, enforces take ≤ 100 and scopes to the partner', async () => {
    const other = await createPartner(t.url, { balance: 100 });
    const foreignId = await create(other.client, { firstName: 'Other' });
    const marker = `zz${Date.now()}`;
    const a = await create(api, { clientRef: `${marker}-a`, lastName: 'Listed' });
    const b = await create(api, { clientRef: `${marker}-b`, lastName: 'Listed' });

    const page = IndividualPageSchema.parse(
      (await expectStatus(api.get(`/api/v1/individual?clientReference=${marker}`), 200)).body,
    );
    expect(page).toMatchObject({ count: 2, take: 50, skip: 0 });
    expect(page.data.map((i) => i.ficaIndividualGUID)).toEqual([b, a]);

    const skipped = IndividualPageSchema.parse(
      (await api.get(`/api/v1/individual?clientReference=${marker}&take=1&skip=1`)).body,
    );
    expect(skipped.data.map((i) => i.ficaIndividualGUID)).toEqual([a]);

    const today = new Date().toISOString().slice(0, 10);
    const byDay = IndividualPageSchema.parse(
      (await api.get(`/api/v1/individual?clientReference=${marker}&lastUpdated=${today}`)).body,
    );
    expect(byDay.count).toBe(2);
    const otherDay = IndividualPageSchema.parse(
      (await api.get(`/api/v1/individual?clientReference=${marker}&lastUpdated=2001-01-01`)).body,
    );
    expect(otherDay.count).toBe(0);
    const combined = IndividualPageSchema.parse(
      (await api.get(`/api/v1/individual?clientReference=${marker}-a&lastName=list`)).body,
    );
    expect(combined.data.map((i) => i.ficaIndividualGUID)).toEqual([a]);

    expect((await api.get('/api/v1/individual?take=101')).status).toBe(400);
    const mine = IndividualPageSchema.parse((await api.get('/api/v1/individual?take=100')).body);
    expect(mine.data.some((i) => i.ficaIndividualGUID === foreignId)).toBe(false);
    expect((await api.get(`/api/v1/individual/${foreignId}`)).status).toBe(404);
    expect((await api.post(`/api/v1/individual/${foreignId}/aml-screening`)).status).toBe(404);
  });

  it('filters approvalDate and nextFicaReviewDate by whole day', async () => {
    const approved = (
      await api.get<{ data: Array<{ ficaIndividualGUID: string; nextFicaReviewDate: string }> }>(
        '/api/v1/individual?ficaStatus=Approved',
      )
    ).body;
    expect(approved.data.length).toBeGreaterThan(0);
    const review = await api.get<{ count: number }>('/api/v1/individual?nextFicaReviewDate=2027-11-21');
    expect(review.body.count).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await api.get<{ count: number }>(`/api/v1/individual?approvalDate=${today}`)).body.count,
    ).toBeGreaterThan(0);
    expect((await api.get<{ count: number }>('/api/v1/individual?approvalDate=2001-01-01')).body.count).toBe(
      0,
    );
  });

  it('PATCH changes the published fields and answers the updated record', async () => {
    const id = await create();
    const res = await expectStatus(
      api.patch(`/api/v1/individual/${id}`, {
        firstName: 'Naledi',
        clientEmail: 'naledi@example.com',
        clientPhone: '+27 82 000 1111',
        externalSystemId: 'crm-2',
      }),
      200,
    );
    expect(IndividualRecordSchema.parse(res.body)).toMatchObject({
      id,
      firstName: 'Naledi',
      lastName: 'Nkosi',
      clientEmail: 'naledi@example.com',
      clientPhone: '+27 82 000 1111',
      externalSystemId: 'crm-2',
    });
    expect((await api.patch(`/api/v1/individual/${id}`, {})).status).toBe(400);
    expect(
      (await api.patch('/api/v1/individual/00000000-0000-4000-8000-000000000000', { firstName: 'X' })).status,
    ).toBe(404);
  });
});
