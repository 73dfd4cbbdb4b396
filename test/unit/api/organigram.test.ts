import { describe, expect, it } from 'vitest';
import * as organigram from '../../../shared/api/organigram.js';
import {
  MAX_ORGANIGRAM_DEPTH,
  ORGANIGRAM_ERRORS,
  OrganigramNodeRequestSchema,
  VerifyOrganigramRequestSchema,
  VerifyOrganigramResponseSchema,
} from '../../../shared/api/organigram.js';
import { organigramCases, personNode, rootNode, trustNode, trustee } from './cases/organigram.cases.js';
import { issuesOf, runCases } from './cases/runner.js';

runCases(organigram, organigramCases);

describe('ORGANIGRAM_ERRORS', () => {
  it('holds the published texts verbatim', () => {
    expect(ORGANIGRAM_ERRORS).toEqual({
      notRootArray: 'entityOrganigram must be an array whose first node is the Root',
      finalised: 'Organigram has already been finalised',
      missingTrustTypes: 'Missing trust relationship types',
    });
  });
});

describe('VerifyOrganigramRequestSchema structural errors', () => {
  it.each([
    ['a missing entityOrganigram', {}],
    ['an object instead of an array', { entityOrganigram: rootNode }],
    ['a JSON string instead of an array', { entityOrganigram: JSON.stringify([rootNode]) }],
    ['an empty array', { entityOrganigram: [] }],
    ['an array whose first node is not the Root', { entityOrganigram: [personNode] }],
  ])('reports %s with the published text', (_case, body) => {
    expect(issuesOf(VerifyOrganigramRequestSchema, body)).toEqual([
      { path: 'entityOrganigram', message: ORGANIGRAM_ERRORS.notRootArray },
    ]);
  });

  it('reports an individual under a Trust without types with the published text', () => {
    const body = {
      entityOrganigram: [
        {
          ...rootNode,
          children: [{ ...trustNode, children: [{ ...trustee, trustRelatedPartyTypes: undefined }] }],
        },
      ],
    };
    expect(issuesOf(VerifyOrganigramRequestSchema, body)).toEqual([
      {
        path: 'entityOrganigram.0.children.0.children.0.trustRelatedPartyTypes',
        message: ORGANIGRAM_ERRORS.missingTrustTypes,
      },
    ]);
  });

  it('does not ask for trust types from an individual directly under the Root', () => {
    expect(
      VerifyOrganigramRequestSchema.safeParse({ entityOrganigram: [{ ...rootNode, children: [personNode] }] })
        .success,
    ).toBe(true);
  });

  it('refuses a tree deeper than the limit', () => {
    let node: Record<string, unknown> = { ...personNode, guid: crypto.randomUUID() };
    for (let depth = 0; depth < MAX_ORGANIGRAM_DEPTH + 1; depth += 1) {
      node = {
        guid: crypto.randomUUID(),
        shareholderType: 'Entity',
        shareholderEntityName: `Holdco ${depth}`,
        children: [{ ...node, parentGUID: undefined }],
      };
    }
    const result = VerifyOrganigramRequestSchema.safeParse({
      entityOrganigram: [{ ...rootNode, children: [node] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.message.includes('levels deep'))).toBe(true);
  });
});

describe('OrganigramNodeRequestSchema', () => {
  it('defaults children to an empty list', () => {
    expect(OrganigramNodeRequestSchema.parse(personNode).children).toEqual([]);
  });

  it('keeps trustRelatedPartyTypes as the published JSON string', () => {
    expect(OrganigramNodeRequestSchema.parse(trustee).trustRelatedPartyTypes).toBe(
      '[{"id":2,"name":"Trustee"}]',
    );
  });

  it('explains a raw trustRelatedPartyTypes array', () => {
    const issues = issuesOf(OrganigramNodeRequestSchema, {
      ...trustee,
      trustRelatedPartyTypes: [{ id: 2, name: 'Trustee' }],
    });
    expect(issues).toEqual([
      {
        path: 'trustRelatedPartyTypes',
        message: 'trustRelatedPartyTypes must be a string holding a JSON array of {id, name}',
      },
    ]);
  });
});

describe('VerifyOrganigramResponseSchema', () => {
  it('fills missing children with empty lists all the way down', () => {
    const parsed = VerifyOrganigramResponseSchema.parse({
      entityOrganigram: [
        { id: 'r', shareholderType: 'Root', children: [{ id: 'c', shareholderType: 'Individual' }] },
      ],
      riskStatus: 'Low Risk',
      riskDescription: 'Low Risk',
    });
    expect(parsed.entityOrganigram[0]?.children[0]?.children).toEqual([]);
  });
});
