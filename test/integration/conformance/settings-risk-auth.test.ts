// entity-api "Lookups" and document group records, contract §1 (auth), §4 (lookups), §6 (risk),
// §10 (partners control API).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  SA_ID,
  arr,
  call,
  client,
  form,
  newPartner,
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

const list = async (name: string): Promise<JsonObject[]> => {
  const res = await api.get(`/api/v1/settings/${name}`);
  expect(res.status, name).toBe(200);
  return arr(res.body).map((x) => obj(x));
};

describe('lookups', () => {
  it('entity-types carry showOrganigram; fixtures cover both paths and a foreign type', async () => {
    const types = await list('entity-types');
    for (const t of types) {
      expect(typeof t.id).toBe('number');
      expect(typeof t.name).toBe('string');
      expect(typeof t.showOrganigram).toBe('boolean');
    }
    expect(types.some((t) => t.showOrganigram === false && t.foreignEntityType === false)).toBe(true);
    expect(types.some((t) => t.showOrganigram === true && t.foreignEntityType === false)).toBe(true);
    expect(types.some((t) => t.foreignEntityType === true)).toBe(true);
  });

  it('entity document groups use the entity field names; each band requires a group, high more than low', async () => {
    const groups = await list('entity-docs');
    for (const g of groups) {
      for (const key of [
        'id',
        'name',
        'descriptionLowRisk',
        'descriptionMediumRisk',
        'descriptionHighRisk',
        'requiredLowRisk',
        'requiredMediumRisk',
        'requiredHighRisk',
        'active',
      ]) {
        expect(g, key).toHaveProperty(key);
      }
      expect(typeof g.requiredLowRisk).toBe('boolean');
    }
    const req = (flag: string) => groups.filter((g) => g.active === true && g[flag] === true).length;
    expect(req('requiredLowRisk')).toBeGreaterThan(0);
    expect(req('requiredMediumRisk')).toBeGreaterThan(0);
    expect(req('requiredHighRisk')).toBeGreaterThan(req('requiredLowRisk'));
    const types = await list('entity-doc-types');
    const ids = new Set(groups.map((g) => g.id));
    for (const t of types) expect(ids.has(t.docID ?? null)).toBe(true);
    for (const g of groups)
      expect(types.filter((t) => t.docID === g.id).length, str(g.name)).toBeGreaterThan(1);
  });

  it('individual document groups use the individual field names (word order differs)', async () => {
    const groups = await list('individual-docs');
    for (const g of groups) {
      for (const key of [
        'id',
        'name',
        'lowRiskDescription',
        'mediumRiskDescription',
        'highRiskDescription',
        'lowRiskRequired',
        'mediumRiskRequired',
        'highRiskRequired',
        'active',
      ]) {
        expect(g, key).toHaveProperty(key);
      }
      expect(g).not.toHaveProperty('requiredLowRisk');
    }
    const req = (flag: string) => groups.filter((g) => g.active === true && g[flag] === true).length;
    expect(req('lowRiskRequired')).toBeGreaterThan(0);
    expect(req('mediumRiskRequired')).toBeGreaterThan(0);
    expect(req('highRiskRequired')).toBeGreaterThan(req('lowRiskRequired'));
    const types = await list('individual-doc-types');
    for (const t of types) expect(groups.map((g) => g.id)).toContain(t.docID);
  });

  it('trust related party types, and the lookups of contract §4 as {id, name, active}', async () => {
    const trp = await list('trust-related-party-types');
    const names = trp.map((t) => str(t.name).toLowerCase());
    for (const n of ['founder', 'trustee', 'beneficiary']) expect(names).toContain(n);
    for (const name of [
      'industries',
      'transaction-frequencies',
      'transaction-types',
      'funding-sources',
      'sources-of-wealth',
      'employment-statuses',
      'foreign-official-types',
    ]) {
      const items = await list(name);
      expect(items.length, name).toBeGreaterThan(0);
      for (const i of items) {
        expect(Number.isInteger(i.id), name).toBe(true);
        expect(typeof i.name).toBe('string');
        expect(typeof i.active).toBe('boolean');
      }
    }
    const countries = await list('countries');
    for (const c of countries) {
      expect(str(c.code)).toMatch(/^[A-Z]{2}$/);
      expect(typeof c.highRisk).toBe('boolean');
      expect(typeof c.active).toBe('boolean');
    }
    expect(countries.some((c) => c.highRisk === true)).toBe(true);
  });

  it('partner and users look-ups', async () => {
    const partner = obj((await api.get('/api/v1/settings/partner')).body);
    for (const key of ['id', 'name', 'balance', 'riskSettings']) expect(partner, key).toHaveProperty(key);
    expect(partner.id).toBe(h.sandbox.demoPartner.partnerId);
    const users = await list('users');
    expect(users.length).toBeGreaterThanOrEqual(2);
    for (const u of users)
      for (const key of ['id', 'name', 'email', 'role']) expect(u, key).toHaveProperty(key);
    const roles = users.map((u) => str(u.role).toLowerCase());
    expect(roles).toContain('capturer');
    expect(roles).toContain('reviewer');
  });
});

