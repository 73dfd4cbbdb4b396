// individual-api.md: create, workflow order, PEP decision, documents, decision, report, list query;
// contract §5 (ordering), §6 (band), §12 (balance).
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  SA_ID,
  UUID_RE,
  arr,
  call,
  client,
  form,
  newPartner,
  num,
  obj,
  str,
  startHarness,
  type Client,
  type Harness,
  type JsonObject,
} from './helpers.js';

let h: Harness;
let api: Client;
let partnerId = '';
let userId = '';

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, h.token);
  partnerId = str(obj((await api.get('/api/v1/settings/partner')).body).id);
  userId = str(obj(arr((await api.get('/api/v1/settings/users')).body)[0] ?? null).id);
});
afterAll(async () => {
  await h.stop();
});

const CREATE = {
  externalSystemId: 'ext-ind-1',
  clientRef: 'ind-ref-1',
  firstName: 'Nomsa',
  lastName: 'Dlamini',
  clientEmail: 'nomsa@example.com',
  telNumber: '0820000000',
  idNumber: SA_ID,
  taxNumber: '0123456789',
  addressLineOne: '1 Long Street',
  addressLineTwo: 'Gardens',
  townCity: 'Cape Town',
  zipCode: '8001',
  employmentStatus: 1,
  occupation: 'Engineer',
  employmentIndustry: 1,
  employerName: 'Acme',
  employerIndustry: 'Mining',
  transactionFrequency: 1,
  transactionType: 1,
  transactionFundingSource: 1,
  transactionSourceWealth: 1,
  sourceFundingDescription: 'Salary',
  sourceWealthDescription: 'Savings',
  additionalVerification: false,
  additionalVerificationReason: null,
  transactionConsistent: 'true',
  transactionInconsistantReason: null,
  customerPermission: true,
  countryResidence: 1,
  addressCountry: 1,
  clientFaceToFace: true,
  clientSACitizen: true,
  customQuestions: { source: 'branch' },
};

const pep = () => ({
  pepConfirmReviewed: true,
  adverseSearchKYC: false,
  clientForeignOfficial: false,
  userID: userId,
  partnerID: partnerId,
});

function conflict(res: { status: number; body: unknown; text: string }, step: RegExp): void {
  expect(res.status, res.text).toBe(409);
  const body = obj(res.body as never);
  expect(body.statusCode).toBe(409);
  expect(str(body.message)).toMatch(step);
}

