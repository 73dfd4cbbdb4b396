// Entity creation (registry and screening magic values of contract §9, balance), the full record,
// the list with its filters and paging, and update-external-system-id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EntityCreateResponseSchema,
  EntityPageSchema,
  EntityRecordSchema,
} from '../../../shared/api/entity.js';
import {
  TYPES,
  createPartner,
  createEntity,
  expectStatus,
  isErrorBody,
  startTestSandbox,
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

describe('create entity', () => {
  it('looks up a South African registration number and pre-creates (N mod 3) + 1 directors', async () => {
    for (const [number, count] of [
      ['2015/000001/07', 2],
      ['2015/000002/07', 3],
      ['2015/000003/07', 1],
      ['1999/765432/06', (765432 % 3) + 1],
    ] as const) {
      const res = await t.api.post<Json>('/api/v1/entity', {
        entityRegName: 'Umbrella Trading',
        entityRegNumber: number,
        entityType: TYPES.privateCompany,
      });
      expect(res.status).toBe(201);
      const body = EntityCreateResponseSchema.parse(res.body);
      expect(body.registryCommercialName).toBe('UMBRELLA TRADING');
      expect(body.createdUbos).toHaveLength(count);
      for (const ubo of body.createdUbos)
        expect(ubo).toMatchObject({ isDirector: true, shareholderType: 'Individual' });
    }
  });

  it('names the same directors for the same number every time', async () => {
    const a = await createEntity(t.api, { entityRegNumber: '2020/424242/07' });
    const b = await createEntity(t.api, { entityRegNumber: '2020/424242/07' });
    const names = (e: typeof a): string[] => e.createdUbos.map((u) => `${u.firstName} ${u.lastName}`);
    expect(names(a)).toEqual(names(b));
    expect(a.createdUbos[0]?.uboUUID).not.toBe(b.createdUbos[0]?.uboUUID);
  });

  it('creates the entity without directors when the registry does not know the number', async () => {
    const body = await createEntity(t.api, { entityRegNumber: '2015/000000/07' });
    expect(body.createdUbos).toEqual([]);
    expect(JSON.stringify(body.registryCommercialResponse)).toMatch(/not found/i);
  });

  it('refuses another format for a South African type with a 400 naming entityRegNumber', async () => {
    for (const number of ['2015-123456-07', '15/123456/07', 'K2015123456', '2015/12345/07']) {
      const res = await t.api.post('/api/v1/entity', {
        entityRegName: 'Bad Number',
        entityRegNumber: number,
        entityType: TYPES.privateCompany,
      });
      expect(res.status).toBe(400);
      expect(isErrorBody(res.body, 400)).toBe(true);
      expect(res.body.message).toContain('entityRegNumber');
    }
  });

  it('does no look-up for a foreign type', async () => {
    const body = await createEntity(t.api, {
      entityRegName: 'Foreign GmbH',
      entityRegNumber: 'HRB 12345',
      entityType: TYPES.foreign,
    });
    expect(body.createdUbos).toEqual([]);
    expect(body.registryCommercialName ?? null).toBeNull();
  });

  it('screens the entity name for the magic words', async () => {
    const clean = EntityCreateResponseSchema.parse(await createEntity(t.api, { entityRegName: 'Clean Co' }));
    expect(clean.sanctionsSearchResults).toMatchObject({
      matchedNumber: 0,
      matchedEntities: [],
      webSearchResults: [],
    });
    const sanctioned = EntityCreateResponseSchema.parse(
      await createEntity(t.api, { entityRegName: 'SANCTIONED Imports' }),
    );
    expect(sanctioned.sanctionsSearchResults?.matchedNumber).toBe(1);
    const politician = EntityCreateResponseSchema.parse(
      await createEntity(t.api, { entityRegName: 'Politician Holdings' }),
    );
    expect(politician.sanctionsSearchResults?.matchedEntities?.[0]?.matchType).toBe('PEP');
    const adverse = EntityCreateResponseSchema.parse(
      await createEntity(t.api, { entityRegName: 'Adverse Media Ltd' }),
    );
    expect(adverse.sanctionsSearchResults?.webSearchResults).toHaveLength(1);
    expect(adverse.sanctionsSearchResults?.matchedNumber).toBe(0);
  });

  it('refuses an unknown entity type and missing fields', async () => {
    expect(
      (
        await t.api.post('/api/v1/entity', {
          entityRegName: 'X',
          entityRegNumber: '2015/000001/07',
          entityType: 999,
        })
      ).status,
    ).toBe(400);
    const missing = await t.api.post('/api/v1/entity', { entityRegName: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/entityRegNumber/);
    expect(missing.body.message).toMatch(/entityType/);
  });
});

describe('balance', () => {
  it('answers 402 with too little balance and creates nothing', async () => {
    const poor = await createPartner(t.url, { name: 'Poor Partner', balance: 15 });
    await createEntity(poor.client);
    const before = (await poor.client.get<{ balance: number }>('/api/v1/settings/partner')).body.balance;
    expect(before).toBe(5);
    const res = await poor.client.post('/api/v1/entity', {
      entityRegName: 'Too Expensive',
      entityRegNumber: '2015/000002/07',
      entityType: TYPES.privateCompany,
    });
    expect(res.status).toBe(402);
    expect(isErrorBody(res.body, 402)).toBe(true);
    expect(res.body.message).toMatch(/balance/i);
    expect((await poor.client.get<{ balance: number }>('/api/v1/settings/partner')).body.balance).toBe(5);
    const list = EntityPageSchema.parse((await poor.client.get('/api/v1/entity')).body);
    expect(list.count).toBe(1);
    expect(list.data.map((e) => e.entityRegName)).not.toContain('Too Expensive');
    // No registry directors were written either.
    const orphans = t.sandbox.context.db
      .prepare('SELECT COUNT(*) AS n FROM ubos WHERE entity_id NOT IN (SELECT id FROM entities)')
      .get() as { n: number };
    expect(orphans.n).toBe(0);
  });

  it('with a zero balance the list stays empty', async () => {
    const broke = await createPartner(t.url, { name: 'Broke Partner', balance: 0 });
    expect(
      (
        await broke.client.post('/api/v1/entity', {
          entityRegName: 'Nothing',
          entityRegNumber: '2015/000002/07',
          entityType: TYPES.privateCompany,
        })
      ).status,
    ).toBe(402);
    expect(EntityPageSchema.parse((await broke.client.get('/api/v1/entity')).body)).toMatchObject({
      data: [],
      count: 0,
    });
    expect((await broke.client.get<{ balance: number }>('/api/v1/settings/partner')).body.balance).toBe(0);
  });
});

describe('entity record and list', () => {
  it('returns the full record with the workflow flags', async () => {
    const entity = await createEntity(t.api, { clientReference: 'record-1', externalSystemId: 'ext-1' });
    const record = EntityRecordSchema.parse((await t.api.get(`/api/v1/entity/${entity.id}`)).body);
    expect(record).toMatchObject({
      id: entity.id,
      entityType: TYPES.privateCompany,
      clientReference: 'record-1',
      externalSystemId: 'ext-1',
      ficaStatus: 'In Progress',
      riskDescription: 'Undetermined',
      riskStatus: 'Undetermined',
      sanctionSearchCompleted: false,
      directorsConfirmed: false,
      organigramReviewed: false,
      shareholdersAdminConfirmed: false,
      docsUploadedReviewed: false,
      onboardingDecision: 'In Progress',
      documents: [],
      ubos: [],
    });
  });

  it('filters, pages and orders by lastUpdated newest first, and enforces take <= 100', async () => {
    const p = await createPartner(t.url, { name: 'Lister', balance: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await createEntity(p.client, {
            entityRegName: `Lister ${i}`,
            clientReference: i % 2 === 0 ? `even-${i}` : `odd-${i}`,
          })
        ).id,
      );
    // Touching the oldest makes it the newest.
    await expectStatus(p.client.patch(`/api/v1/entity/${ids[0]}/kyb`, { sameEntityName: true }), 200);
    const page = EntityPageSchema.parse((await p.client.get('/api/v1/entity')).body);
    expect(page).toMatchObject({ count: 5, take: 50, skip: 0 });
    expect(page.data.map((e) => e.id)).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    const even = EntityPageSchema.parse((await p.client.get('/api/v1/entity?clientReference=even')).body);
    expect(even.count).toBe(3);
    const paged = EntityPageSchema.parse((await p.client.get('/api/v1/entity?take=2&skip=1')).body);
    expect(paged).toMatchObject({ count: 5, take: 2, skip: 1 });
    expect(paged.data.map((e) => e.id)).toEqual([ids[4], ids[3]]);
    expect(
      EntityPageSchema.parse(
        (await p.client.get('/api/v1/entity?ficaStatus=In%20Progress&riskDescription=Undetermined')).body,
      ).count,
    ).toBe(5);
    expect(
      EntityPageSchema.parse((await p.client.get('/api/v1/entity?entityRegName=Lister%203')).body).count,
    ).toBe(1);
    expect(
      EntityPageSchema.parse((await p.client.get('/api/v1/entity?clientReference=%25')).body).count,
    ).toBe(0);
    const day = String(page.data[0]?.lastUpdated).slice(0, 10);
    expect(EntityPageSchema.parse((await p.client.get(`/api/v1/entity?lastUpdated=${day}`)).body).count).toBe(
      5,
    );
    expect(
      EntityPageSchema.parse((await p.client.get('/api/v1/entity?lastUpdated=2000-01-01')).body).count,
    ).toBe(0);
    expect((await p.client.get('/api/v1/entity?lastUpdated=yesterday')).status).toBe(400);
    expect((await p.client.get('/api/v1/entity?take=100')).status).toBe(200);
    for (const query of ['take=101', 'take=0', 'take=abc', 'skip=-1']) {
      const res = await p.client.get(`/api/v1/entity?${query}`);
      expect(res.status).toBe(400);
      expect(isErrorBody(res.body, 400)).toBe(true);
    }
  });

  it('updates the external system id on the existing record', async () => {
    const entity = await createEntity(t.api);
    const res = await t.api.patch('/api/v1/entity/update-external-system-id', {
      id: entity.id,
      externalSystemId: 'CRM-42',
    });
    expect(res.status).toBe(200);
    expect((await t.api.get(`/api/v1/entity/${entity.id}`)).body.externalSystemId).toBe('CRM-42');
    expect(
      (
        await t.api.patch('/api/v1/entity/update-external-system-id', {
          id: '00000000-0000-4000-8000-000000000000',
          externalSystemId: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.api.patch('/api/v1/entity/update-external-system-id', { id: 'nope', externalSystemId: 'x' }))
        .status,
    ).toBe(400);
  });

  it('stores the sanctions review and completes it only when pepConfirmReviewed is true', async () => {
    const entity = await createEntity(t.api);
    await expectStatus(t.api.patch(`/api/v1/entity/${entity.id}/kyb`, { sameEntityName: true }), 200);
    const partial = await t.api.patch(`/api/v1/entity/${entity.id}/sanctions-review`, {
      adverseSearchKYC: true,
      pepConfirmReviewed: false,
    });
    expect(partial.status).toBe(200);
    expect(partial.body.success).toBe(true);
    let record = (await t.api.get(`/api/v1/entity/${entity.id}`)).body;
    expect(record).toMatchObject({ adverseSearchKYC: true, sanctionSearchCompleted: false });
    await t.api.patch(`/api/v1/entity/${entity.id}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    record = (await t.api.get(`/api/v1/entity/${entity.id}`)).body;
    expect(record).toMatchObject({ adverseSearchKYC: false, sanctionSearchCompleted: true });
  });

  it('refuses KYB lookup ids that are not in the lookups', async () => {
    const entity = await createEntity(t.api);
    const res = await t.api.patch(`/api/v1/entity/${entity.id}/kyb`, { addressCountry: 999 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/addressCountry/);
    expect(
      (await t.api.patch(`/api/v1/entity/${entity.id}/kyb`, { transactionConsistent: true })).status,
    ).toBe(400);
  });
});
