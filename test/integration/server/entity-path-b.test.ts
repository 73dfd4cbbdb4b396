// Path B (showOrganigram true): an ownership tree with an Entity layer and a Trust with related
// parties, verified in one call, then every person's loop, to approval.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerifyOrganigramResponseSchema } from '../../../shared/api/organigram.js';
import { EntityRecordSchema } from '../../../shared/api/entity.js';
import {
  REVIEWED,
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

const types = (...items: Array<[number, string]>): string =>
  JSON.stringify(items.map(([id, name]) => ({ id, name })));

interface Tree {
  root: Json;
  guids: {
    root: string;
    holdco: string;
    thandi: string;
    director: string;
    trust: string;
    founder: string;
    trustee: string;
    beneficiary: string;
  };
}

function layeredTree(directorUboId: string | null, directorName: [string, string]): Tree {
  const g = {
    root: randomUUID(),
    holdco: randomUUID(),
    thandi: randomUUID(),
    director: randomUUID(),
    trust: randomUUID(),
    founder: randomUUID(),
    trustee: randomUUID(),
    beneficiary: randomUUID(),
  };
  const person = (
    guid: string,
    parent: string,
    firstName: string,
    lastName: string,
    share: number,
    extra: Json = {},
  ): Json => ({
    guid,
    parentGUID: parent,
    shareholderType: 'Individual',
    firstName,
    lastName,
    uboID: null,
    shareholderPercentage: share,
    uboPercentage: share,
    isTrustMember: false,
    isDirector: false,
    hasResolution: 'false',
    children: [],
    ...extra,
  });
  const root: Json = {
    guid: g.root,
    shareholderType: 'Root',
    shareholderEntityName: 'Layered Holdings',
    shareholderPercentage: 100,
    uboPercentage: 100,
    ubos: [],
    trustUbos: [],
    children: [
      {
        guid: g.holdco,
        parentGUID: g.root,
        shareholderType: 'Entity',
        shareholderEntityName: 'Mid Holdco (Pty) Ltd',
        shareholderPercentage: 60,
        uboPercentage: 60,
        children: [
          person(g.thandi, g.holdco, 'Thandi', 'Zulu', 70, { uboPercentage: 42 }),
          person(g.director, g.holdco, directorName[0], directorName[1], 30, {
            uboID: directorUboId,
            isDirector: true,
            uboPercentage: 18,
          }),
        ],
      },
      {
        guid: g.trust,
        parentGUID: g.root,
        shareholderType: 'Trust',
        shareholderTrustName: 'Zulu Family Trust',
        shareholderPercentage: 40,
        uboPercentage: 40,
        children: [
          person(g.founder, g.trust, 'Mark', 'Founder', 0, {
            isTrustMember: true,
            trustRelatedPartyTypes: types([1, 'Founder']),
          }),
          person(g.trustee, g.trust, 'Jane', 'Trustee', 0, {
            isTrustMember: true,
            trustRelatedPartyTypes: types([2, 'Trustee'], [4, 'Protector']),
          }),
          person(g.beneficiary, g.trust, 'Lindiwe', 'Zulu', 100, {
            isTrustMember: true,
            trustRelatedPartyTypes: types([3, 'Beneficiary']),
            uboPercentage: 40,
          }),
        ],
      },
    ],
  };
  return { root, guids: g };
}

type Node = Json & { children: Node[] };
const find = (node: Node, id: string): Node | undefined =>
  node.id === id ? node : node.children.map((c) => find(c, id)).find(Boolean);

describe('path B from create to approval', () => {
  it('verifies the tree once, runs every person and ends Approved', async () => {
    const { api } = t;
    // N = 000003: (3 mod 3) + 1 = 1 registry director, linked into the tree by its uboID.
    const entity = await createEntity(api, {
      entityRegName: 'Layered Holdings',
      entityRegNumber: '2018/000003/07',
      entityType: TYPES.layered,
    });
    const director = entity.createdUbos[0];
    if (!director) throw new Error('expected a registry director');
    const tree = layeredTree(director.uboUUID, [director.firstName, director.lastName]);

    // Nothing before KYB and the sanctions review.
    const early = await api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, {
      entityOrganigram: [tree.root],
    });
    expect(early.status).toBe(409);
    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/kyb`, {
        sameEntityName: true,
        addressCountry: 1,
        countriesTransactedWith: [1],
      }),
      200,
    );
    await expectStatus(api.patch(`/api/v1/entity/${entity.id}/sanctions-review`, REVIEWED), 200);

    // Path B never takes ubo-create, and never deletes one person.
    const ubcreate = await api.post(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Not', 'Allowed'));
    expect(ubcreate.status).toBe(409);
    expect(isErrorBody(ubcreate.body, 409)).toBe(true);
    expect((await api.delete(`/api/v1/entity/directors-and-members/${director.uboUUID}`)).status).toBe(409);

    const verified = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${entity.id}/verify-organigram`, { entityOrganigram: [tree.root] }),
      200,
    );
    const body = VerifyOrganigramResponseSchema.parse(verified.body);
    expect(body.riskStatus).toBe('High Risk');
    expect(body.riskDescription).toBe('High Risk');
    const root = body.entityOrganigram[0] as unknown as Node;
    expect(root.id).toBe(tree.guids.root);
    expect(root.riskStatus).toBe('High Risk');
    const holdco = find(root, tree.guids.holdco);
    expect(holdco?.parentID).toBe(tree.guids.root);
    const trust = find(root, tree.guids.trust);
    expect(trust?.trustID).toBe(tree.guids.trust);
    const directorNode = find(root, tree.guids.director);
    expect(directorNode?.uboID).toBe(director.uboUUID);
    const thandi = find(root, tree.guids.thandi);
    expect(thandi?.uboID).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(thandi?.parentID).toBe(tree.guids.holdco);
    // Root.ubos: effective shares through the layers (Thandi 60% x 70% = 42%).
    const summary = root.ubos as Json[];
    expect(summary.find((u) => u.uboID === thandi?.uboID)).toMatchObject({
      firstName: 'Thandi',
      lastName: 'Zulu',
      shareholderPercentage: 42,
      verified: false,
    });
    expect(summary).toHaveLength(5);

    // After finalisation no node changes.
    const again = await api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, {
      entityOrganigram: [tree.root],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Organigram has already been finalised');

    // Every person: the registry director and the organigram-created people need their details first.
    const people = (await api.get<Json[]>(`/api/v1/entity/${entity.id}/directors-and-members`)).body;
    expect(people).toHaveLength(5);
    const beneficiary = people.find((p) => p.firstName === 'Lindiwe');
    expect(beneficiary?.entityTrustID).toEqual(expect.any(String));
    expect(beneficiary?.trustRelatedPartyTypes).toBe(types([3, 'Beneficiary']));
    for (const p of people) {
      const uboId = String(p.uboID);
      await expectStatus(
        api.patch(
          `/api/v1/entity/${uboId}/director-ubo-update`,
          uboBody(String(p.firstName), String(p.lastName), {
            shareholderPercentage: String(p.shareholderPercentage ?? '0'),
          }),
        ),
        200,
      );
      await finishPerson(api, uboId);
    }

    const confirm = await expectStatus(
      api.patch<Json>(`/api/v1/entity/${entity.id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    expect(confirm.body.riskStatus).toBe('High Risk');
    expect(String(confirm.body.riskReason)).toMatch(/tree nodes/);
    await finishEntityDocuments(api, entity.id, 'High Risk');
    await expectStatus(
      api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, { onboardingDecision: 'Approved' }),
      200,
    );

    const record = EntityRecordSchema.parse((await api.get(`/api/v1/entity/${entity.id}`)).body);
    expect(record.ficaStatus).toBe('Approved');
    expect(record.organigramReviewed).toBe(true);
    expect(record.documents).toHaveLength(4);
    expect(
      (await api.patch(`/api/v1/entity/${entity.id}/onboarding-decision`, { onboardingDecision: 'Approved' }))
        .status,
    ).toBe(403);
    // Approved: a node change still gets the published finalisation text.
    const afterApproval = await api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, {
      entityOrganigram: [tree.root],
    });
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body).toEqual({
      statusCode: 409,
      message: 'Organigram has already been finalised',
      error: 'Conflict',
    });
  });
});

describe('verify-organigram errors', () => {
  const verify = async (body: unknown): Promise<{ status: number; body: Json }> => {
    const entity = await entityReadyForOwners(t.api, { entityType: TYPES.trustOwned });
    return t.api.patch(`/api/v1/entity/${entity.id}/verify-organigram`, body);
  };
  const NOT_ROOT = 'entityOrganigram must be an array whose first node is the Root';

  it('answers the published text when the body is not an array whose first node is the Root', async () => {
    for (const body of [
      {},
      { entityOrganigram: 'tree' },
      { entityOrganigram: [] },
      {
        entityOrganigram: [
          { guid: randomUUID(), shareholderType: 'Individual', firstName: 'A', lastName: 'B', children: [] },
        ],
      },
      { entityOrganigram: { shareholderType: 'Root' } },
    ]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_ROOT);
      expect(isErrorBody(res.body, 400)).toBe(true);
    }
  });

  it('answers the published text for a trust individual without relationship types', async () => {
    const tree = layeredTree(null, ['Some', 'Director']).root;
    const trust = (tree.children as Json[])[1] as Json;
    delete ((trust.children as Json[])[0] as Json).trustRelatedPartyTypes;
    const res = await verify({ entityOrganigram: [tree] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Missing trust relationship types');
  });

  it('refuses a raw array for trustRelatedPartyTypes, unknown types and shares over 100%', async () => {
    const raw = layeredTree(null, ['Some', 'Director']).root;
    (((raw.children as Json[])[1] as Json).children as Json[])[0] = {
      ...((((raw.children as Json[])[1] as Json).children as Json[])[0] as Json),
      trustRelatedPartyTypes: [{ id: 1, name: 'Founder' }],
    };
    expect((await verify({ entityOrganigram: [raw] })).status).toBe(400);

    const unknown = layeredTree(null, ['Some', 'Director']).root;
    ((((unknown.children as Json[])[1] as Json).children as Json[])[0] as Json).trustRelatedPartyTypes =
      types([99, 'Godparent']);
    const res = await verify({ entityOrganigram: [unknown] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Godparent/);

    const over = layeredTree(null, ['Some', 'Director']).root;
    ((over.children as Json[])[0] as Json).shareholderPercentage = 80;
    expect((await verify({ entityOrganigram: [over] })).status).toBe(400);
  });

  it('refuses an unknown uboID and the tree on a flat-list entity type', async () => {
    expect(
      (await verify({ entityOrganigram: [layeredTree(randomUUID(), ['Ghost', 'Person']).root] })).status,
    ).toBe(400);
    const flat = await entityReadyForOwners(t.api, { entityType: TYPES.privateCompany });
    const res = await t.api.patch(`/api/v1/entity/${flat.id}/verify-organigram`, {
      entityOrganigram: [layeredTree(null, ['A', 'B']).root],
    });
    expect(res.status).toBe(409);
  });

  it('accepts the bare array as well as the wrapped one', async () => {
    const res = await verify([layeredTree(null, ['Sam', 'Director']).root]);
    expect(res.status).toBe(200);
    expect(VerifyOrganigramResponseSchema.parse(res.body).entityOrganigram).toHaveLength(1);
  });
});
