// entity-api.md (records, KYB, UBO path A, documents, decision, report) with contract §2, §4, §5, §12.
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  PNG,
  UUID_RE,
  arr,
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

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, h.token);
});
afterAll(async () => {
  await h.stop();
});

const KYB = {
  sameEntityName: true,
  entityTradingName: 'Acme Trading',
  entityTelNumber: '0115550000',
  physicalAddress1: '1 Main Road',
  physicalAddress2: 'Sandton',
  physicalAddress3: 'Johannesburg',
  zipCode: '2196',
  addressCountry: 1,
  countriesTransactedWith: [1, 2],
  entityIndustry: 1,
  entityIndustryDescription: 'Retail',
  transactionFrequency: 1,
  transactionType: 1,
  transactionFundingSource: 1,
  sourceFundingDescription: 'Sales',
  transactionSourceWealth: 1,
  sourceWealthDescription: 'Trading profits',
  additionalVerification: false,
  additionalVerificationReason: '',
  transactionConsistent: 'false',
  transactionInconsistantReason: 'Seasonal spikes',
  entityDetailsConfirmed: true,
  customQuestions: { q1: 'a1' },
};

const SA_PERSON = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  clientSACitizen: true,
  idNumber: '8001015009087',
  isDirector: true,
  isShareholder: true,
  shareholderPercentage: '60',
  addressLine1: '1 Road',
  addressCountry: 1,
};
const FOREIGN_PERSON = {
  firstName: 'Jan',
  lastName: 'Vos',
  clientSACitizen: false,
  passportNumber: 'NL123456',
  passportCountry: 14,
  isDirector: false,
  isShareholder: true,
  shareholderPercentage: '40',
};

async function createEntity(body: Record<string, unknown> = {}): Promise<JsonObject> {
  const res = await api.post('/api/v1/entity', {
    entityRegName: 'Acme Holdings',
    entityRegNumber: '2015/000003/07',
    entityType: 1,
    ...body,
  });
  expect(res.status, res.text).toBeLessThan(300);
  return obj(res.body);
}

function expectConflictNaming(res: { status: number; body: unknown; text: string }, step: RegExp): void {
  expect(res.status, res.text).toBe(409);
  const body = obj(res.body as never);
  expect(body.statusCode).toBe(409);
  expect(body.error).toBe('Conflict');
  expect(str(body.message)).toMatch(step);
}

describe('entity create (entity-api "Entity record", contract §9 registry, §12 balance)', () => {
  it('answers the published create fields with createdUbos from the registry', async () => {
    const res = await api.post('/api/v1/entity', {
      entityRegName: 'Acme Holdings',
      entityRegNumber: '2015/000003/07',
      entityType: 1,
      clientReference: 'ref-create-1',
      externalSystemId: 'ext-1',
    });
    expect([200, 201]).toContain(res.status);
    const body = obj(res.body);
    expect(str(body.id)).toMatch(UUID_RE);
    expect(body.entityRegName).toBe('Acme Holdings');
    expect(body.entityRegNumber).toBe('2015/000003/07');
    expect(body.clientReference).toBe('ref-create-1');
    expect(body.ficaStatus).toBe('In Progress');
    expect(body.riskDescription).toBe('Undetermined');
    expect(body.registryCommercialName).toBe('ACME HOLDINGS');
    expect(typeof body.registryCommercialResponse).toBe('object');
    expect(body.registryCommercialResponse).not.toBeNull();
    expect(typeof body.sanctionsSearchResults).toBe('object');
    const ubos = arr(body.createdUbos);
    expect(ubos).toHaveLength(1);
    const ubo = obj(ubos[0] ?? null);
    expect(str(ubo.uboUUID)).toMatch(UUID_RE);
    expect(typeof ubo.firstName).toBe('string');
    expect(typeof ubo.lastName).toBe('string');
    expect(typeof ubo.isDirector).toBe('boolean');
    expect(typeof ubo.shareholderType).toBe('string');
  });

  it('costs 10 credits; with too little balance answers 402 and creates nothing', async () => {
    const p = await newPartner(h.url, { balance: 15 });
    const first = await p.api.post('/api/v1/entity', {
      entityRegName: 'Paid',
      entityRegNumber: '2015/000003/07',
      entityType: 1,
    });
    expect(first.status).toBeLessThan(300);
    const partner = obj((await p.api.get('/api/v1/settings/partner')).body);
    expect(partner.balance).toBe(5);
    const second = await p.api.post('/api/v1/entity', {
      entityRegName: 'Unpaid',
      entityRegNumber: '2015/000003/07',
      entityType: 1,
      clientReference: 'unpaid',
    });
    expect(second.status).toBe(402);
    const err = obj(second.body);
    expect(err.statusCode).toBe(402);
    expect(typeof err.message).toBe('string');
    expect(typeof err.error).toBe('string');
    const list = obj((await p.api.get('/api/v1/entity?clientReference=unpaid')).body);
    expect(list.count).toBe(0);
    expect(obj((await p.api.get('/api/v1/settings/partner')).body).balance).toBe(5);
    const all = obj((await p.api.get('/api/v1/entity')).body);
    expect(all.count).toBe(1);
  });

  it('refuses a create missing a required field with the published error shape', async () => {
    const res = await api.post('/api/v1/entity', { entityRegName: 'No number', entityType: 1 });
    expect(res.status).toBe(400);
    const body = obj(res.body);
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(typeof body.message).toBe('string');
  });
});

