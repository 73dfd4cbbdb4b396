// Uploads: entity-api "Owner documents" / "Entity documents" / "Limits", individual-api documents and
// upload errors, contract §2 (upload error shape) and §7 (type by content, filename, soft delete).
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JPEG,
  PDF,
  PNG,
  SA_ID,
  TEXT,
  arr,
  client,
  form,
  num,
  obj,
  str,
  startHarness,
  type Client,
  type Harness,
  type Json,
  type Reply,
} from './helpers.js';

let h: Harness;
let api: Client;
let entityId = '';
let uboId = '';
let individualId = '';

const MB = 1024 * 1024;
const ENTITY_DOCS = JSON.stringify({ entityDocsID: 1, entityDocTypesID: 1 });
const UBO_DOCS = JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 });
const INDIVIDUAL_DOCS = JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 1 }]);

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, h.token);
  // A path A entity through shareholding-confirm (no UBOs: foreign type), so entity documents are open.
  const e = obj(
    (await api.post('/api/v1/entity', { entityRegName: 'Upload Co', entityRegNumber: 'F-99', entityType: 7 }))
      .body,
  );
  entityId = str(e.id);
  await api.patch(`/api/v1/entity/${entityId}/kyb`, { entityTradingName: 'Upload Co' });
  await api.patch(`/api/v1/entity/${entityId}/sanctions-review`, {
    adverseSearchKYC: false,
    pepConfirmReviewed: true,
  });
  const owner = str(
    obj(
      (
        await api.post(`/api/v1/entity/${entityId}/ubo-create`, {
          firstName: 'Olga',
          lastName: 'Owner',
          clientSACitizen: true,
          idNumber: SA_ID,
          isShareholder: true,
          shareholderPercentage: '100',
        })
      ).body,
    ).uboUUID,
  );
  await api.patch(`/api/v1/entity/${owner}/ubo-pep-confirm`, {
    adverseSearchKYC: false,
    pepConfirmReviewed: true,
  });
  await api.post(
    `/api/v1/entity/${owner}/ubo-doc-upload`,
    form({ file: { bytes: PDF, name: 'id.pdf' }, documents: UBO_DOCS }),
  );
  expect(
    (await api.patch(`/api/v1/entity/${owner}/ubo-doc-confirm`, { docsUploadedReviewed: true })).status,
  ).toBe(200);
  const confirmed = await api.patch(`/api/v1/entity/${entityId}/shareholding-confirm`, {
    ownershipConfirmation: true,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  // A second entity holds the UBO whose documents are uploaded.
  const e2 = str(
    obj(
      (
        await api.post('/api/v1/entity', {
          entityRegName: 'Upload Owner Co',
          entityRegNumber: 'F-98',
          entityType: 7,
        })
      ).body,
    ).id,
  );
  await api.patch(`/api/v1/entity/${e2}/kyb`, { entityTradingName: 'Upload Owner Co' });
  await api.patch(`/api/v1/entity/${e2}/sanctions-review`, {
    adverseSearchKYC: false,
    pepConfirmReviewed: true,
  });
  const ubo = await api.post(`/api/v1/entity/${e2}/ubo-create`, {
    firstName: 'Una',
    lastName: 'Owner',
    clientSACitizen: true,
    idNumber: SA_ID,
    isShareholder: true,
    shareholderPercentage: '100',
  });
  uboId = str(obj(ubo.body).uboUUID);
  // An individual at the documents step.
  const partner = obj((await api.get('/api/v1/settings/partner')).body);
  const users = arr((await api.get('/api/v1/settings/users')).body).map((u) => obj(u));
  const ind = await api.post('/api/v1/individual', {
    firstName: 'Ida',
    lastName: 'Upload',
    clientSACitizen: true,
    idNumber: SA_ID,
    clientRef: 'upload-ind',
  });
  individualId = str(obj(ind.body).id);
  expect((await api.post(`/api/v1/individual/${individualId}/aml-screening`)).status).toBeLessThan(300);
  expect((await api.post(`/api/v1/individual/${individualId}/external-validation`, {})).status).toBeLessThan(
    300,
  );
  const pep = await api.patch(`/api/v1/individual/${individualId}/pep-sanctions-decision`, {
    pepConfirmReviewed: true,
    adverseSearchKYC: false,
    clientForeignOfficial: false,
    userID: str(users[0]?.id),
    partnerID: str(partner.id),
  });
  expect(pep.status, pep.text).toBe(200);
});
afterAll(async () => {
  await h.stop();
});