describe('individual workflow (individual-api, contract §5)', () => {
  let id = '';

  it('creates and answers {id}', async () => {
    const res = await api.post('/api/v1/individual', { ...CREATE, userID: userId, partnerID: partnerId });
    expect([200, 201], res.text).toContain(res.status);
    id = str(obj(res.body).id);
    expect(id).toMatch(UUID_RE);
    const rec = obj((await api.get(`/api/v1/individual/${id}`)).body);
    expect(rec.firstName).toBe('Nomsa');
    expect(rec).toHaveProperty('transactionInconsistantReason');
    expect(typeof rec.ficaStatus).toBe('string');
    expect(rec).toHaveProperty('riskDescription');
    expect(rec).toHaveProperty('documents');
  });

  it('PATCH updates the record with the published update fields', async () => {
    const res = await api.patch(`/api/v1/individual/${id}`, {
      firstName: 'Nomsa',
      lastName: 'Dlamini-Smith',
      clientEmail: 'n@example.com',
      clientPhone: '0830000000',
      externalSystemId: 'ext-2',
    });
    expect(res.status).toBe(200);
    const rec = obj((await api.get(`/api/v1/individual/${id}`)).body);
    expect(rec.lastName).toBe('Dlamini-Smith');
  });

  it('refuses each step before the one it depends on with 409 naming it', async () => {
    conflict(await api.post(`/api/v1/individual/${id}/external-validation`, {}), /aml|screening/i);
    conflict(
      await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pep()),
      /aml|screening|validation/i,
    );
    conflict(
      await api.post(
        `/api/v1/individual/${id}/documents`,
        form({
          file: { bytes: PDF, name: 'a.pdf' },
          documents: JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 1 }]),
        }),
      ),
      /pep|sanction|screening|validation|aml/i,
    );
    expect(
      (await api.patch(`/api/v1/individual/${id}/onboarding-decision`, { onboardingDecision: 'Approved' }))
        .status,
    ).toBe(409);
  });

  it('AML screening answers matchedNumber, matchedEntities and webSearchResults', async () => {
    // The request is "none": a client that marks every request as JSON sends no body at all.
    const res = await call(h.url, 'POST', `/api/v1/individual/${id}/aml-screening`, {
      token: h.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([200, 201]).toContain(res.status);
    const body = obj(res.body);
    expect(body.matchedNumber).toBe(0);
    expect(Array.isArray(body.matchedEntities)).toBe(true);
    expect(Array.isArray(body.webSearchResults)).toBe(true);
  });

  it('external validation answers consumerDetail, kycResult and consumerEmploymentHistory', async () => {
    conflict(await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pep()), /validation/i);
    // The body is optional: omitted, the record's data is used.
    const res = await call(h.url, 'POST', `/api/v1/individual/${id}/external-validation`, {
      token: h.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([200, 201]).toContain(res.status);
    const body = obj(res.body);
    const detail = obj(body.consumerDetail);
    for (const key of ['FirstName', 'Surname', 'IDNo', 'BirthDate', 'Gender', 'EmailAddress'])
      expect(detail, key).toHaveProperty(key);
    expect(detail.IDNo).toBe(SA_ID);
    const kyc = obj(body.kycResult);
    expect(kyc.IDStatusDesc).toBe('Verified');
    expect(kyc).toHaveProperty('KYCStatusDesc');
    expect(Array.isArray(body.consumerEmploymentHistory)).toBe(true);
  });

  it('PEP decision requires its fields and clientForeignOfficialType when a foreign official', async () => {
    const missing = await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, {
      pepConfirmReviewed: true,
    });
    expect(missing.status).toBe(400);
    expect(obj(missing.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const noType = await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, {
      ...pep(),
      clientForeignOfficial: true,
    });
    expect(noType.status).toBe(400);
    expect(str(obj(noType.body).message)).toMatch(/clientForeignOfficialType/);
  });

  it('PEP decision answers the updated record with its band', async () => {
    const res = await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, pep());
    expect(res.status).toBe(200);
    const body = obj(res.body);
    expect(body.id ?? body.ficaIndividualGUID).toBe(id);
    expect(body.riskDescription).toBe('Low Risk');
  });

  it('confirm-docs waits for the required documents, then answers message and docsUploadedReviewed', async () => {
    conflict(await api.patch(`/api/v1/individual/${id}/confirm-docs`, { userUUID: userId }), /document/i);
    const up = await api.post(
      `/api/v1/individual/${id}/documents`,
      form({
        file: { bytes: PDF, name: 'id.pdf' },
        documents: JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 1 }]),
        additionalFicaDoc: 'false',
      }),
    );
    expect([200, 201], up.text).toContain(up.status);
    expect(num(obj(arr(obj(up.body).documents)[0] ?? null).ficaIndividualDocsID)).toBeGreaterThan(0);
    const res = await api.patch(`/api/v1/individual/${id}/confirm-docs`, { userUUID: userId });
    expect(res.status).toBe(200);
    expect(typeof obj(res.body).message).toBe('string');
    expect(obj(res.body).docsUploadedReviewed).toBe(true);
  });

  it('onboarding decision answers {message}', async () => {
    const res = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Approved',
      additionalComments: 'ok',
      nextFicaReviewDate: '2027-11-21T00:00:00.000Z',
      userID: userId,
      partnerID: partnerId,
    });
    expect(res.status).toBe(200);
    expect(typeof obj(res.body).message).toBe('string');
    const item = obj(
      arr(obj((await api.get('/api/v1/individual?clientReference=ind-ref-1')).body).data)[0] ?? null,
    );
    expect(item.ficaStatus).toBe('Approved');
  });

  it('pdf-report answers base64Content, mimeType and fica-report-<id>.pdf', async () => {
    const res = await api.get(`/api/v1/individual/${id}/pdf-report`);
    expect(res.status).toBe(200);
    const body = obj(res.body);
    expect(body.mimeType).toBe('application/pdf');
    expect(body.filename).toBe(`fica-report-${id}.pdf`);
    const bytes = Buffer.from(str(body.base64Content), 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(new Uint8Array(bytes))).getPageCount()).toBeGreaterThan(0);
  });

  it('unknown individuals are 404 with {statusCode, message}', async () => {
    const res = await api.get('/api/v1/individual/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(obj(res.body).statusCode).toBe(404);
    expect(typeof obj(res.body).message).toBe('string');
  });
});