describe('entity list (contract §4)', () => {
  it('answers {data, count, take, skip}, take default 50, newest first by lastUpdated', async () => {
    const p = await newPartner(h.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await p.api.post('/api/v1/entity', {
        entityRegName: `List ${i}`,
        entityRegNumber: '2015/000003/07',
        entityType: 7,
        clientReference: `list-${i}`,
      });
      ids.push(str(obj(res.body).id));
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await p.api.get('/api/v1/entity');
    expect(res.status).toBe(200);
    const page = obj(res.body);
    expect(page.take).toBe(50);
    expect(page.skip).toBe(0);
    expect(page.count).toBe(3);
    const data = arr(page.data).map((d) => obj(d));
    expect(data.map((d) => d.id)).toEqual([...ids].reverse());
    // Touching the oldest one moves it to the front.
    const kyb = await p.api.patch(`/api/v1/entity/${ids[0] ?? ''}/kyb`, { entityTradingName: 'Touched' });
    expect(kyb.status).toBe(200);
    const again = arr(obj((await p.api.get('/api/v1/entity')).body).data).map((d) => obj(d));
    expect(again[0]?.id).toBe(ids[0]);
    const lastUpdated = again.map((d) => Date.parse(str(d.lastUpdated)));
    expect([...lastUpdated].sort((a, b) => b - a)).toEqual(lastUpdated);
  });

  it('pages with take and skip and enforces the maximum of 100', async () => {
    const p = await newPartner(h.url);
    for (let i = 0; i < 3; i++)
      await p.api.post('/api/v1/entity', {
        entityRegName: `Page ${i}`,
        entityRegNumber: 'F-1',
        entityType: 7,
      });
    const page = obj((await p.api.get('/api/v1/entity?take=2&skip=1')).body);
    expect(page.take).toBe(2);
    expect(page.skip).toBe(1);
    expect(page.count).toBe(3);
    expect(arr(page.data)).toHaveLength(2);
    const big = await p.api.get('/api/v1/entity?take=101');
    if (big.status === 200) expect(num(obj(big.body).take)).toBeLessThanOrEqual(100);
    else expect(big.status).toBe(400);
  });

  it('filters by clientReference, ficaStatus and riskDescription', async () => {
    const p = await newPartner(h.url);
    await p.api.post('/api/v1/entity', {
      entityRegName: 'Filter A',
      entityRegNumber: 'F-2',
      entityType: 7,
      clientReference: 'filter-alpha',
    });
    await p.api.post('/api/v1/entity', {
      entityRegName: 'Filter B',
      entityRegNumber: 'F-3',
      entityType: 7,
      clientReference: 'filter-beta',
    });
    const one = obj((await p.api.get('/api/v1/entity?clientReference=filter-alpha')).body);
    expect(one.count).toBe(1);
    expect(obj(arr(one.data)[0] ?? null).clientReference).toBe('filter-alpha');
    expect(obj((await p.api.get('/api/v1/entity?ficaStatus=In%20Progress')).body).count).toBe(2);
    expect(obj((await p.api.get('/api/v1/entity?ficaStatus=Approved')).body).count).toBe(0);
    expect(obj((await p.api.get('/api/v1/entity?riskDescription=Undetermined')).body).count).toBe(2);
  });

  it('scopes records to the partner: another partner gets 404, never 403', async () => {
    const p = await newPartner(h.url);
    const mine = await createEntity({ clientReference: 'scoped' });
    const res = await p.api.get(`/api/v1/entity/${str(mine.id)}`);
    expect(res.status).toBe(404);
    expect(obj(res.body).statusCode).toBe(404);
    expect(obj((await p.api.get('/api/v1/entity?clientReference=scoped')).body).count).toBe(0);
    const director = str(obj(arr(mine.createdUbos)[0]).uboUUID);
    for (const res of [
      await p.api.get(`/api/v1/entity/directors-and-members/${director}`),
      await p.api.get(`/api/v1/entity/${str(mine.id)}/directors-and-members`),
      await p.api.patch(`/api/v1/entity/${str(mine.id)}/kyb`, { entityTradingName: 'Theirs' }),
      await p.api.patch('/api/v1/entity/update-external-system-id', { id: mine.id, externalSystemId: 'x' }),
      await p.api.del(`/api/v1/entity/directors-and-members/${director}`),
      await p.api.get(`/api/v1/entity/${str(mine.id)}/pdf-report`),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(obj(res.body).statusCode).toBe(404);
    }
  });
});

describe('path A workflow (entity-api ordering rules, contract §5)', () => {
  let entityId = '';
  let directorId = '';
  let addedId = '';

  it('refuses steps out of order with 409 naming the missing step', async () => {
    const e = await createEntity();
    entityId = str(e.id);
    directorId = str(obj(arr(e.createdUbos)[0] ?? null).uboUUID);
    expectConflictNaming(
      await api.patch(`/api/v1/entity/${entityId}/sanctions-review`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      /kyb/i,
    );
    expectConflictNaming(
      await api.post(`/api/v1/entity/${entityId}/ubo-create`, FOREIGN_PERSON),
      /kyb|sanction/i,
    );
    expectConflictNaming(
      await api.patch(`/api/v1/entity/${entityId}/shareholding-confirm`, { ownershipConfirmation: true }),
      /kyb|sanction|ubo|document|pep/i,
    );
    const early = await api.patch(`/api/v1/entity/${entityId}/onboarding-decision`, {
      onboardingDecision: 'Approved',
    });
    expect(early.status).toBe(409);
  });

  it('saves KYB ({success: true}) with the misspelt transactionInconsistantReason', async () => {
    const res = await api.patch(`/api/v1/entity/${entityId}/kyb`, KYB);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rec = obj((await api.get(`/api/v1/entity/${entityId}`)).body);
    expect(rec.transactionInconsistantReason).toBe('Seasonal spikes');
    expect(rec.transactionConsistent).toBe('false');
    expect(rec.entityTradingName).toBe('Acme Trading');
    expect(rec.countriesTransactedWith).toEqual([1, 2]);
  });

  it('records the sanctions review', async () => {
    expectConflictNaming(
      await api.post(`/api/v1/entity/${entityId}/ubo-create`, FOREIGN_PERSON),
      /sanction/i,
    );
    const res = await api.patch(`/api/v1/entity/${entityId}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    expect(res.status).toBe(200);
    expect(obj((await api.get(`/api/v1/entity/${entityId}`)).body).sanctionSearchCompleted).toBe(true);
  });

  it('completes a registry director with director-ubo-update and adds a UBO with ubo-create', async () => {
    const upd = await api.patch(`/api/v1/entity/${directorId}/director-ubo-update`, SA_PERSON);
    expect(upd.status).toBe(200);
    expect(obj(upd.body).firstName).toBe('Thandi');
    const created = await api.post(`/api/v1/entity/${entityId}/ubo-create`, FOREIGN_PERSON);
    expect([200, 201]).toContain(created.status);
    const body = obj(created.body);
    addedId = str(body.uboUUID);
    expect(addedId).toMatch(UUID_RE);
    expect(body).toHaveProperty('sanctionsSearchResults');
    const list = await api.get(`/api/v1/entity/${entityId}/directors-and-members`);
    expect(list.status).toBe(200);
    expect(arr(list.body)).toHaveLength(2);
    const one = await api.get(`/api/v1/entity/directors-and-members/${addedId}`);
    expect(one.status).toBe(200);
    expect(obj(one.body).lastName).toBe('Vos');
  });

  it('refuses a UBO body without the identity the citizenship flag requires', async () => {
    const noId = await api.post(`/api/v1/entity/${entityId}/ubo-create`, {
      firstName: 'No',
      lastName: 'Id',
      clientSACitizen: true,
    });
    expect(noId.status).toBe(400);
    expect(str(obj(noId.body).message)).toMatch(/idNumber/);
    const noPassport = await api.post(`/api/v1/entity/${entityId}/ubo-create`, {
      firstName: 'No',
      lastName: 'Passport',
      clientSACitizen: false,
      passportNumber: 'X1',
    });
    expect(noPassport.status).toBe(400);
    expect(str(obj(noPassport.body).message)).toMatch(/passportCountry/);
  });

  it('deletes a UBO on path A before shareholding-confirm', async () => {
    const extra = await api.post(`/api/v1/entity/${entityId}/ubo-create`, {
      ...FOREIGN_PERSON,
      firstName: 'Temp',
    });
    const tempId = str(obj(extra.body).uboUUID);
    const del = await api.del(`/api/v1/entity/directors-and-members/${tempId}`);
    expect(del.status).toBe(200);
    expect((await api.get(`/api/v1/entity/directors-and-members/${tempId}`)).status).toBe(404);
  });

  it('PEP confirm of a registry director waits for its update', async () => {
    const e = await createEntity();
    const id = str(e.id);
    const director = str(obj(arr(e.createdUbos)[0]).uboUUID);
    await api.patch(`/api/v1/entity/${id}/kyb`, KYB);
    await api.patch(`/api/v1/entity/${id}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    expectConflictNaming(
      await api.patch(`/api/v1/entity/${director}/ubo-pep-confirm`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      /update|detail/i,
    );
  });

  it('runs the per-person loop: PEP confirm, documents, confirm once', async () => {
    expectConflictNaming(
      await api.patch(`/api/v1/entity/${directorId}/ubo-doc-confirm`, { docsUploadedReviewed: true }),
      /pep/i,
    );
    for (const id of [directorId, addedId]) {
      const pep = await api.patch(`/api/v1/entity/${id}/ubo-pep-confirm`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      });
      expect(pep.status).toBe(200);
      const body = obj(pep.body);
      expect(body.riskStatus).toBe('Low Risk');
      expect(typeof body.riskReason).toBe('string');
      // Low band requires individual group 1 only; confirming without it is refused.
      expectConflictNaming(
        await api.patch(`/api/v1/entity/${id}/ubo-doc-confirm`, { docsUploadedReviewed: true }),
        /document/i,
      );
      const up = await api.post(
        `/api/v1/entity/${id}/ubo-doc-upload`,
        form({
          file: { bytes: PDF, name: 'id.pdf' },
          documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }),
          additionalFicaDoc: 'false',
        }),
      );
      expect([200, 201], up.text).toContain(up.status);
      const docId = num(obj(up.body).uboDocsID);
      expect(Number.isInteger(docId)).toBe(true);
      const got = await api.get(`/api/v1/entity/${docId}/ubo-doc`);
      expect(got.status).toBe(200);
      expect(Buffer.from(str(obj(got.body).base64Content), 'base64').equals(PDF)).toBe(true);
      const detail = obj((await api.get(`/api/v1/entity/directors-and-members/${id}`)).body);
      expect(arr(detail.documents).map((d) => obj(d).uboDocsID)).toContain(docId);
      const confirm = await api.patch(`/api/v1/entity/${id}/ubo-doc-confirm`, { docsUploadedReviewed: true });
      expect(confirm.status).toBe(200);
    }
  });

  it('shareholding-confirm returns message, riskStatus and riskReason', async () => {
    const res = await api.patch(`/api/v1/entity/${entityId}/shareholding-confirm`, {
      ownershipConfirmation: true,
    });
    expect(res.status).toBe(200);
    const body = obj(res.body);
    expect(typeof body.message).toBe('string');
    expect(['Low Risk', 'Medium Risk', 'High Risk']).toContain(body.riskStatus);
    expect(typeof body.riskReason).toBe('string');
  });

  it('refuses ubo-create and delete after shareholding-confirm with 409', async () => {
    expect(
      (await api.post(`/api/v1/entity/${entityId}/ubo-create`, { ...FOREIGN_PERSON, firstName: 'Late' }))
        .status,
    ).toBe(409);
    expect((await api.del(`/api/v1/entity/directors-and-members/${addedId}`)).status).toBe(409);
  });

  it('takes entity documents, reads and soft-deletes them, then confirms once', async () => {
    const before = await api.patch(`/api/v1/entity/${entityId}/entity-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(before.status).toBe(409);
    const up = await api.post(
      `/api/v1/entity/${entityId}/entity-doc`,
      form({
        file: { bytes: PNG, name: 'cor14.png' },
        documents: JSON.stringify({ entityDocsID: 1, entityDocTypesID: 1 }),
      }),
    );
    expect([200, 201], up.text).toContain(up.status);
    const docId = num(obj(up.body).entityDocID);
    const got = await api.get(`/api/v1/entity/${docId}/entity-doc`);
    expect(got.status).toBe(200);
    expect(Buffer.from(str(obj(got.body).base64Content), 'base64').equals(PNG)).toBe(true);
    const extra = await api.post(
      `/api/v1/entity/${entityId}/entity-doc`,
      form({
        file: { bytes: PDF, name: 'extra.pdf' },
        documents: JSON.stringify({ entityDocsID: 1, entityDocTypesID: 2 }),
        additionalFicaDoc: 'true',
      }),
    );
    const extraId = num(obj(extra.body).entityDocID);
    const rec = obj((await api.get(`/api/v1/entity/${entityId}`)).body);
    const docs = arr(rec.documents).map((d) => obj(d));
    expect(docs.map((d) => d.entityDocID)).toEqual(expect.arrayContaining([docId, extraId]));
    const doc = docs.find((d) => d.entityDocID === docId);
    expect(doc).toMatchObject({
      entityDocsID: 1,
      entityDocTypesID: 1,
      filename: 'cor14.png',
      mimeType: 'image/png',
      size: PNG.length,
    });
    expect(typeof doc?.uploadDate).toBe('string');
    expect((await api.del(`/api/v1/entity/${extraId}/entity-doc`)).status).toBe(200);
    const after = arr(obj((await api.get(`/api/v1/entity/${entityId}`)).body).documents).map(
      (d) => obj(d).entityDocID,
    );
    expect(after).not.toContain(extraId);
    expect(after).toContain(docId);
    expect((await api.get(`/api/v1/entity/${extraId}/entity-doc`)).status).toBe(404);
    const confirm = await api.patch(`/api/v1/entity/${entityId}/entity-doc-confirm`, {
      docsUploadedReviewed: true,
    });
    expect(confirm.status).toBe(200);
  });

  it('approves, then refuses any further decision with 403', async () => {
    const res = await api.patch(`/api/v1/entity/${entityId}/onboarding-decision`, {
      onboardingDecision: 'Approved',
      approvedComments: 'ok',
      nextFicaReviewDate: '2027-11-21T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(typeof obj(res.body).message).toBe('string');
    for (const decision of ['Approved', 'Declined', 'Refer', 'In Progress']) {
      const again = await api.patch(`/api/v1/entity/${entityId}/onboarding-decision`, {
        onboardingDecision: decision,
        declinedComments: 'x',
        referComments: 'x',
      });
      expect(again.status, decision).toBe(403);
      expect(obj(again.body)).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('carries the full record fields of contract §4', async () => {
    const rec = obj((await api.get(`/api/v1/entity/${entityId}`)).body);
    for (const key of [
      'id',
      'entityRegName',
      'entityRegNumber',
      'clientReference',
      'ficaStatus',
      'riskDescription',
      'registryCommercialName',
      'registryCommercialResponse',
      'sanctionsSearchResults',
      'entityType',
      'sanctionSearchCompleted',
      'adverseSearchKYC',
      'directorsConfirmed',
      'organigramReviewed',
      'shareholdersAdminConfirmed',
      'docsUploadedReviewed',
      'riskStatus',
      'riskReason',
      'onboardingDecision',
      'approvedComments',
      'declinedComments',
      'referComments',
      'nextFicaReviewDate',
      'approvalDate',
      'lastUpdated',
      'documents',
      'ubos',
    ])
      expect(rec, key).toHaveProperty(key);
    expect(rec.onboardingDecision).toBe('Approved');
    expect(rec.approvedComments).toBe('ok');
    expect(rec.docsUploadedReviewed).toBe(true);
    expect(rec.shareholdersAdminConfirmed).toBe(true);
    const ubo = obj(arr(rec.ubos)[0] ?? null);
    for (const key of [
      'uboID',
      'firstName',
      'lastName',
      'isDirector',
      'isShareholder',
      'ficaStatus',
      'riskStatus',
      'pepConfirmed',
      'docsUploadedReviewed',
    ]) {
      expect(ubo, key).toHaveProperty(key);
    }
  });

  it('returns the PDF report as JSON and as raw bytes', async () => {
    const json = await api.get(`/api/v1/entity/${entityId}/pdf-report`);
    expect(json.status).toBe(200);
    const body = obj(json.body);
    expect(body.mimeType).toBe('application/pdf');
    expect(body.filename).toBe(`fica-report-${entityId}.pdf`);
    expect(Buffer.from(str(body.base64Content), 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = await fetch(`${h.url}/api/v1/entity/${entityId}/pdf-report?format=binary`, {
      headers: { Authorization: `Bearer ${h.token}` },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A real, loadable PDF document.
    const doc = await PDFDocument.load(new Uint8Array(bytes));
    expect(doc.getPageCount()).toBeGreaterThan(0);
    const fromJson = await PDFDocument.load(new Uint8Array(Buffer.from(str(body.base64Content), 'base64')));
    expect(fromJson.getPageCount()).toBeGreaterThan(0);
  });
});

describe('UBO screening on update (entity-api "UBO")', () => {
  it('update re-runs screening only when no results are stored', async () => {
    const e = await createEntity({ entityType: 7, entityRegNumber: 'F-5' });
    const id = str(e.id);
    await api.patch(`/api/v1/entity/${id}/kyb`, { entityTradingName: 'S' });
    await api.patch(`/api/v1/entity/${id}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const created = obj(
      (
        await api.post(`/api/v1/entity/${id}/ubo-create`, {
          ...SA_PERSON,
          firstName: 'Clean',
          lastName: 'Person',
        })
      ).body,
    );
    expect(obj(created.sanctionsSearchResults).matchedNumber).toBe(0);
    const updated = obj(
      (
        await api.patch(`/api/v1/entity/${str(created.uboUUID)}/director-ubo-update`, {
          ...SA_PERSON,
          firstName: 'Sanctioned',
          lastName: 'Person',
        })
      ).body,
    );
    expect(updated.firstName).toBe('Sanctioned');
    expect(obj(updated.sanctionsSearchResults).matchedNumber).toBe(0);
  });

  it('a registry director, never screened, is screened on its first update', async () => {
    const e = await createEntity();
    const id = str(e.id);
    const director = str(obj(arr(e.createdUbos)[0]).uboUUID);
    await api.patch(`/api/v1/entity/${id}/kyb`, { entityTradingName: 'S' });
    await api.patch(`/api/v1/entity/${id}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const updated = obj(
      (
        await api.patch(`/api/v1/entity/${director}/director-ubo-update`, {
          ...SA_PERSON,
          firstName: 'Sanctioned',
          lastName: 'Director',
        })
      ).body,
    );
    expect(obj(updated.sanctionsSearchResults).matchedNumber).toBe(1);
  });
});

describe('other decisions and record updates', () => {
  it('Declined needs declinedComments, Refer needs referComments, In Progress always; final decision is then 403', async () => {
    const e = await createEntity();
    const id = str(e.id);
    expect(
      (await api.patch(`/api/v1/entity/${id}/onboarding-decision`, { onboardingDecision: 'In Progress' }))
        .status,
    ).toBe(200);
    expect(
      (await api.patch(`/api/v1/entity/${id}/onboarding-decision`, { onboardingDecision: 'Refer' })).status,
    ).toBe(400);
    expect(
      (
        await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
          onboardingDecision: 'Refer',
          referComments: 'second look',
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.patch(`/api/v1/entity/${id}/onboarding-decision`, { onboardingDecision: 'Declined' }))
        .status,
    ).toBe(400);
    const declined = await api.patch(`/api/v1/entity/${id}/onboarding-decision`, {
      onboardingDecision: 'Declined',
      declinedComments: 'no',
    });
    expect(declined.status).toBe(200);
    expect(typeof obj(declined.body).message).toBe('string');
    const rec = obj((await api.get(`/api/v1/entity/${id}`)).body);
    expect(rec.onboardingDecision).toBe('Declined');
    expect(rec.declinedComments).toBe('no');
    expect(
      (await api.patch(`/api/v1/entity/${id}/onboarding-decision`, { onboardingDecision: 'In Progress' }))
        .status,
    ).toBe(403);
  });

  it('updates externalSystemId on the existing record', async () => {
    const e = await createEntity();
    const res = await api.patch('/api/v1/entity/update-external-system-id', {
      id: e.id,
      externalSystemId: 'crm-42',
    });
    expect(res.status).toBe(200);
    expect(obj((await api.get(`/api/v1/entity/${str(e.id)}`)).body).externalSystemId).toBe('crm-42');
  });

  it('answers the UBO profile image route', async () => {
    const e = await createEntity();
    const ubo = str(obj(arr(e.createdUbos)[0] ?? null).uboUUID);
    expect((await api.get(`/api/v1/entity/ubo/${ubo}/profile-image`)).status).toBe(200);
  });
});