function expectUploadError(res: Reply, pattern?: RegExp): { error: string; details?: Json } {
  expect(res.status, res.text).toBe(400);
  const body = obj(res.body);
  expect(body.status).toBe(400);
  expect(typeof body.error).toBe('string');
  if (body.details !== undefined) expect(typeof body.details).toBe('string');
  expect(body).not.toHaveProperty('statusCode');
  if (pattern)
    expect(`${str(body.error)} ${typeof body.details === 'string' ? body.details : ''}`).toMatch(pattern);
  return { error: str(body.error), details: body.details };
}

const uploadEntity = (fd: FormData): Promise<Reply> => api.post(`/api/v1/entity/${entityId}/entity-doc`, fd);
const uploadUbo = (fd: FormData): Promise<Reply> => api.post(`/api/v1/entity/${uboId}/ubo-doc-upload`, fd);
const uploadIndividual = (fd: FormData): Promise<Reply> =>
  api.post(`/api/v1/individual/${individualId}/documents`, fd);

describe('file type by content (contract §7)', () => {
  it('accepts PDF, PNG and JPEG whatever the name', async () => {
    for (const [bytes, name] of [
      [PDF, 'a.pdf'],
      [PNG, 'b.png'],
      [JPEG, 'c.jpg'],
      [JPEG, 'd.jpeg'],
      [PDF, 'no-extension'],
    ] as const) {
      const res = await uploadUbo(form({ file: { bytes, name }, documents: UBO_DOCS }));
      expect([200, 201], `${name}: ${res.text}`).toContain(res.status);
    }
  });

  it('refuses a text file named .pdf on every upload route', async () => {
    expectUploadError(
      await uploadEntity(form({ file: { bytes: TEXT, name: 'fake.pdf' }, documents: ENTITY_DOCS })),
    );
    expectUploadError(
      await uploadUbo(form({ file: { bytes: TEXT, name: 'fake.pdf' }, documents: UBO_DOCS })),
    );
    expectUploadError(
      await uploadIndividual(form({ file: { bytes: TEXT, name: 'fake.pdf' }, documents: INDIVIDUAL_DOCS })),
    );
  });
});

describe('filenames (contract §7)', () => {
  it('cleans path separators and cuts the name to 180 characters', async () => {
    const name = `..\\..\\dir/sub/\u0007bell\u0001${'n'.repeat(250)}.pdf`;
    const res = await uploadUbo(form({ file: { bytes: PDF, name }, documents: UBO_DOCS }));
    const id = num(obj(res.body).uboDocsID);
    const docs = arr(
      obj((await api.get(`/api/v1/entity/directors-and-members/${uboId}`)).body).documents,
    ).map((d) => obj(d));
    const filename = str(docs.find((d) => d.uboDocsID === id)?.filename);
    expect(filename).not.toMatch(/[/\\]/);
    // eslint-disable-next-line no-control-regex -- control characters are what must be gone
    expect(filename).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(filename.length).toBeLessThanOrEqual(180);
    expect(filename.length).toBeGreaterThan(0);
  });

  it('stores files under generated names, never the uploaded one', async () => {
    await uploadUbo(form({ file: { bytes: PDF, name: 'distinctive-upload-name.pdf' }, documents: UBO_DOCS }));
    const stored = readdirSync(h.sandbox.dataDir, { recursive: true }).map(String);
    expect(stored.some((f) => f.includes('distinctive-upload-name'))).toBe(false);
  });

  it('keeps an ordinary name as display text', async () => {
    const res = await uploadIndividual(
      form({ file: { bytes: PDF, name: 'id-copy.pdf' }, documents: INDIVIDUAL_DOCS }),
    );
    const doc = obj(arr(obj(res.body).documents)[0] ?? null);
    const got = obj(
      (await api.get(`/api/v1/individual/${individualId}/documents/${num(doc.ficaIndividualDocsID)}`)).body,
    );
    expect(got.filename).toBe('id-copy.pdf');
  });
});

