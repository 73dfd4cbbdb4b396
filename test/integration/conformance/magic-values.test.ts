// contract §9: the simulated providers' magic values (registry, screening, credit bureau, bank).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SA_ID,
  arr,
  client,
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

async function create(
  body: Record<string, unknown>,
): Promise<{ status: number; body: JsonObject; text: string }> {
  const res = await api.post('/api/v1/entity', { entityRegName: 'Magic Co', entityType: 1, ...body });
  return {
    status: res.status,
    body: typeof res.body === 'object' && res.body !== null && !Array.isArray(res.body) ? res.body : {},
    text: res.text,
  };
}

/** A South African ID number with a valid Luhn check digit. */
function saId(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    let d = Number(first12[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

describe('companies registry', () => {
  it('pre-creates (N mod 3) + 1 directors, names drawn deterministically', async () => {
    for (const [middle, expected] of [
      [1, 2],
      [2, 3],
      [3, 1],
      [4, 2],
      [123456, 1],
      [999998, 3],
    ] as const) {
      const regNo = `2015/${String(middle).padStart(6, '0')}/07`;
      const res = await create({ entityRegNumber: regNo });
      expect(res.status, res.text).toBeLessThan(300);
      expect(arr(res.body.createdUbos), regNo).toHaveLength(expected);
      expect(res.body.registryCommercialName).toBe('MAGIC CO');
    }
    const names = async (): Promise<string[]> =>
      arr((await create({ entityRegNumber: '2015/000005/07' })).body.createdUbos).map(
        (u) => `${str(obj(u).firstName)} ${str(obj(u).lastName)}`,
      );
    expect(await names()).toEqual(await names());
  });

  it('middle part 000000: created, createdUbos empty, the response says not found', async () => {
    const res = await create({ entityRegNumber: '2015/000000/07' });
    expect(res.status).toBeLessThan(300);
    expect(res.body.createdUbos).toEqual([]);
    expect(JSON.stringify(res.body.registryCommercialResponse)).toMatch(/not found/i);
    expect((await api.get(`/api/v1/entity/${str(res.body.id)}`)).status).toBe(200);
  });

  it('any other format for a South African type is 400 naming entityRegNumber', async () => {
    for (const bad of ['12345', '2015-000001-07', '2015/00001/07', 'ABCD/000001/07']) {
      const res = await create({ entityRegNumber: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(str(res.body.message)).toContain('entityRegNumber');
    }
  });

  it('foreign entity types have no look-up and no createdUbos', async () => {
    const res = await create({ entityType: 7, entityRegNumber: '2015/000002/07' });
    expect(res.status).toBeLessThan(300);
    expect(res.body.createdUbos).toEqual([]);
    const free = await create({ entityType: 7, entityRegNumber: 'HRB 12345' });
    expect(free.status).toBeLessThan(300);
    expect(free.body.createdUbos).toEqual([]);
  });
});

describe('screening', () => {
  const results = async (name: string): Promise<JsonObject> =>
    obj(
      (await create({ entityRegName: name, entityRegNumber: '2015/000003/07' })).body
        .sanctionsSearchResults ?? null,
    );

  it('Sanctioned (any case) gives one sanctions match, Politician one PEP match, Adverse one web result', async () => {
    expect((await results('The sAnCtIoNeD Company')).matchedNumber).toBe(1);
    expect(arr((await results('The Sanctioned Company')).matchedEntities)).toHaveLength(1);
    expect((await results('Politician Holdings')).matchedNumber).toBe(1);
    const adverse = await results('Adverse Media Ltd');
    expect(arr(adverse.webSearchResults)).toHaveLength(1);
    const clean = await results('Clean Company');
    expect(clean.matchedNumber).toBe(0);
    expect(arr(clean.matchedEntities)).toHaveLength(0);
    expect(arr(clean.webSearchResults)).toHaveLength(0);
  });

  it('screens people: individual AML screening and ubo-create', async () => {
    const ind = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Sanctioned',
            lastName: 'Person',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    const aml = obj((await api.post(`/api/v1/individual/${ind}/aml-screening`)).body);
    expect(aml.matchedNumber).toBe(1);
    const clean = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Plain',
            lastName: 'Person',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    expect(obj((await api.post(`/api/v1/individual/${clean}/aml-screening`)).body).matchedNumber).toBe(0);
    const adverse = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Adverse',
            lastName: 'Person',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    expect(
      arr(obj((await api.post(`/api/v1/individual/${adverse}/aml-screening`)).body).webSearchResults),
    ).toHaveLength(1);

    const e = str((await create({ entityType: 7, entityRegNumber: 'F-1' })).body.id);
    await api.patch(`/api/v1/entity/${e}/kyb`, { entityTradingName: 'x' });
    await api.patch(`/api/v1/entity/${e}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const ubo = obj(
      (
        await api.post(`/api/v1/entity/${e}/ubo-create`, {
          firstName: 'Pat',
          lastName: 'Politician',
          clientSACitizen: true,
          idNumber: SA_ID,
        })
      ).body,
    );
    expect(obj(ubo.sanctionsSearchResults).matchedNumber).toBe(1);
  });
});

describe('credit bureau (external validation)', () => {
  async function validate(identificationNumber: string): Promise<{ status: number; body: JsonObject }> {
    const id = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Cara',
            lastName: 'Bureau',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    await api.post(`/api/v1/individual/${id}/aml-screening`);
    const res = await api.post(`/api/v1/individual/${id}/external-validation`, { identificationNumber });
    return {
      status: res.status,
      body: typeof res.body === 'object' && res.body !== null && !Array.isArray(res.body) ? res.body : {},
    };
  }

  it('a valid ID is Verified with BirthDate and Gender from the number', async () => {
    const res = await validate(SA_ID);
    expect(res.status).toBeLessThan(300);
    expect(obj(res.body.kycResult).IDStatusDesc).toBe('Verified');
    const detail = obj(res.body.consumerDetail);
    expect(str(detail.BirthDate)).toContain('1980-01-01');
    expect(str(detail.Gender)).toMatch(/^m/i);
    const female = await validate(saId('920315012308'));
    expect(str(obj(female.body.consumerDetail).BirthDate)).toContain('1992-03-15');
    expect(str(obj(female.body.consumerDetail).Gender)).toMatch(/^f/i);
  });

  it('sequence digits 0000 give Not Found', async () => {
    const res = await validate(saId('800101000008'));
    expect(res.status).toBeLessThan(300);
    expect(obj(res.body.kycResult).IDStatusDesc).toBe('Not Found');
  });

  it('a bad check digit or a wrong length is 400', async () => {
    const bad = SA_ID.slice(0, 12) + String((Number(SA_ID[12]) + 1) % 10);
    expect((await validate(bad)).status).toBe(400);
    expect((await validate('80010150090')).status).toBe(400);
    expect((await validate('80010150090871')).status).toBe(400);
  });
});

describe('bank account verification', () => {
  it('ending 0: exists but holder does not match; 9: not found; other: verified', async () => {
    const id = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Ben',
            lastName: 'Bank',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    const verify = async (accountNumber: string): Promise<JsonObject> => {
      const res = await api.post(`/api/v1/services/individual/${id}/bank-account-verification`, {
        accountNumber,
        branchCode: '250655',
        accountType: 'current',
        bankName: 'FNB',
      });
      expect(res.status, res.text).toBeLessThan(300);
      return obj(res.body);
    };
    const zero = await verify('62000000010');
    expect(zero).toMatchObject({ verified: false, accountExists: true, holderMatches: false });
    const nine = await verify('62000000019');
    expect(nine).toMatchObject({ verified: false, accountExists: false });
    const ok = await verify('62000000012');
    expect(ok).toMatchObject({
      verified: true,
      accountExists: true,
      accountOpen: true,
      holderMatches: true,
      acceptsDebits: true,
      acceptsCredits: true,
    });
    const badType = await api.post(`/api/v1/services/individual/${id}/bank-account-verification`, {
      accountNumber: '62000000012',
      branchCode: '250655',
      accountType: 'cheque',
    });
    expect(badType.status).toBe(400);
    expect(
      (
        await api.post(
          '/api/v1/services/individual/00000000-0000-4000-8000-000000000000/bank-account-verification',
          { accountNumber: '62000000012', branchCode: '250655', accountType: 'savings' },
        )
      ).status,
    ).toBe(404);
    const noBearer = await fetch(`${h.url}/api/v1/services/individual/${id}/bank-account-verification`, {
      method: 'POST',
    });
    expect(noBearer.status).toBe(401);
  });
});