describe('authentication (contract §1)', () => {
  it('issues tokens {access_token, token_type: "Bearer", expires_in}', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: h.sandbox.demoPartner.clientId,
        client_secret: h.sandbox.demoPartner.clientSecret,
      }).toString(),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as JsonObject;
    expect(typeof body.access_token).toBe('string');
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
  });

  it('missing, malformed and unknown tokens are 401 with the published body and WWW-Authenticate', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer' },
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer not-a-real-token' },
    ];
    for (const headers of cases) {
      for (const path of [
        '/api/v1/entity',
        '/api/v1/individual',
        '/api/v1/settings/entity-types',
        '/api/v1/webhooks/subscriptions',
      ]) {
        const res = await call(h.url, 'GET', path, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
        const body = obj(res.body);
        expect(body.statusCode).toBe(401);
        expect(body.error).toBe('Unauthorized');
        expect(typeof body.message).toBe('string');
      }
    }
    const post = await call(h.url, 'POST', '/api/v1/entity', {
      body: { entityRegName: 'x', entityRegNumber: 'F', entityType: 7 },
    });
    expect(post.status).toBe(401);
  });

  it('refuses wrong client credentials', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: h.sandbox.demoPartner.clientId,
        client_secret: 'wrong',
      }).toString(),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('error shape (contract §2)', () => {
  it('malformed JSON, an unknown route and a wrong content type answer {statusCode, message, error}', async () => {
    const bad = await fetch(`${h.url}/api/v1/entity`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'application/json' },
      body: '{"entityRegName": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
    });
    const missing = await api.get('/api/v1/no-such-route');
    expect(missing.status).toBe(404);
    expect(obj(missing.body)).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: expect.any(String),
    });
    const text = await fetch(`${h.url}/api/v1/entity`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const body = (await text.json()) as JsonObject;
    expect(body.statusCode).toBe(text.status);
    expect(typeof body.message).toBe('string');
    expect(typeof body.error).toBe('string');
  });

  it('a bodiless request marked as JSON is not refused for its empty body', async () => {
    const sub = obj(
      (
        await api.post('/api/v1/webhooks/subscriptions', {
          name: 'Del',
          url: 'http://127.0.0.1:9/x',
          enabled: false,
          eventTypes: ['entity.created'],
        })
      ).body,
    );
    const del = await call(h.url, 'DELETE', `/api/v1/webhooks/subscriptions/${str(sub.id)}`, {
      token: h.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(del.status, del.text).toBe(200);
    const get = await call(h.url, 'GET', '/api/v1/settings/entity-types', {
      token: h.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(get.status).toBe(200);
    // A JSON body is still required where the operation takes one.
    const kyb = await call(h.url, 'PATCH', '/api/v1/entity/update-external-system-id', {
      token: h.token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(kyb.status).toBe(400);
    expect(obj(kyb.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('an Idempotency-Key does not change the 401 of a request without a token', async () => {
    const res = await call(h.url, 'POST', '/api/v1/entity', {
      body: { entityRegName: 'x', entityRegNumber: 'F', entityType: 7 },
      headers: { 'Idempotency-Key': '7d1f3f3e-9f8e-4b1a-8c55-0a3c2f7e9b10' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('an upload without a token is 401 in the published shape', async () => {
    const fd = form({ file: { bytes: PDF, name: 'a.pdf' }, documents: '[]' });
    const res = await call(
      h.url,
      'POST',
      '/api/v1/individual/00000000-0000-4000-8000-000000000000/documents',
      { body: fd },
    );
    expect(res.status).toBe(401);
    expect(obj(res.body)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });
});

describe('sandbox control API (contract §10)', () => {
  it('POST partners answers {partnerId, clientId, clientSecret, balance}', async () => {
    const res = await call(h.url, 'POST', '/sandbox/v1/partners', {
      body: { name: 'Control Co', balance: 42 },
    });
    expect([200, 201]).toContain(res.status);
    const body = obj(res.body);
    for (const key of ['partnerId', 'clientId', 'clientSecret', 'balance'])
      expect(body, key).toHaveProperty(key);
    expect(body.balance).toBe(42);
  });

  it('PATCH partners changes balance and riskSettings and answers the partner without secret', async () => {
    const p = await newPartner(h.url, { balance: 0 });
    expect(
      (await p.api.post('/api/v1/entity', { entityRegName: 'Broke', entityRegNumber: 'F', entityType: 7 }))
        .status,
    ).toBe(402);
    const res = await call(h.url, 'PATCH', `/sandbox/v1/partners/${p.partnerId}`, {
      body: { balance: 20, riskSettings: { mediumFrom: 4, highFrom: 12 } },
    });
    expect(res.status).toBe(200);
    const body = obj(res.body);
    expect(body).not.toHaveProperty('clientSecret');
    expect(res.text).not.toMatch(/secret/i);
    expect(body.balance).toBe(20);
    expect(
      (await p.api.post('/api/v1/entity', { entityRegName: 'Funded', entityRegNumber: 'F', entityType: 7 }))
        .status,
    ).toBeLessThan(300);
    expect(obj(obj((await p.api.get('/api/v1/settings/partner')).body).riskSettings)).toMatchObject({
      mediumFrom: 4,
      highFrom: 12,
    });
  });
});

describe('risk bands (entity-api "Risk bands", contract §6)', () => {
  async function toShareholding(
    c: Client,
    person: Record<string, unknown>,
    adverse = false,
  ): Promise<{ entityId: string; ubo: JsonObject; confirm: JsonObject }> {
    const entityId = str(
      obj(
        (await c.post('/api/v1/entity', { entityRegName: 'Risk Co', entityRegNumber: 'F-1', entityType: 7 }))
          .body,
      ).id,
    );
    await c.patch(`/api/v1/entity/${entityId}/kyb`, { entityTradingName: 'Risk' });
    await c.patch(`/api/v1/entity/${entityId}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const uboId = str(
      obj(
        (
          await c.post(`/api/v1/entity/${entityId}/ubo-create`, {
            firstName: 'Rita',
            lastName: 'Risk',
            isShareholder: true,
            shareholderPercentage: '100',
            ...person,
          })
        ).body,
      ).uboUUID,
    );
    const ubo = obj(
      (
        await c.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, {
          adverseSearchKYC: adverse,
          pepConfirmReviewed: true,
        })
      ).body,
    );
    const groups = arr((await c.get('/api/v1/settings/individual-docs')).body).map((g) => obj(g));
    const flag =
      ubo.riskStatus === 'High Risk'
        ? 'highRiskRequired'
        : ubo.riskStatus === 'Medium Risk'
          ? 'mediumRiskRequired'
          : 'lowRiskRequired';
    const types = arr((await c.get('/api/v1/settings/individual-doc-types')).body).map((t) => obj(t));
    for (const g of groups.filter((x) => x.active === true && x[flag] === true)) {
      const type = types.find((t) => t.docID === g.id);
      const up = await c.post(
        `/api/v1/entity/${uboId}/ubo-doc-upload`,
        form({
          file: { bytes: PDF, name: 'd.pdf' },
          documents: JSON.stringify({ individualDocsID: g.id, IndividualDocTypesID: type?.id }),
        }),
      );
      expect(up.status, up.text).toBeLessThan(300);
    }
    expect(
      (await c.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true })).status,
    ).toBe(200);
    const confirm = await c.patch(`/api/v1/entity/${entityId}/shareholding-confirm`, {
      ownershipConfirmation: true,
    });
    expect(confirm.status, confirm.text).toBe(200);
    return { entityId, ubo, confirm: obj(confirm.body) };
  }
  const citizen = { clientSACitizen: true, idNumber: SA_ID };
  const foreigner = { clientSACitizen: false, passportNumber: 'P1', passportCountry: 11 };

  it('default partner: a small structure is Low Risk; adverse UBO is High Risk; non-citizen Low without a medium range', async () => {
    const p = await newPartner(h.url);
    const low = await toShareholding(p.api, citizen);
    expect(low.ubo.riskStatus).toBe('Low Risk');
    expect(low.confirm.riskStatus).toBe('Low Risk');
    expect(obj((await p.api.get(`/api/v1/entity/${low.entityId}`)).body).riskDescription).toBe('Low Risk');
    expect((await toShareholding(p.api, citizen, true)).ubo.riskStatus).toBe('High Risk');
    expect((await toShareholding(p.api, foreigner)).ubo.riskStatus).toBe('Low Risk');
  });

  it('partner mediumFrom gives Medium Risk to a non-citizen and to an entity score in [mediumFrom, highFrom)', async () => {
    const p = await newPartner(h.url, { riskSettings: { mediumFrom: 2, highFrom: 100 } });
    const r = await toShareholding(p.api, foreigner);
    expect(r.ubo.riskStatus).toBe('Medium Risk');
    expect(r.confirm.riskStatus).toBe('Medium Risk');
  });

  it('partner highFrom lowers the high threshold', async () => {
    const p = await newPartner(h.url, { riskSettings: { highFrom: 2 } });
    const r = await toShareholding(p.api, citizen);
    expect(r.ubo.riskStatus).toBe('Low Risk');
    expect(r.confirm.riskStatus).toBe('High Risk');
    expect(typeof r.confirm.riskReason).toBe('string');
  });

  it('PATCH riskSettings takes effect for later assessments', async () => {
    const p = await newPartner(h.url);
    await call(h.url, 'PATCH', `/sandbox/v1/partners/${p.partnerId}`, {
      body: { riskSettings: { mediumFrom: 2 } },
    });
    const r = await toShareholding(p.api, foreigner);
    expect(r.ubo.riskStatus).toBe('Medium Risk');
    expect(r.confirm.riskStatus).toBe('Medium Risk');
  });

  it('an individual foreign official is High Risk after the PEP decision', async () => {
    const partner = obj((await api.get('/api/v1/settings/partner')).body);
    const user = obj(arr((await api.get('/api/v1/settings/users')).body)[0] ?? null);
    const id = str(
      obj(
        (
          await api.post('/api/v1/individual', {
            firstName: 'Fay',
            lastName: 'Official',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).id,
    );
    await api.post(`/api/v1/individual/${id}/aml-screening`);
    await api.post(`/api/v1/individual/${id}/external-validation`, {});
    const res = await api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: true,
      clientForeignOfficialType: 1,
      userID: user.id,
      partnerID: partner.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(obj(res.body).riskDescription).toBe('High Risk');
  });
});