describe('individual decisions (individual-api state table, contract §2)', () => {
  it('Refer and Declined need no comment and are allowed before documents; a declined record refuses a new decision with 403', async () => {
    const id = str(
      obj((await api.post('/api/v1/individual', { ...CREATE, clientRef: 'decline-1' })).body).id,
    );
    const refer = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Refer',
    });
    expect(refer.status, refer.text).toBe(200);
    expect(typeof obj(refer.body).message).toBe('string');
    const declined = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
      userID: userId,
      partnerID: partnerId,
    });
    expect(declined.status, declined.text).toBe(200);
    const again = await api.patch(`/api/v1/individual/${id}/onboarding-decision`, {
      onboardingDecision: 'Approved',
    });
    expect(again.status).toBe(403);
    expect(obj(again.body).statusCode).toBe(403);
  });

  it('approvalDate filters the whole day of the approval', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = obj((await api.get(`/api/v1/individual?approvalDate=${today}`)).body);
    const items = arr(page.data).map((d) => obj(d));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(str(item.approvalDate).slice(0, 10)).toBe(today);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(obj((await api.get(`/api/v1/individual?approvalDate=${tomorrow}`)).body).count).toBe(0);
    const review = obj((await api.get('/api/v1/individual?nextFicaReviewDate=2027-11-21')).body);
    expect(num(review.count)).toBeGreaterThan(0);
  });
});

describe('individual create: balance (contract §12)', () => {
  it('costs 5 credits; with too little balance 402 and nothing created', async () => {
    const p = await newPartner(h.url, { balance: 7 });
    expect((await p.api.post('/api/v1/individual', { ...CREATE, clientRef: 'bal-1' })).status).toBeLessThan(
      300,
    );
    expect(obj((await p.api.get('/api/v1/settings/partner')).body).balance).toBe(2);
    const res = await p.api.post('/api/v1/individual', { ...CREATE, clientRef: 'bal-2' });
    expect(res.status).toBe(402);
    expect(obj(res.body).statusCode).toBe(402);
    expect(obj((await p.api.get('/api/v1/individual')).body).count).toBe(1);
    expect(obj((await p.api.get('/api/v1/settings/partner')).body).balance).toBe(2);
  });
});

