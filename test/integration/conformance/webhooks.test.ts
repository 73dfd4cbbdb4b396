// webhooks.md (subscription, delivery headers, envelope, event types, data fields) with contract §8
// (subscription answer, secret, list, PATCH, DELETE, Standard Webhooks signature) and §10 actions.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  SA_ID,
  UUID_RE,
  arr,
  call,
  client,
  num,
  obj,
  str,
  startHarness,
  type Client,
  type Harness,
  type JsonObject,
} from './helpers.js';

interface Delivery {
  headers: IncomingHttpHeaders;
  raw: string;
  body: JsonObject;
}

let h: Harness;
let api: Client;
let receiver: Server;
let receiverUrl = '';
const deliveries: Delivery[] = [];
/** Statuses the receiver answers with, one per request, before it falls back to 204. */
const scripted: number[] = [];
let secret = '';
let subscriptionId = '';
let partnerId = '';

const ALL_TYPES = [
  'entity.created',
  'entity.updated',
  'entity.document.created',
  'entity.document.deleted',
  'entityTrust.created',
  'entityTrust.updated',
  'ubo.created',
  'ubo.updated',
  'ubo.document.created',
  'ubo.document.deleted',
];

beforeAll(async () => {
  h = await startHarness({ webhookTimeScale: 0.001 });
  api = client(h.url, h.token);
  partnerId = h.sandbox.demoPartner.partnerId;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      deliveries.push({ headers: req.headers, raw, body: obj(JSON.parse(raw) as never) });
      res.writeHead(scripted.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await h.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function waitFor(eventIds: string[]): Promise<Delivery[]> {
  for (let i = 0; i < 200; i++) {
    const found = eventIds.map((id) => deliveries.find((d) => d.body.eventId === id));
    if (found.every((d) => d !== undefined)) return found as Delivery[];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`deliveries not received: ${eventIds.join(', ')}`);
}

async function action(body: Record<string, unknown>): Promise<string[]> {
  const res = await call(h.url, 'POST', '/sandbox/v1/dashboard-actions', { body: { partnerId, ...body } });
  expect(res.status, res.text).toBeLessThan(300);
  const ids = arr(obj(res.body).eventIds).map((id) => str(id));
  for (const id of ids) expect(id).toMatch(UUID_RE);
  return ids;
}

function verify(d: Delivery, whsec: string): boolean {
  const id = String(d.headers['webhook-id']);
  const ts = String(d.headers['webhook-timestamp']);
  const key = Buffer.from(whsec.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${d.raw}`).digest();
  return String(d.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, sig] = entry.split(',');
      const got = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
    });
}

describe('subscriptions (webhooks.md endpoint, contract §8)', () => {
  it('answers {id, name, url, enabled, eventTypes, secret, createdAt} with a whsec_ secret of 32 bytes', async () => {
    const res = await api.post('/api/v1/webhooks/subscriptions', {
      name: 'CRM',
      url: receiverUrl,
      enabled: true,
      eventTypes: ALL_TYPES,
    });
    expect([200, 201]).toContain(res.status);
    const body = obj(res.body);
    expect(str(body.id)).toMatch(UUID_RE);
    expect(body.name).toBe('CRM');
    expect(body.url).toBe(receiverUrl);
    expect(body.enabled).toBe(true);
    expect(body.eventTypes).toEqual(ALL_TYPES);
    expect(typeof body.createdAt).toBe('string');
    secret = str(body.secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    subscriptionId = str(body.id);
  });

  it('lists subscriptions without secrets', async () => {
    const res = await api.get('/api/v1/webhooks/subscriptions');
    expect(res.status).toBe(200);
    const list = arr(res.body).map((s) => obj(s));
    const mine = list.find((s) => s.id === subscriptionId);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty('secret');
    expect(res.text).not.toContain(secret);
  });

  it('refuses a plain-http URL that is not on loopback', async () => {
    const res = await api.post('/api/v1/webhooks/subscriptions', {
      name: 'Remote',
      url: 'http://example.com/hooks',
      enabled: true,
      eventTypes: ['entity.created'],
    });
    expect(res.status).toBe(400);
    expect(obj(res.body).statusCode).toBe(400);
  });

  it('changes one with PATCH and removes one with DELETE', async () => {
    const other = obj(
      (
        await api.post('/api/v1/webhooks/subscriptions', {
          name: 'Temp',
          url: receiverUrl,
          enabled: true,
          eventTypes: ['entity.created'],
        })
      ).body,
    );
    const id = str(other.id);
    const patched = await api.patch(`/api/v1/webhooks/subscriptions/${id}`, {
      enabled: false,
      name: 'Temp2',
    });
    expect(patched.status).toBe(200);
    expect(obj(patched.body)).toMatchObject({ enabled: false, name: 'Temp2' });
    expect(obj(patched.body)).not.toHaveProperty('secret');
    const listed = arr((await api.get('/api/v1/webhooks/subscriptions')).body).map((s) => obj(s));
    expect(listed.find((s) => s.id === id)?.enabled).toBe(false);
    expect((await api.del(`/api/v1/webhooks/subscriptions/${id}`)).status).toBe(200);
    const after = arr((await api.get('/api/v1/webhooks/subscriptions')).body).map((s) => obj(s).id);
    expect(after).not.toContain(id);
  });
});

describe('deliveries of dashboard actions', () => {
  let entityId = '';
  let uboId = '';
  let trustId = '';
  let apiEntityId = '';

  it('entity.created: the published envelope, every header, a valid Standard Webhooks signature', async () => {
    // A change through /api/v1/entity emits nothing.
    apiEntityId = str(
      obj(
        (
          await api.post('/api/v1/entity', {
            entityRegName: 'Api Made',
            entityRegNumber: 'F-1',
            entityType: 7,
          })
        ).body,
      ).id,
    );
    const requestedAt = Date.now();
    const ids = await action({
      action: 'createEntity',
      body: {
        entityRegName: 'Dash Co',
        entityRegNumber: '2015/000003/07',
        entityType: 1,
        clientReference: 'dash-ref',
      },
    });
    expect(ids.length).toBe(2); // entity.created, then ubo.created for the one imported director
    const [created, director] = await waitFor(ids);
    if (!created || !director) throw new Error('missing deliveries');
    const d = created;
    expect(d.headers['content-type']).toMatch(/^application\/json/);
    expect(d.headers['x-service-event-id']).toBe(d.body.eventId);
    expect(d.headers['x-service-event-type']).toBe('entity.created');
    expect(d.headers['webhook-id']).toBe(d.body.eventId);
    expect(d.headers['x-service-timestamp']).toMatch(/^\d+$/);
    expect(d.headers['webhook-timestamp']).toBe(d.headers['x-service-timestamp']);
    expect(d.headers['x-service-signature']).toBe(d.headers['webhook-signature']);
    expect(String(d.headers['webhook-signature'])).toMatch(
      /^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$/,
    );
    expect(Math.abs(Number(d.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(verify(d, secret)).toBe(true);
    expect(verify({ ...d, raw: d.raw.replace('Dash Co', 'Dash Cx') }, secret)).toBe(false);

    const e = d.body;
    expect(e.schemaVersion).toBe(1);
    expect(str(e.eventId)).toMatch(UUID_RE);
    expect(e.eventType).toBe('entity.created');
    // An ISO 8601 UTC date-time of the action itself: between the request (to the second) and now.
    expect(str(e.occurredAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/);
    expect(Date.parse(str(e.occurredAt))).toBeGreaterThanOrEqual(Math.floor(requestedAt / 1000) * 1000);
    expect(Date.parse(str(e.occurredAt))).toBeLessThanOrEqual(Date.now());
    expect(e.source).toBe('Entity');
    expect(str(e.sourceId)).toMatch(UUID_RE);
    expect(e.externalID).toBeNull();
    entityId = str(e.sourceId);
    const data = obj(e.data);
    for (const key of [
      'ficaStatus',
      'registeredName',
      'registrationNumber',
      'riskDescription',
      'clientRef',
      'entityType',
      'transactionFrequency',
      'adminAdded',
      'dateAdded',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.registeredName).toBe('Dash Co');
    // User ids are GUIDs; timestamps are ISO.
    if (data.adminAdded !== null) expect(str(data.adminAdded)).toMatch(UUID_RE);
    expect(Number.isNaN(Date.parse(str(data.dateAdded)))).toBe(false);
    expect(data.clientRef).toBe('dash-ref');

    expect(director.body.eventType).toBe('ubo.created');
    expect(director.body.sourceEntity).toBe('FICA_UBO');
    expect(director.body.entityId).toBe(entityId);
    uboId = str(director.body.sourceId);
    const ubo = obj(director.body.data);
    expect(ubo.uboId).toBe(uboId);
    for (const key of [
      'firstName',
      'lastName',
      'fullName',
      'ficaStatus',
      'riskStatus',
      'uboVerifiedStatus',
      'uboVerifiedRiskStatus',
      'isDirector',
      'isShareholder',
      'shareholderPercentage',
      'entityTrustID',
      'amlScreeningResults',
      'saCitizen',
      'citizenshipCountry',
      'residenceCountry',
      'identificationNumber',
      'passportNumber',
      'identificationType',
      'addressLine1',
      'addressLine2',
      'addressLine3',
      'zipCode',
      'country',
      'physicalAddress',
      'postalAddress',
      'foreignOffical',
      'foreignOfficalType',
      'registryData',
      'adminAdded',
      'dateAdded',
    ])
      expect(ubo, key).toHaveProperty(key);
    expect(typeof ubo.shareholderPercentage).toBe('number');
    // The API-made entity produced nothing.
    expect(deliveries.some((x) => x.body.sourceId === apiEntityId || x.body.entityId === apiEntityId)).toBe(
      false,
    );
  });

  it('entity.updated carries the grouped fields and sourceEntity FICA_ENTITY', async () => {
    const [d] = await waitFor(
      await action({
        action: 'updateEntity',
        entityId,
        changes: { entityTradingName: 'Dash Trading', clientReference: 'dash-ref-2' },
      }),
    );
    const e = d?.body ?? {};
    expect(e.eventType).toBe('entity.updated');
    expect(e.sourceEntity).toBe('FICA_ENTITY');
    expect(e.sourceId).toBe(entityId);
    expect(e.externalID).toBe('dash-ref-2');
    // "top level also carries entityType": on the envelope and in data alike.
    expect(e.entityType).toBe(1);
    const data = obj(e.data);
    for (const key of [
      'entityType',
      'ficaStatus',
      'entityRisk',
      'riskReason',
      'clientRef',
      'registeredName',
      'registrationNumber',
      'sameEntityName',
      'registryCommercialName',
      'amlScreeningResults',
      'clientValidationResults',
      'adverseSearchResults',
      'addressLine1',
      'addressLine2',
      'addressLine3',
      'zipCode',
      'country',
      'entityTel',
      'physicalAddress',
      'postalAddress',
      'directorsConfirmed',
      'directorsReviewed',
      'sanctionSearchCompleted',
      'shareholdersAdminConfirmed',
      'organigramReviewed',
      'docsUploadedReviewed',
      'additionalVerification',
      'onboardingAdminID',
      'onboardingAdminDate',
      'onboardingDecision',
      'onboardingDecisionReason',
      'nextFicaReviewDate',
      'referralAdminID',
      'referredToAdminID',
      'referralDate',
      'countriesTradedWith',
      'customFormAnswers',
      'industry',
      'transactionFrequency',
      'transactionClientConsistent',
      'adminUpdated',
      'dateUpdated',
    ])
      expect(data, key).toHaveProperty(key);
  });

  it('entity.document.created and .deleted carry entityId, entityDocID and the document fields', async () => {
    const [created] = await waitFor(
      await action({
        action: 'uploadEntityDocument',
        entityId,
        entityDocsID: 1,
        entityDocTypesID: 1,
        filename: 'cor.pdf',
        contentBase64: PDF.toString('base64'),
      }),
    );
    const e = created?.body ?? {};
    expect(e.eventType).toBe('entity.document.created');
    expect(e.sourceEntity).toBe('FICA_ENTITY_DOC');
    expect(e.entityId).toBe(entityId);
    const data = obj(e.data);
    const docId = num(data.entityDocID);
    expect(Number.isInteger(docId)).toBe(true);
    expect(data).toMatchObject({
      docGroupID: 1,
      docTypeID: 1,
      active: true,
      deleteAdminDate: null,
      deleteAdminId: null,
    });
    for (const key of ['docName', 'uploadDate', 'uploadAdminId']) expect(data, key).toHaveProperty(key);
    expect(typeof data.docName).toBe('string');
    expect(str(data.docName)).not.toMatch(/^https?:/);
    expect(data.docName).not.toBe('cor.pdf');
    expect(str(data.uploadAdminId)).toMatch(UUID_RE);
    expect(Number.isNaN(Date.parse(str(data.uploadDate)))).toBe(false);
    const [deleted] = await waitFor(
      await action({ action: 'deleteEntityDocument', entityId, entityDocID: docId }),
    );
    expect(deleted?.body.eventType).toBe('entity.document.deleted');
    const gone = obj(deleted?.body.data ?? null);
    expect(gone.entityDocID).toBe(docId);
    expect(gone.active).toBe(false);
    expect(typeof gone.deleteAdminDate).toBe('string');
    expect(str(gone.deleteAdminId)).toMatch(UUID_RE);
  });

  it('entityTrust.created and .updated carry the trust fields', async () => {
    const [created] = await waitFor(
      await action({
        action: 'addTrust',
        entityId,
        trustName: 'Dash Trust',
        sharePercentage: 30,
        uboPercentage: 30,
      }),
    );
    const e = created?.body ?? {};
    expect(e.eventType).toBe('entityTrust.created');
    expect(e.sourceEntity).toBe('FICA_ENTITY_TRUST');
    expect(e.entityId).toBe(entityId);
    const data = obj(e.data);
    trustId = str(data.entityTrustId);
    expect(trustId).toMatch(UUID_RE);
    expect(e.sourceId).toBe(trustId);
    expect(data).toMatchObject({ trustName: 'Dash Trust', sharePercentage: 30, uboPercentage: 30 });
    for (const key of ['trustStatus', 'riskStatus', 'adminAdded', 'dateAdded'])
      expect(data, key).toHaveProperty(key);
    const [updated] = await waitFor(
      await action({
        action: 'updateTrust',
        entityId,
        entityTrustId: trustId,
        changes: { trustName: 'Dash Trust II' },
      }),
    );
    expect(updated?.body.eventType).toBe('entityTrust.updated');
    const up = obj(updated?.body.data ?? null);
    expect(up.trustName).toBe('Dash Trust II');
    for (const key of ['adminUpdated', 'adminUpdateName', 'dateUpdated']) expect(up, key).toHaveProperty(key);
  });

  it('ubo.created, ubo.updated and UBO document events', async () => {
    const createIds = await action({
      action: 'createUbo',
      entityId,
      body: { firstName: 'Dora', lastName: 'Dash', clientSACitizen: true, idNumber: SA_ID },
    });
    expect(createIds).toHaveLength(1);
    const [created] = await waitFor(createIds);
    expect(created?.body.eventType).toBe('ubo.created');
    const newUbo = str(obj(created?.body.data ?? null).uboId);
    // Child-only changes do not fire entity.updated: one event each.
    const updateIds = await action({
      action: 'updateUbo',
      entityId,
      uboId: newUbo,
      changes: { lastName: 'Dashed' },
    });
    expect(updateIds).toHaveLength(1);
    const [updated] = await waitFor(updateIds);
    expect(updated?.body.eventType).toBe('ubo.updated');
    const up = obj(updated?.body.data ?? null);
    expect(up.lastName).toBe('Dashed');
    for (const key of ['clientRiskScore', 'riskReason', 'adminUpdated', 'dateUpdated'])
      expect(up, key).toHaveProperty(key);
    const [doc, ...more] = await waitFor(
      await action({
        action: 'uploadUboDocument',
        entityId,
        uboId,
        individualDocsID: 1,
        IndividualDocTypesID: 1,
        filename: 'id.pdf',
        contentBase64: PDF.toString('base64'),
      }),
    );
    expect(more).toHaveLength(0);
    const e = doc?.body ?? {};
    expect(e.eventType).toBe('ubo.document.created');
    expect(e.sourceEntity).toBe('FICA_UBO_DOC');
    expect(e.entityId).toBe(entityId);
    const data = obj(e.data);
    expect(data.uboId).toBe(uboId);
    const uboDocID = num(data.uboDocID);
    expect(data).toMatchObject({ docGroupID: 1, docTypeID: 1, active: true });
    const [deleted] = await waitFor(await action({ action: 'deleteUboDocument', entityId, uboId, uboDocID }));
    expect(deleted?.body.eventType).toBe('ubo.document.deleted');
    expect(obj(deleted?.body.data ?? null)).toMatchObject({ uboId, uboDocID, active: false });
  });

  it('operations under /api/v1/entity emit no event', async () => {
    const before = deliveries.length;
    await api.patch(`/api/v1/entity/${entityId}/kyb`, { entityTradingName: 'Api Trading' });
    await api.patch(`/api/v1/entity/${entityId}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const apiUbo = await api.post(`/api/v1/entity/${entityId}/ubo-create`, {
      firstName: 'Api',
      lastName: 'Owner',
      clientSACitizen: true,
      idNumber: SA_ID,
    });
    expect(apiUbo.status, apiUbo.text).toBeLessThan(300);
    const apiUboId = str(obj(apiUbo.body).uboUUID);
    await api.patch(`/api/v1/entity/${apiUboId}/director-ubo-update`, {
      firstName: 'Api',
      lastName: 'Owner2',
      clientSACitizen: true,
      idNumber: SA_ID,
    });
    await api.patch(`/api/v1/entity/${apiUboId}/ubo-pep-confirm`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const fd = new FormData();
    fd.append('documents', JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }));
    fd.append('file', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const up = await api.post(`/api/v1/entity/${apiUboId}/ubo-doc-upload`, fd);
    expect(up.status, up.text).toBeLessThan(300);
    await api.del(`/api/v1/entity/${num(obj(up.body).uboDocsID)}/ubo-doc-delete`);
    // A dashboard event after them arrives; nothing the API did was delivered before it.
    await waitFor(
      await action({ action: 'updateEntity', entityId, changes: { entityTradingName: 'Dash Trading' } }),
    );
    const since = deliveries.slice(before);
    expect(since.map((d) => d.body.eventType)).toEqual(['entity.updated']);
  });

  it('the dashboard change is real: the record shows it through the API', async () => {
    const rec = obj((await api.get(`/api/v1/entity/${entityId}`)).body);
    expect(rec.entityTradingName).toBe('Dash Trading');
    expect(rec.clientReference).toBe('dash-ref-2');
  });

  it('with no matching enabled subscription no HTTP call is made', async () => {
    await api.patch(`/api/v1/webhooks/subscriptions/${subscriptionId}`, { eventTypes: ['entity.updated'] });
    const ids = await action({
      action: 'createEntity',
      body: { entityRegName: 'Quiet Co', entityRegNumber: 'F-7', entityType: 7 },
    });
    expect(ids.length).toBeGreaterThan(0);
    // A later event that does match arrives; the unmatched one never did.
    const newest = arr(obj((await api.get('/api/v1/entity?take=1')).body).data);
    const quietId = str(obj(newest[0] ?? null).id);
    await waitFor(
      await action({ action: 'updateEntity', entityId: quietId, changes: { entityTradingName: 'Quiet' } }),
    );
    expect(deliveries.some((d) => ids.includes(str(d.body.eventId)))).toBe(false);
  });

  it('retries a failed delivery with the same eventId and webhook-id, signed afresh', async () => {
    await api.patch(`/api/v1/webhooks/subscriptions/${subscriptionId}`, {
      eventTypes: ALL_TYPES,
      enabled: true,
    });
    scripted.push(500);
    const before = deliveries.length;
    const [id] = await action({
      action: 'updateEntity',
      entityId,
      changes: { entityTradingName: 'Retry Trading' },
    });
    for (let i = 0; i < 200 && deliveries.filter((d) => d.body.eventId === id).length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    const attempts = deliveries.slice(before).filter((d) => d.body.eventId === id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    for (const a of attempts) {
      expect(a.headers['webhook-id']).toBe(id);
      expect(a.headers['x-service-event-id']).toBe(id);
      expect(verify(a, secret)).toBe(true);
    }
  });

  it('a redirect is not followed and counts as a failure: the event is retried', async () => {
    scripted.push(302);
    const before = deliveries.length;
    const [id] = await action({
      action: 'updateEntity',
      entityId,
      changes: { entityTradingName: 'Redirect Trading' },
    });
    for (let i = 0; i < 200 && deliveries.filter((d) => d.body.eventId === id).length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(deliveries.slice(before).filter((d) => d.body.eventId === id).length).toBeGreaterThanOrEqual(2);
  });

  it('a 410 answer disables the subscription', async () => {
    scripted.push(410);
    await waitFor(
      await action({ action: 'updateEntity', entityId, changes: { entityTradingName: 'Gone Trading' } }),
    );
    let enabled: unknown = true;
    for (let i = 0; i < 100 && enabled !== false; i++) {
      const list = arr((await api.get('/api/v1/webhooks/subscriptions')).body).map((x) => obj(x));
      enabled = list.find((x) => x.id === subscriptionId)?.enabled;
      if (enabled !== false) await new Promise((r) => setTimeout(r, 50));
    }
    expect(enabled).toBe(false);
  });
});