describe('upload errors (individual-api "Errors", contract §2)', () => {
  it('a missing file says a file with the field name `file` must be sent', async () => {
    for (const upload of [uploadIndividual, uploadEntity, uploadUbo]) {
      const res = await upload(form({ documents: INDIVIDUAL_DOCS }));
      expectUploadError(res, /field name[^a-z]*file\b/i);
    }
    // A file under another field name is not a file sent as `file`.
    expectUploadError(
      await uploadIndividual(
        form({ file: { bytes: PDF, name: 'x.pdf', field: 'upload' }, documents: INDIVIDUAL_DOCS }),
      ),
      /field name[^a-z]*file\b/i,
    );
  });

  it('a malformed documents value is invalid JSON with parser details', async () => {
    for (const upload of [uploadIndividual, uploadEntity, uploadUbo]) {
      const res = await upload(
        form({ file: { bytes: PDF, name: 'x.pdf' }, documents: '[{"individualDocsID": 1,' }),
      );
      const { error, details } = expectUploadError(res, /JSON/);
      expect(error).toMatch(/JSON/i);
      expect(typeof details).toBe('string');
      expect(str(details ?? null).length).toBeGreaterThan(0);
    }
  });

  it('UBO documents use the individual lookups, entity documents the entity lookups', async () => {
    const entityGroups = arr((await api.get('/api/v1/settings/entity-docs')).body).map((g) => num(obj(g).id));
    const individualGroups = arr((await api.get('/api/v1/settings/individual-docs')).body).map((g) =>
      num(obj(g).id),
    );
    const entityOnly = entityGroups.find((id) => !individualGroups.includes(id));
    if (entityOnly === undefined) return;
    const res = await uploadUbo(
      form({
        file: { bytes: PDF, name: 'x.pdf' },
        documents: JSON.stringify({ individualDocsID: entityOnly, IndividualDocTypesID: 1 }),
      }),
    );
    expect(res.status).toBe(400);
    // A type must belong to its group (docID equals the group id).
    const types = arr((await api.get('/api/v1/settings/individual-doc-types')).body).map((t) => obj(t));
    const foreignType = types.find((t) => t.docID !== 1);
    const mismatch = await uploadUbo(
      form({
        file: { bytes: PDF, name: 'x.pdf' },
        documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: num(foreignType?.id) }),
      }),
    );
    expect(mismatch.status).toBe(400);
  });

  it('a file without the documents field is an upload error', async () => {
    expectUploadError(await uploadIndividual(form({ file: { bytes: PDF, name: 'x.pdf' } })));
    expectUploadError(await uploadEntity(form({ file: { bytes: PDF, name: 'x.pdf' } })));
    expectUploadError(await uploadUbo(form({ file: { bytes: PDF, name: 'x.pdf' } })));
  });

  it('a request that is not multipart is an upload error naming the field `file`', async () => {
    expectUploadError(
      await api.post(`/api/v1/individual/${individualId}/documents`, { documents: INDIVIDUAL_DOCS }),
      /field name[^a-z]*file\b/i,
    );
  });

  it('an individual file over 20 MB names its size and the 20 MB maximum', async () => {
    const big = Buffer.alloc(21 * MB, 0x20);
    PDF.copy(big);
    const res = await uploadIndividual(
      form({ file: { bytes: big, name: 'big.pdf' }, documents: INDIVIDUAL_DOCS }),
    );
    const { error, details } = expectUploadError(res);
    const text = `${error} ${typeof details === 'string' ? details : ''}`;
    expect(text).toMatch(/20 MB/);
    expect(text).toMatch(/21(\.\d+)? MB/);
  });

  it('an entity or UBO file over 40 MB names its size and the 40 MB maximum', async () => {
    const big = Buffer.alloc(41 * MB, 0x20);
    PDF.copy(big);
    for (const upload of [uploadEntity, uploadUbo]) {
      const res = await upload(
        form({
          file: { bytes: big, name: 'big.pdf' },
          documents: upload === uploadEntity ? ENTITY_DOCS : UBO_DOCS,
        }),
      );
      const { error, details } = expectUploadError(res);
      const text = `${error} ${typeof details === 'string' ? details : ''}`;
      expect(text).toMatch(/40 MB/);
      expect(text).toMatch(/41(\.\d+)? MB/);
    }
  });
});

