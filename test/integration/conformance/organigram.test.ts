// entity-api.md "Organigram node", "Organigram" endpoint and errors; contract §2 and §5 (path B).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  UUID_RE,
  arr,
  client,
  form,
  obj,
  str,
  startHarness,
  type Client,
  type Harness,
  type Json,
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

const ORG_NOT_ROOT = 'entityOrganigram must be an array whose first node is the Root';
const ORG_FINALISED = 'Organigram has already been finalised';
const ORG_TRUST_TYPES = 'Missing trust relationship types';

async function pathBEntity(entityType = 4): Promise<{ id: string; directors: string[] }> {
  const res = await api.post('/api/v1/entity', {
    entityRegName: 'Layered Holdings',
    entityRegNumber: '2015/000003/07',
    entityType,
  });
  expect(res.status, res.text).toBeLessThan(300);
  const e = obj(res.body);
  const id = str(e.id);
  expect(
    (
      await api.patch(`/api/v1/entity/${id}/kyb`, {
        entityTradingName: 'Layered',
        transactionConsistent: 'true',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api.patch(`/api/v1/entity/${id}/sanctions-review`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      })
    ).status,
  ).toBe(200);
  return { id, directors: arr(e.createdUbos).map((u) => str(obj(u).uboUUID)) };
}

interface Tree {
  rootGuid: string;
  personGuid: string;
  trustGuid: string;
  trusteeGuid: string;
  body: JsonObject;
}

function tree(options: { directorId?: string; trustTypes?: Json; omitTrustTypes?: boolean } = {}): Tree {
  const rootGuid = randomUUID();
  const personGuid = randomUUID();
  const trustGuid = randomUUID();
  const trusteeGuid = randomUUID();
  const trustee: JsonObject = {
    guid: trusteeGuid,
    parentGUID: trustGuid,
    shareholderType: 'Individual',
    firstName: 'Tess',
    lastName: 'Trustee',
    uboID: null,
    shareholderPercentage: 0,
    uboPercentage: 0,
    isTrustMember: true,
    isDirector: false,
    hasResolution: 'false',
    children: [],
  };
  if (!options.omitTrustTypes)
    trustee.trustRelatedPartyTypes =
      options.trustTypes === undefined ? JSON.stringify([{ id: 2, name: 'Trustee' }]) : options.trustTypes;
  const body: JsonObject = {
    entityOrganigram: [
      {
        guid: rootGuid,
        shareholderType: 'Root',
        shareholderEntityName: 'Layered Holdings',
        shareholderPercentage: 100,
        uboPercentage: 100,
        ubos: [],
        trustUbos: [],
        children: [
          {
            guid: personGuid,
            parentGUID: rootGuid,
            shareholderType: 'Individual',
            firstName: 'Petra',
            lastName: 'Person',
            uboID: options.directorId ?? null,
            shareholderPercentage: 60,
            uboPercentage: 60,
            isTrustMember: false,
            isDirector: true,
            hasResolution: 'true',
            children: [],
          },
          {
            guid: trustGuid,
            parentGUID: rootGuid,
            shareholderType: 'Trust',
            shareholderTrustName: 'Family Trust',
            shareholderPercentage: 40,
            uboPercentage: 40,
            children: [trustee],
          },
        ],
      },
    ],
  };
  return { rootGuid, personGuid, trustGuid, trusteeGuid, body };
}

function expectOrgError(
  res: { status: number; body: Json; text: string },
  status: number,
  text: string,
): void {
  expect(res.status, res.text).toBe(status);
  const body = obj(res.body);
  expect(body.statusCode).toBe(status);
  expect(body.message).toBe(text);
  expect(typeof body.error).toBe('string');
}

function children(node: JsonObject): JsonObject[] {
  return arr(node.children).map((c) => obj(c));
}

describe('verify-organigram errors (published texts, contract §2)', () => {
  let id = '';
  beforeAll(async () => {
    id = (await pathBEntity()).id;
  });

  it('refuses a body that is not an array with the Root first', async () => {
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, {
        entityOrganigram: { shareholderType: 'Root' },
      }),
      400,
      ORG_NOT_ROOT,
    );
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, { entityOrganigram: [] }),
      400,
      ORG_NOT_ROOT,
    );
    const t = tree();
    const root = obj(arr(t.body.entityOrganigram)[0] ?? null);
    const child = children(root)[0] ?? {};
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, { entityOrganigram: [child, root] }),
      400,
      ORG_NOT_ROOT,
    );
  });

  it('refuses an Individual under a Trust without trustRelatedPartyTypes', async () => {
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, tree({ omitTrustTypes: true }).body),
      400,
      ORG_TRUST_TYPES,
    );
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, tree({ trustTypes: null }).body),
      400,
      ORG_TRUST_TYPES,
    );
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, tree({ trustTypes: '' }).body),
      400,
      ORG_TRUST_TYPES,
    );
    expectOrgError(
      await api.patch(`/api/v1/entity/${id}/verify-organigram`, tree({ trustTypes: '[]' }).body),
      400,
      ORG_TRUST_TYPES,
    );
  });

  it('accepts only id and name pairs from the trust-related-party-types lookup', async () => {
    const res = await api.patch(
      `/api/v1/entity/${id}/verify-organigram`,
      tree({ trustTypes: JSON.stringify([{ id: 2, name: 'Founder' }]) }).body,
    );
    expect(res.status).toBe(400);
    const unknown = await api.patch(
      `/api/v1/entity/${id}/verify-organigram`,
      tree({ trustTypes: JSON.stringify([{ id: 999, name: 'Nobody' }]) }).body,
    );
    expect(unknown.status).toBe(400);
  });

  it('does not accept trustRelatedPartyTypes as a raw array', async () => {
    const res = await api.patch(
      `/api/v1/entity/${id}/verify-organigram`,
      tree({ trustTypes: [{ id: 2, name: 'Trustee' }] }).body,
    );
    expect(res.status).toBe(400);
    expect(obj(res.body).statusCode).toBe(400);
  });
});