describe('individual list query (individual-api "List query")', () => {
  let p: Awaited<ReturnType<typeof newPartner>>;
  const ids: string[] = [];

  beforeAll(async () => {
    p = await newPartner(h.url);
    const people = [
      {
        firstName: 'Alice',
        lastName: 'Anderson',
        clientRef: 'crm-alpha-1',
        externalSystemId: 'user-aa',
        idNumber: SA_ID,
      },
      {
        firstName: 'Alicia',
        lastName: 'Brown',
        clientRef: 'crm-alpha-2',
        externalSystemId: 'user-bb',
        clientSACitizen: false,
        passportNumber: 'P998877',
        passportCountry: 11,
        idNumber: undefined,
      },
      {
        firstName: 'Bob',
        lastName: 'Carter',
        clientRef: 'crm-beta-1',
        externalSystemId: 'user-cc',
        idNumber: SA_ID,
      },
    ];
    for (const person of people) {
      const res = await p.api.post('/api/v1/individual', { ...CREATE, ...person });
      expect(res.status, res.text).toBeLessThan(300);
      ids.push(str(obj(res.body).id));
      await new Promise((r) => setTimeout(r, 5));
    }
  });

  const list = async (query: string): Promise<{ page: JsonObject; items: JsonObject[] }> => {
    const res = await p.api.get(`/api/v1/individual${query}`);
    expect(res.status, res.text).toBe(200);
    const page = obj(res.body);
    return { page, items: arr(page.data).map((d) => obj(d)) };
  };

  it('answers {data, count, take, skip} with the published item fields, take 50 and skip 0 by default', async () => {
    const { page, items } = await list('');
    expect(page.take).toBe(50);
    expect(page.skip).toBe(0);
    expect(page.count).toBe(3);
    for (const key of [
      'ficaIndividualGUID',
      'externalUserID',
      'clientReference',
      'firstName',
      'lastName',
      'ficaStatus',
      'identificationNumber',
      'passportNumber',
      'riskDescription',
      'approvalDate',
      'lastUpdated',
      'nextFicaReviewDate',
      'approvedBy',
    ]) {
      expect(items[0], key).toHaveProperty(key);
    }
  });

  it('orders by lastUpdated, newest first', async () => {
    const { items } = await list('');
    expect(items.map((i) => i.ficaIndividualGUID)).toEqual([...ids].reverse());
    await p.api.patch(`/api/v1/individual/${ids[0] ?? ''}`, { lastName: 'Anderson-Touched' });
    const again = await list('');
    expect(again.items[0]?.ficaIndividualGUID).toBe(ids[0]);
  });

  it('enforces take at most 100 and pages with skip', async () => {
    const big = await p.api.get('/api/v1/individual?take=500');
    if (big.status === 200) expect(num(obj(big.body).take)).toBeLessThanOrEqual(100);
    else expect(big.status).toBe(400);
    const { page, items } = await list('?take=1&skip=1');
    expect(page.take).toBe(1);
    expect(page.skip).toBe(1);
    expect(page.count).toBe(3);
    expect(items).toHaveLength(1);
  });

  it('matches the string filters by contains, and combines them', async () => {
    expect((await list('?firstName=lic')).page.count).toBe(2);
    expect((await list('?lastName=arte')).page.count).toBe(1);
    expect((await list('?clientReference=alpha')).page.count).toBe(2);
    expect((await list('?externalUserID=user-b')).page.count).toBe(1);
    expect((await list('?identificationNumber=0101500')).page.count).toBe(2);
    expect((await list('?passportNumber=9988')).page.count).toBe(1);
    expect((await list('?ficaStatus=Progress')).page.count).toBe(3);
    expect((await list('?firstName=lic&clientReference=alpha-2')).page.count).toBe(1);
    expect((await list('?firstName=lic&lastName=Carter')).page.count).toBe(0);
    // Contains is literal: SQL wildcards match only themselves.
    expect((await list('?firstName=%25')).page.count).toBe(0);
    expect((await list('?firstName=_')).page.count).toBe(0);
  });

  it('matches date filters over the whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list(`?lastUpdated=${today}`)).page.count).toBe(3);
    expect((await list(`?lastUpdated=${yesterday}`)).page.count).toBe(0);
    expect((await list('?nextFicaReviewDate=2031-05-06')).page.count).toBe(0);
  });

  it("returns only the authenticated partner's records", async () => {
    const mine = await list('');
    const theirs = obj((await api.get('/api/v1/individual?clientReference=crm-alpha')).body);
    expect(theirs.count).toBe(0);
    expect(mine.page.count).toBe(3);
    expect((await api.get(`/api/v1/individual/${ids[0] ?? ''}`)).status).toBe(404);
  });
});
