// Entity and UBO documents: type by content, size limit while streaming, cleaned filenames,
// group and type checks, base64 download, soft delete and the confirm rules.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../server/config.js';
import {
  JPEG,
  PDF,
  PNG,
  REVIEWED,
  TEXT,
  createPartner,
  entityReadyForOwners,
  expectStatus,
  finishPerson,
  isErrorBody,
  isUploadErrorBody,
  pdfFile,
  startTestSandbox,
  uboBody,
  type Client,
  type Json,
  type Reply,
  type TestSandbox,
} from './helpers.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

const uboDocs = (group = 1, type = 1): Record<string, string> => ({
  documents: JSON.stringify({ individualDocsID: group, IndividualDocTypesID: type }),
});
const entityDocs = (group = 1, type = 1): Record<string, string> => ({
  documents: JSON.stringify({ entityDocsID: group, entityDocTypesID: type }),
});

async function newUbo(api: Client = t.api): Promise<{ entityId: string; uboId: string }> {
  const entity = await entityReadyForOwners(api);
  const ubo = await expectStatus(
    api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Doc', 'Holder')),
    201,
  );
  return { entityId: entity.id, uboId: String(ubo.body.uboID) };
}

describe('UBO documents', () => {
  it('stores PDF, PNG and JPEG by content and gives them back as base64', async () => {
    const { uboId } = await newUbo();
    const cases = [
      { bytes: PDF, filename: 'id.pdf', type: 'application/pdf', expected: 'application/pdf' },
      // The declared type and the extension are ignored: the first bytes decide.
      { bytes: PNG, filename: 'scan.txt', type: 'text/plain', expected: 'image/png' },
      { bytes: JPEG, filename: 'photo', type: 'application/octet-stream', expected: 'image/jpeg' },
    ];
    for (const c of cases) {
      const up = await t.api.upload<{ uboDocsID: number }>(
        `/api/v1/entity/${uboId}/ubo-doc-upload`,
        { ...uboDocs(), additionalFicaDoc: 'false' },
        c,
      );
      expect(up.status).toBe(201);
      expect(up.body).toEqual({ uboDocsID: expect.any(Number) });
      const got = await expectStatus(t.api.get<Json>(`/api/v1/entity/${up.body.uboDocsID}/ubo-doc`), 200);
      expect(got.body).toMatchObject({ mimeType: c.expected, filename: c.filename });
      expect(Buffer.from(String(got.body.base64Content), 'base64').equals(c.bytes)).toBe(true);
    }
    const record = (await t.api.get<{ documents: Json[] }>(`/api/v1/entity/directors-and-members/${uboId}`))
      .body;
    expect(record.documents).toHaveLength(3);
    expect(record.documents[0]).toMatchObject({
      individualDocsID: 1,
      IndividualDocTypesID: 1,
      size: PDF.length,
    });
  });

  it('refuses a text file named .pdf, an empty file, and a missing or misnamed file', async () => {
    const { uboId } = await newUbo();
    const stored = readdirSync(join(t.sandbox.dataDir, 'files')).length;
    const path = `/api/v1/entity/${uboId}/ubo-doc-upload`;
    const text = await t.api.upload(path, uboDocs(), {
      bytes: TEXT,
      filename: 'invoice.pdf',
      type: 'application/pdf',
    });
    expect(text.status).toBe(400);
    expect(isUploadErrorBody(text.body)).toBe(true);
    expect(String(text.body.error)).toMatch(/PDF, PNG and JPEG/);
    const tiny = await t.api.upload(path, uboDocs(), { bytes: Buffer.from('%PD'), filename: 'short.pdf' });
    expect(tiny.status).toBe(400);
    const empty = await t.api.upload(path, uboDocs(), { bytes: Buffer.alloc(0), filename: 'empty.pdf' });
    expect(empty.status).toBe(400);
    expect(isUploadErrorBody(empty.body)).toBe(true);
    const none = await t.api.upload(path, uboDocs());
    expect(none.status).toBe(400);
    expect(String(none.body.error)).toMatch(/'file'/);
    const misnamed = await t.api.upload(path, uboDocs(), pdfFile(), 'document');
    expect(misnamed.status).toBe(400);
    expect(String(misnamed.body.error)).toMatch(/'file'/);
    const json = await t.api.request(`POST`, path, { documents: '{}' });
    expect(json.status).toBe(400);
    expect(isUploadErrorBody(json.body)).toBe(true);
    // Nothing was kept on disk for the refused uploads.
    expect(readdirSync(join(t.sandbox.dataDir, 'files'))).toHaveLength(stored);
  });

  it('checks the documents field: JSON, shape, group, and a type of that group', async () => {
    const { uboId } = await newUbo();
    const path = `/api/v1/entity/${uboId}/ubo-doc-upload`;
    const missing = await t.api.upload(path, {}, pdfFile());
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/documents/);
    const badJson = await t.api.upload(path, { documents: '{individualDocsID: 1' }, pdfFile());
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe('Invalid JSON format in documents');
    expect(badJson.body.details).toEqual(expect.any(String));
    // A documents part sent as an application/json blob is read the same way.
    const jsonPart = async (text: string): Promise<Response> => {
      const form = new FormData();
      form.append('documents', new Blob([text], { type: 'application/json' }));
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'blob.pdf');
      return fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.api.token}` },
        body: form,
      });
    };
    expect((await jsonPart(JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 2 }))).status).toBe(
      201,
    );
    const badBlob = await jsonPart('{nope');
    expect(badBlob.status).toBe(400);
    expect(((await badBlob.json()) as Json).error).toBe('Invalid JSON format in documents');
    // The capital I of IndividualDocTypesID is the published spelling.
    const lowercase = await t.api.upload(
      path,
      { documents: JSON.stringify({ individualDocsID: 1, individualDocTypesID: 1 }) },
      pdfFile(),
    );
    expect(lowercase.status).toBe(400);
    const unknownGroup = await t.api.upload(path, uboDocs(99, 1), pdfFile());
    expect(unknownGroup.status).toBe(400);
    expect(String(unknownGroup.body.details)).toMatch(/individualDocsID 99/);
    const wrongGroup = await t.api.upload(path, uboDocs(1, 7), pdfFile());
    expect(wrongGroup.status).toBe(400);
    expect(String(wrongGroup.body.details)).toMatch(/does not belong/);
    // Entity group ids are not individual ones: entity type 9 does not exist among individual types.
    expect((await t.api.upload(path, uboDocs(4, 12), pdfFile())).status).toBe(400);
  });

  it('keeps the uploaded name only as cleaned display text', async () => {
    const { uboId } = await newUbo();
    const upload = async (filename: string): Promise<string> => {
      const up = await expectStatus(
        t.api.upload<{ uboDocsID: number }>(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), {
          bytes: PDF,
          filename,
        }),
        201,
      );
      return String((await t.api.get(`/api/v1/entity/${up.body.uboDocsID}/ubo-doc`)).body.filename);
    };
    expect(await upload('../../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(await upload('..\\..\\windows\\system.ini')).toBe('system.ini');
    expect(await upload('bad\u0001na\u007fme.pdf')).toBe('badname.pdf');
    // A right-to-left override would show this name as "invoiceexe.pdf".
    expect(await upload('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(await upload('scan\u200b\u2066.pdf')).toBe('scan.pdf');
    expect(await upload('..')).toBe('document');
    const long = await upload(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(180);
    // Every stored file has a generated name inside the data folder.
    for (const name of readdirSync(join(t.sandbox.dataDir, 'files')))
      expect(name).toMatch(/^[0-9a-f]{32}\.bin$/);
  });

  it('soft-deletes: gone from reads and lists, kept as an inactive row', async () => {
    const { uboId } = await newUbo();
    const up = await expectStatus(
      t.api.upload<{ uboDocsID: number }>(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), pdfFile()),
      201,
    );
    const id = up.body.uboDocsID;
    const del = await expectStatus(t.api.delete<Json>(`/api/v1/entity/${id}/ubo-doc-delete`), 200);
    expect(del.body).toMatchObject({ uboDocsID: id, active: false });
    expect((await t.api.get(`/api/v1/entity/${id}/ubo-doc`)).status).toBe(404);
    expect((await t.api.delete(`/api/v1/entity/${id}/ubo-doc-delete`)).status).toBe(404);
    expect(
      (await t.api.get<{ documents: Json[] }>(`/api/v1/entity/directors-and-members/${uboId}`)).body
        .documents,
    ).toEqual([]);
    const row = t.sandbox.context.db.prepare('SELECT active FROM ubo_documents WHERE id = ?').get(id) as {
      active: number;
    };
    expect(row.active).toBe(0);
  });

  it('confirms once, only after the PEP review and the band’s documents', async () => {
    const { uboId } = await newUbo();
    const confirm = (): Promise<Reply> =>
      t.api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true });
    expect((await confirm()).status).toBe(409);
    await expectStatus(
      t.api.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, {
        adverseSearchKYC: true,
        pepConfirmReviewed: true,
      }),
      200,
    );
    const missing = await confirm();
    expect(missing.status).toBe(409);
    expect(missing.body.message).toMatch(/Proof of identity/);
    for (const [group, type] of [
      [1, 1],
      [2, 4],
      [3, 7],
    ] as const) {
      await expectStatus(
        t.api.upload(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(group, type), pdfFile()),
        201,
      );
    }
    const done = await expectStatus(confirm(), 200);
    expect(done.body.docsUploadedReviewed).toBe(true);
    expect((await confirm()).status).toBe(409);
    expect((await t.api.upload(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), pdfFile())).status).toBe(
      409,
    );
    // docsUploadedReviewed false changes nothing.
    expect(
      (await t.api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: false })).status,
    ).toBe(200);
  });

  it('answers unknown and malformed document ids with 404', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0', "1'; DROP TABLE ubo_documents;--"]) {
      const res = await t.api.get(`/api/v1/entity/${encodeURIComponent(id)}/ubo-doc`);
      expect(res.status).toBe(404);
      expect(isErrorBody(res.body, 404)).toBe(true);
    }
  });
});

describe('entity documents', () => {
  async function confirmedEntity(api: Client = t.api): Promise<string> {
    const entity = await entityReadyForOwners(api);
    const ubo = await expectStatus(
      api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Only', 'Owner')),
      201,
    );
    await finishPerson(api, String(ubo.body.uboID));
    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    return entity.id;
  }

  it('uploads, reads, lists, deletes and confirms', async () => {
    const id = await confirmedEntity();
    const up = await expectStatus(
      t.api.upload<{ entityDocID: number }>(`/api/v1/entity/${id}/entity-doc`, entityDocs(1, 2), {
        bytes: PNG,
        filename: 'moi.png',
      }),
      201,
    );
    const docId = up.body.entityDocID;
    const got = await expectStatus(t.api.get<Json>(`/api/v1/entity/${docId}/entity-doc`), 200);
    expect(got.body).toMatchObject({ mimeType: 'image/png', filename: 'moi.png' });
    const record = (await t.api.get<{ documents: Json[] }>(`/api/v1/entity/${id}`)).body;
    expect(record.documents).toEqual([
      expect.objectContaining({
        entityDocID: docId,
        entityDocsID: 1,
        entityDocTypesID: 2,
        mimeType: 'image/png',
        size: PNG.length,
      }),
    ]);
    await expectStatus(t.api.delete(`/api/v1/entity/${docId}/entity-doc`), 200);
    expect((await t.api.get<{ documents: Json[] }>(`/api/v1/entity/${id}`)).body.documents).toEqual([]);
    expect(
      (await t.api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true })).status,
    ).toBe(409);
    await expectStatus(t.api.upload(`/api/v1/entity/${id}/entity-doc`, entityDocs(1, 1), pdfFile()), 201);
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true }),
      200,
    );
    expect((await t.api.upload(`/api/v1/entity/${id}/entity-doc`, entityDocs(1, 1), pdfFile())).status).toBe(
      409,
    );
  });

  it('checks entity groups and types and refuses content that is not a document', async () => {
    const id = await confirmedEntity();
    const path = `/api/v1/entity/${id}/entity-doc`;
    expect((await t.api.upload(path, entityDocs(1, 4), pdfFile())).status).toBe(400);
    expect((await t.api.upload(path, entityDocs(42, 1), pdfFile())).status).toBe(400);
    expect(
      (
        await t.api.upload(
          path,
          { documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }) },
          pdfFile(),
        )
      ).status,
    ).toBe(400);
    const text = await t.api.upload(path, entityDocs(), {
      bytes: TEXT,
      filename: 'report.pdf',
      type: 'application/pdf',
    });
    expect(text.status).toBe(400);
    expect(isUploadErrorBody(text.body)).toBe(true);
  });

  it("answers another partner's documents with 404", async () => {
    const id = await confirmedEntity();
    const up = await expectStatus(
      t.api.upload<{ entityDocID: number }>(`/api/v1/entity/${id}/entity-doc`, entityDocs(), pdfFile()),
      201,
    );
    const { uboId } = await newUbo();
    const uboUp = await expectStatus(
      t.api.upload<{ uboDocsID: number }>(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), pdfFile()),
      201,
    );
    const other = (await createPartner(t.url, { name: 'Snooper' })).client;
    for (const res of [
      await other.get(`/api/v1/entity/${up.body.entityDocID}/entity-doc`),
      await other.delete(`/api/v1/entity/${up.body.entityDocID}/entity-doc`),
      await other.upload(`/api/v1/entity/${id}/entity-doc`, entityDocs(), pdfFile()),
      await other.patch(`/api/v1/entity/${id}/entity-doc-confirm`, { docsUploadedReviewed: true }),
      await other.get(`/api/v1/entity/${uboUp.body.uboDocsID}/ubo-doc`),
      await other.delete(`/api/v1/entity/${uboUp.body.uboDocsID}/ubo-doc-delete`),
      await other.upload(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), pdfFile()),
      await other.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true }),
    ]) {
      expect(res.status).toBe(404);
      expect(isErrorBody(res.body, 404)).toBe(true);
    }
    expect((await t.api.get(`/api/v1/entity/${up.body.entityDocID}/entity-doc`)).status).toBe(200);
  });
});

describe('size limit', () => {
  it('defaults to 40 MB for entity and UBO documents and 20 MB for individual ones', () => {
    expect(resolveConfig({ dataDir: '/tmp/unused' }).limits).toEqual({
      entityDocumentBytes: 40 * 1024 * 1024,
      uboDocumentBytes: 40 * 1024 * 1024,
      individualDocumentBytes: 20 * 1024 * 1024,
    });
  });

  it('refuses a file one byte over 40 MB on a default instance, naming the limit', async () => {
    const { uboId } = await newUbo();
    const stored = readdirSync(join(t.sandbox.dataDir, 'files')).length;
    const big = Buffer.alloc(40 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const res = await t.api.upload(`/api/v1/entity/${uboId}/ubo-doc-upload`, uboDocs(), {
      bytes: big,
      filename: 'huge.pdf',
    });
    expect(res.status).toBe(400);
    expect(isUploadErrorBody(res.body)).toBe(true);
    expect(String(res.body.error)).toMatch(/40 MB/);
    expect(readdirSync(join(t.sandbox.dataDir, 'files'))).toHaveLength(stored);
    expect((await t.api.get('/api/v1/settings/countries')).status).toBe(200);
  });

  it('enforces a configured limit while streaming and keeps answering', async () => {
    const small = await startTestSandbox({ limits: { uboDocumentBytes: 1024, entityDocumentBytes: 2048 } });
    try {
      const { uboId } = await newUbo(small.api);
      const path = `/api/v1/entity/${uboId}/ubo-doc-upload`;
      const exact = Buffer.alloc(1024, 0x20);
      PDF.copy(exact);
      await expectStatus(small.api.upload(path, uboDocs(), { bytes: exact, filename: 'exact.pdf' }), 201);
      const over = Buffer.alloc(5000, 0x20);
      PDF.copy(over);
      const res = await small.api.upload(path, uboDocs(), { bytes: over, filename: 'over.pdf' });
      expect(res.status).toBe(400);
      expect(isUploadErrorBody(res.body)).toBe(true);
      expect(String(res.body.error)).toMatch(/1 KB/);
      expect(String(res.body.error)).toMatch(/KB received/);
      // Only the accepted file is on disk.
      expect(readdirSync(join(small.sandbox.dataDir, 'files'))).toHaveLength(1);
      expect((await small.api.get('/api/v1/entity')).status).toBe(200);
      await expectStatus(small.api.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, REVIEWED), 200);
    } finally {
      await small.stop();
    }
  });
});