describe('layered trees (entity-api "Organigram node")', () => {
  it('accepts an Entity holder with its own owners and renames every level', async () => {
    const { id } = await pathBEntity(5);
    const rootGuid = randomUUID();
    const holdingGuid = randomUUID();
    const ownerGuid = randomUUID();
    const res = await api.patch(`/api/v1/entity/${id}/verify-organigram`, {
      entityOrganigram: [
        {
          guid: rootGuid,
          shareholderType: 'Root',
          shareholderEntityName: 'Layered Holdings',
          shareholderPercentage: 100,
          uboPercentage: 100,
          ubos: [],
          trustUbos: [],
          children: [
            {
              guid: holdingGuid,
              parentGUID: rootGuid,
              shareholderType: 'Entity',
              shareholderEntityName: 'Holding (Pty) Ltd',
              shareholderPercentage: 100,
              uboPercentage: 100,
              children: [
                {
                  guid: ownerGuid,
                  parentGUID: holdingGuid,
                  shareholderType: 'Individual',
                  firstName: 'Olu',
                  lastName: 'Owner',
                  uboID: null,
                  shareholderPercentage: 100,
                  uboPercentage: 100,
                  isTrustMember: false,
                  isDirector: false,
                  hasResolution: 'false',
                  children: [],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const root = obj(arr(obj(res.body).entityOrganigram)[0]);
    const holding = children(root)[0];
    expect(holding?.id).toBe(holdingGuid);
    expect(holding?.parentID).toBe(rootGuid);
    const owner = children(holding ?? {})[0];
    expect(owner?.id).toBe(ownerGuid);
    expect(owner?.parentID).toBe(holdingGuid);
    expect(str(owner?.uboID)).toMatch(UUID_RE);
    expect(arr(root.ubos).map((u) => obj(u).uboID)).toContain(owner?.uboID);
  });

  it('refuses an unknown node type', async () => {
    const { id } = await pathBEntity(5);
    const t = tree();
    const root = obj(arr(t.body.entityOrganigram)[0]);
    const person = children(root)[0] ?? {};
    person.shareholderType = 'Company';
    const res = await api.patch(`/api/v1/entity/${id}/verify-organigram`, t.body);
    expect(res.status).toBe(400);
    expect(obj(res.body).statusCode).toBe(400);
  });
});

describe('path B ordering (contract §5)', () => {
  it('verify-organigram waits for the sanctions review', async () => {
    const res = await api.post('/api/v1/entity', {
      entityRegName: 'Early Tree',
      entityRegNumber: '2015/000003/07',
      entityType: 5,
    });
    const id = str(obj(res.body).id);
    const early = await api.patch(`/api/v1/entity/${id}/verify-organigram`, tree().body);
    expect(early.status).toBe(409);
    expect(str(obj(early.body).message)).toMatch(/kyb|sanction/i);
  });

  it('shareholding-confirm waits for the verified organigram', async () => {
    const { id, directors } = await pathBEntity(5);
    for (const uboId of directors) {
      await api.patch(`/api/v1/entity/${uboId}/director-ubo-update`, {
        firstName: 'Dee',
        lastName: 'Rector',
        clientSACitizen: true,
        idNumber: '8001015009087',
      });
      await api.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      });
      await api.post(
        `/api/v1/entity/${uboId}/ubo-doc-upload`,
        form({
          file: { bytes: PDF, name: 'id.pdf' },
          documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }),
        }),
      );
      expect(
        (await api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true })).status,
      ).toBe(200);
    }
    const res = await api.patch(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true });
    expect(res.status).toBe(409);
    expect(str(obj(res.body).message)).toMatch(/organigram|ownership/i);
  });
});

describe('path B (showOrganigram true)', () => {
  let id = '';
  let directorId = '';
  let t: Tree;
  let answer: JsonObject = {};

  it('refuses ubo-create and DELETE directors-and-members with 409', async () => {
    const e = await pathBEntity();
    id = e.id;
    directorId = e.directors[0] ?? '';
    const create = await api.post(`/api/v1/entity/${id}/ubo-create`, {
      firstName: 'A',
      lastName: 'B',
      clientSACitizen: true,
      idNumber: '8001015009087',
    });
    expect(create.status).toBe(409);
    expect(obj(create.body).statusCode).toBe(409);
    expect((await api.del(`/api/v1/entity/directors-and-members/${directorId}`)).status).toBe(409);
  });

  it('verifies the tree and answers it with the published renames', async () => {
    t = tree({ directorId });
    const res = await api.patch(`/api/v1/entity/${id}/verify-organigram`, t.body);
    expect(res.status, res.text).toBe(200);
    answer = obj(res.body);
    expect(['Low Risk', 'Medium Risk', 'High Risk']).toContain(answer.riskStatus);
    expect(answer.riskDescription).toBe(answer.riskStatus);
    const root = obj(arr(answer.entityOrganigram)[0] ?? null);
    expect(root.shareholderType).toBe('Root');
    expect(root.id).toBe(t.rootGuid);
    expect(root).not.toHaveProperty('guid');
    expect(['Low Risk', 'Medium Risk', 'High Risk']).toContain(root.riskStatus);
    const [person, trust] = children(root);
    expect(person?.id).toBe(t.personGuid);
    expect(person?.parentID).toBe(t.rootGuid);
    expect(person).not.toHaveProperty('guid');
    expect(person).not.toHaveProperty('parentGUID');
    expect(person?.uboID).toBe(directorId);
    expect(trust?.shareholderType).toBe('Trust');
    expect(trust?.trustID).toBe(t.trustGuid);
    expect(trust?.parentID).toBe(t.rootGuid);
    const trustee = children(trust ?? {})[0];
    expect(trustee?.id).toBe(t.trusteeGuid);
    expect(trustee?.parentID).toBe(t.trustGuid);
    expect(str(trustee?.uboID)).toMatch(UUID_RE);
    const ubos = arr(root.ubos).map((u) => obj(u));
    expect(ubos.length).toBeGreaterThan(0);
    for (const u of ubos) {
      expect(str(u.uboID)).toMatch(UUID_RE);
      expect(typeof u.firstName).toBe('string');
      expect(typeof u.lastName).toBe('string');
      expect(typeof u.shareholderPercentage).toBe('number');
      expect(typeof u.verified).toBe('boolean');
    }
    expect(ubos.map((u) => u.uboID)).toContain(directorId);
  });

  it('creates a UBO record for the new trust individual', async () => {
    const trustee = children(children(obj(arr(answer.entityOrganigram)[0] ?? null))[1] ?? {})[0];
    const res = await api.get(`/api/v1/entity/directors-and-members/${str(trustee?.uboID)}`);
    expect(res.status).toBe(200);
    expect(obj(res.body).firstName).toBe('Tess');
    const list = arr((await api.get(`/api/v1/entity/${id}/directors-and-members`)).body);
    expect(list.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a node change after the organigram is finalised with 409', async () => {
    expectOrgError(await api.patch(`/api/v1/entity/${id}/verify-organigram`, t.body), 409, ORG_FINALISED);
    expect(
      (
        await api.post(`/api/v1/entity/${id}/ubo-create`, {
          firstName: 'A',
          lastName: 'B',
          clientSACitizen: true,
          idNumber: '8001015009087',
        })
      ).status,
    ).toBe(409);
  });

  it('still allows director-ubo-update on organigram-created UBOs', async () => {
    const trustee = children(children(obj(arr(answer.entityOrganigram)[0] ?? null))[1] ?? {})[0];
    const res = await api.patch(`/api/v1/entity/${str(trustee?.uboID)}/director-ubo-update`, {
      firstName: 'Tess',
      lastName: 'Trustee',
      clientSACitizen: true,
      idNumber: '8001015009087',
    });
    expect(res.status).toBe(200);
  });

  it('shareholding-confirm returns the entity band once every person finished the loop', async () => {
    const early = await api.patch(`/api/v1/entity/${id}/shareholding-confirm`, {
      ownershipConfirmation: true,
    });
    expect(early.status).toBe(409);
    const people = arr((await api.get(`/api/v1/entity/${id}/directors-and-members`)).body).map((u) => obj(u));
    for (const person of people) {
      const uboId = str(person.uboID ?? person.uboUUID);
      const upd = await api.patch(`/api/v1/entity/${uboId}/director-ubo-update`, {
        firstName: str(person.firstName),
        lastName: str(person.lastName),
        clientSACitizen: true,
        idNumber: '8001015009087',
      });
      expect(upd.status, upd.text).toBe(200);
      const pep = await api.patch(`/api/v1/entity/${uboId}/ubo-pep-confirm`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      });
      expect(obj(pep.body).riskStatus).toBe('Low Risk');
      const up = await api.post(
        `/api/v1/entity/${uboId}/ubo-doc-upload`,
        form({
          file: { bytes: PDF, name: 'id.pdf' },
          documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }),
        }),
      );
      expect(up.status, up.text).toBeLessThan(300);
      expect(
        (await api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true })).status,
      ).toBe(200);
    }
    const res = await api.patch(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true });
    expect(res.status, res.text).toBe(200);
    const body = obj(res.body);
    expect(typeof body.message).toBe('string');
    expect(['Low Risk', 'Medium Risk', 'High Risk']).toContain(body.riskStatus);
    expect(typeof body.riskReason).toBe('string');
    expect(obj((await api.get(`/api/v1/entity/${id}`)).body).riskDescription).toBe(body.riskStatus);
  });
});
