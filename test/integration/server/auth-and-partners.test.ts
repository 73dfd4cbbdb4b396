// OAuth client credentials, bearer checks, partner scoping and the sandbox control API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponseSchema } from '../../../shared/api/auth.js';
import { PartnerSchema, UserListSchema } from '../../../shared/api/lookups.js';
import { PartnerCreateResponseSchema, PartnerPublicSchema } from '../../../shared/api/sandbox.js';
import { startSandbox } from '../../../server/index.js';
import {
  Client,
  createPartner,
  createEntity,
  expectStatus,
  getToken,
  isErrorBody,
  startTestSandbox,
  type Json,
  type TestSandbox,
} from './helpers.js';
import { controlHeaders } from '../../support/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

const token = (body: Record<string, string>, type = 'application/x-www-form-urlencoded'): Promise<Response> =>
  fetch(`${t.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: type.includes('json') ? JSON.stringify(body) : new URLSearchParams(body),
  });

describe('POST /oauth/token', () => {
  it('issues an opaque bearer token for valid client credentials', async () => {
    const { clientId, clientSecret } = t.sandbox.demoPartner;
    const res = await token({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(res.status).toBe(200);
    const raw = (await res.json()) as Json;
    expect(raw.token_type).toBe('Bearer');
    expect(raw.expires_in).toBe(3600);
    const parsed = TokenResponseSchema.parse(raw);
    expect(parsed.access_token.length).toBeGreaterThan(30);
    // Only a hash is stored: the token itself appears nowhere in the database.
    const rows = t.sandbox.context.db.prepare('SELECT token_hash FROM access_tokens').all() as Array<{
      token_hash: string;
    }>;
    expect(rows.some((r) => r.token_hash === parsed.access_token)).toBe(false);
  });

  it('also accepts the client credentials as HTTP Basic', async () => {
    const { clientId, clientSecret } = t.sandbox.demoPartner;
    const res = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    const bad = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(bad.status).toBe(401);
  });

  it('refuses a wrong secret, an unknown client and a wrong grant type', async () => {
    const { clientId } = t.sandbox.demoPartner;
    const wrong = await token({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await token({
      grant_type: 'client_credentials',
      client_id: 'sbx_unknown',
      client_secret: 'x',
    });
    expect(unknown.status).toBe(401);
    const grant = await token({ grant_type: 'password', client_id: clientId, client_secret: 'x' });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await token({ grant_type: 'client_credentials' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('bearer authentication', () => {
  const expect401 = async (headers: Record<string, string>): Promise<void> => {
    const res = await fetch(`${t.url}/api/v1/entity`, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const body = (await res.json()) as Json;
    expect(isErrorBody(body, 401)).toBe(true);
    expect(body.error).toBe('Unauthorized');
  };

  it('refuses a missing, malformed or unknown token with 401 and WWW-Authenticate', async () => {
    await expect401({});
    await expect401({ authorization: 'Basic dXNlcjpwYXNz' });
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: 'Bearer not a token' });
    await expect401({ authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  });

  it('refuses an expired and a revoked token', async () => {
    const { clientId, clientSecret } = t.sandbox.demoPartner;
    const expired = await getToken(t.url, clientId, clientSecret);
    const revoked = await getToken(t.url, clientId, clientSecret);
    expect((await new Client(t.url, expired).get('/api/v1/entity')).status).toBe(200);
    t.sandbox.context.tokens.expire(expired);
    t.sandbox.context.tokens.revoke(revoked);
    await expect401({ authorization: `Bearer ${expired}` });
    await expect401({ authorization: `Bearer ${revoked}` });
  });

  it('guards every /api/v1 route, lookups included', async () => {
    for (const path of [
      '/api/v1/settings/entity-types',
      '/api/v1/settings/partner',
      '/api/v1/entity/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(401);
    }
  });
});

describe('partner scoping', () => {
  it("answers another partner's records with 404, never 403", async () => {
    const other = await createPartner(t.url, { name: 'Other Bank' });
    const entity = await createEntity(t.api, { entityRegNumber: '2010/000001/07' });
    const director = entity.createdUbos[0];
    if (!director) throw new Error('expected a director');
    const foreign = other.client;
    const attempts: Array<Promise<{ status: number; body: Json }>> = [
      foreign.get(`/api/v1/entity/${entity.id}`),
      foreign.patch(`/api/v1/entity/${entity.id}/kyb`, { sameEntityName: true }),
      foreign.patch(`/api/v1/entity/${entity.id}/sanctions-review`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      foreign.patch('/api/v1/entity/update-external-system-id', { id: entity.id, externalSystemId: 'x' }),
      foreign.get(`/api/v1/entity/${entity.id}/directors-and-members`),
      foreign.get(`/api/v1/entity/directors-and-members/${director.uboUUID}`),
      foreign.delete(`/api/v1/entity/directors-and-members/${director.uboUUID}`),
      foreign.patch(`/api/v1/entity/${director.uboUUID}/director-ubo-update`, {
        firstName: 'A',
        lastName: 'B',
        clientSACitizen: true,
        idNumber: '8001015009087',
      }),
      foreign.patch(`/api/v1/entity/${director.uboUUID}/ubo-pep-confirm`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      foreign.get(`/api/v1/entity/ubo/${director.uboUUID}/profile-image`),
      foreign.patch(`/api/v1/entity/${entity.id}/shareholding-confirm`, { ownershipConfirmation: true }),
      foreign.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, { onboardingDecision: 'In Progress' }),
      foreign.get(`/api/v1/entity/${entity.id}/pdf-report`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(isErrorBody(res.body, 404)).toBe(true);
    }
    expect((await foreign.get<{ count: number }>('/api/v1/entity')).body.count).toBe(0);
    // The owner still sees it unchanged.
    expect((await t.api.get(`/api/v1/entity/${entity.id}`)).body.externalSystemId ?? null).toBeNull();
  });
});

describe('sandbox control API', () => {
  it('creates a partner with two users and reports it through the settings lookups', async () => {
    const res = await fetch(`${t.url}/sandbox/v1/partners`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Branch Bank',
        balance: 55,
        riskSettings: { mediumFrom: 8, highFrom: 15 },
      }),
    });
    expect(res.status).toBe(201);
    const created = PartnerCreateResponseSchema.parse(await res.json());
    expect(created.balance).toBe(55);
    const client = new Client(t.url, await getToken(t.url, created.clientId, created.clientSecret));
    const partner = PartnerSchema.parse((await client.get('/api/v1/settings/partner')).body);
    expect(partner).toMatchObject({
      id: created.partnerId,
      name: 'Branch Bank',
      balance: 55,
      riskSettings: { mediumFrom: 8, highFrom: 15 },
    });
    const users = UserListSchema.parse((await client.get('/api/v1/settings/users')).body);
    expect(users.map((u) => u.role).sort()).toEqual(['capturer', 'reviewer']);
  });

  it('changes balance and risk settings without showing the secret', async () => {
    const p = await createPartner(t.url, { name: 'Patch Me' });
    const patch = (body: unknown, id = p.partnerId): Promise<Response> =>
      fetch(`${t.url}/sandbox/v1/partners/${id}`, {
        method: 'PATCH',
        headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await patch({ balance: 7, riskSettings: { mediumFrom: 5 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(PartnerPublicSchema.parse(body)).toMatchObject({
      partnerId: p.partnerId,
      balance: 7,
      riskSettings: { mediumFrom: 5, highFrom: 15 },
    });
    expect(JSON.stringify(body)).not.toContain(p.clientSecret);
    expect(body).not.toHaveProperty('clientSecret');
    expect((await patch({ riskSettings: { mediumFrom: 20 } })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    expect((await patch({ balance: 1 }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await patch({ balance: 1 }, 'not-a-uuid')).status).toBe(404);
    // A medium range turns a non-citizen into Medium Risk (contract §6).
    await patch({ balance: 70 });
    const entity = await createEntity(p.client, { entityRegNumber: '2012/000000/07' });
    expect((await p.client.get<{ balance: number }>('/api/v1/settings/partner')).body.balance).toBe(60);
    await expectStatus(p.client.patch(`/api/v1/entity/${entity.id}/kyb`, { sameEntityName: true }), 200);
    await expectStatus(
      p.client.patch(`/api/v1/entity/${entity.id}/sanctions-review`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      200,
    );
    const ubo = await expectStatus(
      p.client.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, {
        firstName: 'Anna',
        lastName: 'Schmidt',
        clientSACitizen: false,
        passportNumber: 'C01X00T47',
        passportCountry: 13,
      }),
      201,
    );
    const pep = await p.client.patch(`/api/v1/entity/${String(ubo.body.uboID)}/ubo-pep-confirm`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    expect(pep.body.riskStatus).toBe('Medium Risk');
  });

  it('refuses partner creation without a name', async () => {
    const res = await fetch(`${t.url}/sandbox/v1/partners`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(isErrorBody(await res.json(), 400)).toBe(true);
  });

  it('is switched off in live mode', async () => {
    const live = await startSandbox({ port: 0, mode: 'live' });
    try {
      const res = await fetch(`${live.url}/sandbox/v1/partners`, {
        method: 'POST',
        headers: { ...controlHeaders(live.url), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'X' }),
      });
      expect(res.status).toBe(404);
      expect(isErrorBody(await res.json(), 404)).toBe(true);
    } finally {
      await live.stop();
      rmSync(live.dataDir, { recursive: true, force: true });
    }
  });
});

describe('demo partner', () => {
  it('keeps the same credentials across restarts of one data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fica-sbx-restart-'));
    try {
      const first = await startSandbox({ port: 0, dataDir });
      const demo = first.demoPartner;
      const client = new Client(first.url, await getToken(first.url, demo.clientId, demo.clientSecret));
      const entity = await createEntity(client);
      await first.stop();
      const second = await startSandbox({ port: 0, dataDir });
      expect(second.demoPartner).toEqual(demo);
      const again = new Client(second.url, await getToken(second.url, demo.clientId, demo.clientSecret));
      expect((await again.get(`/api/v1/entity/${entity.id}`)).status).toBe(200);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
