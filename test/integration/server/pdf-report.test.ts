// The PDF report opens in a PDF reader (pdfjs-dist) and shows the entity and every UBO.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PdfReportResponseSchema } from '../../../shared/api/entity.js';
import {
  TYPES,
  createEntity,
  entityReadyForOwners,
  expectStatus,
  finishEntityDocuments,
  finishPerson,
  isErrorBody,
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

// The standard 14 fonts' metrics, so pdfjs reads the report's Helvetica text without warnings.
const STANDARD_FONTS = fileURLToPath(
  new URL('../../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url),
);

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text: parts.join(' ').replace(/\s+/g, ' ') };
}

async function report(id: string): Promise<{ pages: number; text: string }> {
  const res = await expectStatus(t.api.get<Json>(`/api/v1/entity/${id}/pdf-report`), 200);
  const body = PdfReportResponseSchema.parse(res.body);
  expect(body.mimeType).toBe('application/pdf');
  expect(body.filename).toBe(`fica-report-${id}.pdf`);
  return pdfText(Buffer.from(body.base64Content, 'base64'));
}

describe('entity PDF report', () => {
  it('reports a path A entity through approval: names, lookups by name, documents and decision', async () => {
    const entity = await entityReadyForOwners(t.api, {
      entityRegName: 'Report Testers (Pty) Ltd',
      entityRegNumber: '2016/000002/07',
    });
    const names: string[] = [];
    for (const d of entity.createdUbos) {
      await expectStatus(
        t.api.patch(
          `/api/v1/entity/${d.uboUUID}/director-ubo-update`,
          uboBody(d.firstName, d.lastName, { isDirector: true }),
        ),
        200,
      );
      await finishPerson(t.api, d.uboUUID);
      names.push(`${d.firstName} ${d.lastName}`);
    }
    const owner = await expectStatus(
      t.api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Precious', 'Owner-Mokoena')),
      201,
    );
    await finishPerson(t.api, String(owner.body.uboID));
    names.push('Precious Owner-Mokoena');
    const confirm = await expectStatus(
      t.api.patch<Json>(`/api/v1/entity/${entity.id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    await finishEntityDocuments(t.api, entity.id, String(confirm.body.riskStatus));
    await expectStatus(
      t.api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, {
        onboardingDecision: 'Approved',
        approvedComments: 'Reviewed by compliance desk',
      }),
      200,
    );

    const { text, pages } = await report(entity.id);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Report Testers (Pty) Ltd');
    for (const name of names) expect(text).toContain(name);
    // Lookup names, not ids.
    expect(text).toContain('Information technology');
    expect(text).toContain('South Africa');
    expect(text).toContain('Private Company (Pty) Ltd');
    expect(text).toContain('Proof of registration');
    expect(text).toContain('Reviewed by compliance desk');
    expect(text).toContain('Approved');
    expect(text).toContain(String(confirm.body.riskStatus));
  });

  it('draws a path B ownership tree and lists trust parties', async () => {
    const entity = await entityReadyForOwners(t.api, {
      entityRegName: 'Tree Drawing Holdings',
      entityRegNumber: '2017/000000/07',
      entityType: TYPES.trustOwned,
    });
    const rootGuid = randomUUID();
    const trustGuid = randomUUID();
    const tree = {
      guid: rootGuid,
      shareholderType: 'Root',
      shareholderEntityName: 'Tree Drawing Holdings',
      children: [
        {
          guid: randomUUID(),
          parentGUID: rootGuid,
          shareholderType: 'Individual',
          firstName: 'Direct',
          lastName: 'Holder',
          uboID: null,
          shareholderPercentage: 30,
          uboPercentage: 30,
          children: [],
        },
        {
          guid: trustGuid,
          parentGUID: rootGuid,
          shareholderType: 'Trust',
          shareholderTrustName: 'Mountain View Trust',
          shareholderPercentage: 70,
          uboPercentage: 70,
          children: [
            {
              guid: randomUUID(),
              parentGUID: trustGuid,
              shareholderType: 'Individual',
              firstName: 'Grace',
              lastName: 'Trustee',
              uboID: null,
              shareholderPercentage: 0,
              trustRelatedPartyTypes: JSON.stringify([{ id: 2, name: 'Trustee' }]),
              children: [],
            },
            {
              guid: randomUUID(),
              parentGUID: trustGuid,
              shareholderType: 'Individual',
              firstName: 'Ben',
              lastName: 'Beneficiary',
              uboID: null,
              shareholderPercentage: 100,
              trustRelatedPartyTypes: JSON.stringify([{ id: 3, name: 'Beneficiary' }]),
              children: [],
            },
          ],
        },
      ],
    };
    await expectStatus(
      t.api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, { entityOrganigram: [tree] }),
      200,
    );
    const { text } = await report(entity.id);
    expect(text).toContain('Tree Drawing Holdings');
    expect(text).toContain('Mountain View Trust');
    for (const name of ['Direct Holder', 'Grace Trustee', 'Ben Beneficiary']) expect(text).toContain(name);
    expect(text).toMatch(/TRUST/);
    expect(text).toContain('Beneficiary');
  });

  it('answers raw bytes with ?format=binary', async () => {
    const entity = await createEntity(t.api, { entityRegName: 'Binary Report Co' });
    const res = await fetch(`${t.url}/api/v1/entity/${entity.id}/pdf-report?format=binary`, {
      headers: { authorization: `Bearer ${t.api.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(bytes)).text).toContain('Binary Report Co');
    const bad = await t.api.get(`/api/v1/entity/${entity.id}/pdf-report?format=docx`);
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad.body, 400)).toBe(true);
  });

  it('stays readable for a tree too wide to draw', async () => {
    const entity = await entityReadyForOwners(t.api, {
      entityRegName: 'Wide Tree Holdings',
      entityType: TYPES.layered,
      entityRegNumber: '2019/000000/07',
    });
    const rootGuid = randomUUID();
    const children = Array.from({ length: 12 }, (_, i) => ({
      guid: randomUUID(),
      parentGUID: rootGuid,
      shareholderType: 'Individual',
      firstName: `Holder${i}`,
      lastName: 'Wide',
      uboID: null,
      shareholderPercentage: 8,
      children: [],
    }));
    await expectStatus(
      t.api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, {
        entityOrganigram: [
          { guid: rootGuid, shareholderType: 'Root', shareholderEntityName: 'Wide Tree Holdings', children },
        ],
      }),
      200,
    );
    const { text } = await report(entity.id);
    for (let i = 0; i < 12; i++) expect(text).toContain(`Holder${i} Wide`);
  });
});