describe('individual documents (individual-api endpoints)', () => {
  it('links one file to several pairs, each a record with ficaIndividualDocsID', async () => {
    const pairs = JSON.stringify([
      { individualDocsID: 1, IndividualDocTypesID: 1 },
      { individualDocsID: 2, IndividualDocTypesID: 4 },
    ]);
    const res = await uploadIndividual(
      form({ file: { bytes: PNG, name: 'two.png' }, documents: pairs, additionalFicaDoc: 'false' }),
    );
    expect([200, 201], res.text).toContain(res.status);
    const docs = arr(obj(res.body).documents).map((d) => obj(d));
    expect(docs).toHaveLength(2);
    const ids = docs.map((d) => num(d.ficaIndividualDocsID));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      const got = await api.get(`/api/v1/individual/${individualId}/documents/${id}`);
      expect(got.status).toBe(200);
      const body = obj(got.body);
      expect(body.ficaIndividualDocsID).toBe(id);
      expect(body.mimeType).toBe('image/png');
      expect(typeof body.filename).toBe('string');
      expect(Buffer.from(str(body.base64Content), 'base64').equals(PNG)).toBe(true);
    }
    // Soft delete: gone from the record's list, 404 when read.
    const del = await api.del(`/api/v1/individual/${individualId}/documents/${ids[1] ?? 0}`);
    expect(del.status).toBe(200);
    expect((await api.get(`/api/v1/individual/${individualId}/documents/${ids[1] ?? 0}`)).status).toBe(404);
    const rec = obj((await api.get(`/api/v1/individual/${individualId}`)).body);
    const listed = arr(rec.documents).map((d) => obj(d).ficaIndividualDocsID);
    expect(listed).toContain(ids[0]);
    expect(listed).not.toContain(ids[1]);
  });

  it('an unknown document is 404 with {statusCode, message}', async () => {
    const res = await api.get(`/api/v1/individual/${individualId}/documents/999999`);
    expect(res.status).toBe(404);
    expect(obj(res.body).statusCode).toBe(404);
    expect(typeof obj(res.body).message).toBe('string');
  });

  it('soft-deleted UBO documents disappear from the UBO record', async () => {
    const res = await uploadUbo(form({ file: { bytes: PDF, name: 'gone.pdf' }, documents: UBO_DOCS }));
    const id = num(obj(res.body).uboDocsID);
    expect((await api.del(`/api/v1/entity/${id}/ubo-doc-delete`)).status).toBe(200);
    const docs = arr(
      obj((await api.get(`/api/v1/entity/directors-and-members/${uboId}`)).body).documents,
    ).map((d) => obj(d).uboDocsID);
    expect(docs).not.toContain(id);
    expect((await api.get(`/api/v1/entity/${id}/ubo-doc`)).status).toBe(404);
  });
});
