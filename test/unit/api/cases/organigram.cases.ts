import type { CaseTable } from './runner.js';
import { ENTITY_ID, TRUST_ID, UBO_ID, UBO_ID_2 } from './ids.js';

export const ROOT_GUID = 'a0000000-0000-4000-8000-000000000001';
export const TRUST_GUID = 'a0000000-0000-4000-8000-000000000002';
export const PERSON_GUID = 'a0000000-0000-4000-8000-000000000003';
export const TRUSTEE_GUID = 'a0000000-0000-4000-8000-000000000004';
export const HOLDCO_GUID = 'a0000000-0000-4000-8000-000000000005';

export const trustee = {
  guid: TRUSTEE_GUID,
  parentGUID: TRUST_GUID,
  shareholderType: 'Individual',
  firstName: 'Sipho',
  lastName: 'Dlamini',
  uboID: null,
  shareholderPercentage: 100,
  uboPercentage: 40,
  isTrustMember: true,
  isDirector: false,
  hasResolution: 'true',
  trustRelatedPartyTypes: '[{"id":2,"name":"Trustee"}]',
  children: [],
};
export const trustNode = {
  guid: TRUST_GUID,
  parentGUID: ROOT_GUID,
  shareholderType: 'Trust',
  shareholderTrustName: 'Mokoena Family Trust',
  shareholderPercentage: 40,
  uboPercentage: 40,
  children: [trustee],
};
export const personNode = {
  guid: PERSON_GUID,
  parentGUID: ROOT_GUID,
  shareholderType: 'Individual',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  uboID: UBO_ID,
  shareholderPercentage: 60,
  uboPercentage: 60,
  isTrustMember: false,
  isDirector: true,
  hasResolution: 'false',
};
export const rootNode = {
  guid: ROOT_GUID,
  shareholderType: 'Root',
  shareholderEntityName: 'Acme Trading',
  shareholderPercentage: 100,
  uboPercentage: 100,
  children: [trustNode, personNode],
  ubos: [],
  trustUbos: [],
};

const responseTree = {
  id: ROOT_GUID,
  parentID: null,
  shareholderType: 'Root',
  shareholderEntityName: 'Acme Trading',
  riskStatus: 'Medium Risk',
  ubos: [
    { uboID: UBO_ID, firstName: 'Thandi', lastName: 'Mokoena', shareholderPercentage: 60, verified: false },
  ],
  trustUbos: [{ uboID: UBO_ID_2 }],
  children: [
    {
      id: TRUST_GUID,
      trustID: TRUST_ID,
      parentID: ROOT_GUID,
      shareholderType: 'Trust',
      shareholderTrustName: 'Mokoena Family Trust',
      children: [
        {
          id: TRUSTEE_GUID,
          parentID: TRUST_GUID,
          shareholderType: 'Individual',
          uboID: UBO_ID_2,
          hasResolution: 'true',
          trustRelatedPartyTypes: '[{"id":2,"name":"Trustee"}]',
        },
      ],
    },
  ],
};

export const organigramCases: CaseTable = {
  ShareholderTypeSchema: {
    valid: ['Root', 'Individual', 'Trust', 'Entity'],
    invalid: [{ why: 'lower case', value: 'trust', path: [] }],
  },
  OrganigramNodeRequestSchema: {
    valid: [rootNode, personNode, { ...trustee, children: undefined }],
    invalid: [
      {
        why: 'trustRelatedPartyTypes as a raw array',
        value: { ...trustee, trustRelatedPartyTypes: [{ id: 2, name: 'Trustee' }] },
        path: ['trustRelatedPartyTypes'],
      },
      {
        why: 'trustRelatedPartyTypes not JSON',
        value: { ...trustee, trustRelatedPartyTypes: 'Trustee' },
        path: ['trustRelatedPartyTypes'],
      },
      {
        why: 'trustRelatedPartyTypes items without id',
        value: { ...trustee, trustRelatedPartyTypes: '[{"name":"Trustee"}]' },
        path: ['trustRelatedPartyTypes'],
      },
      {
        why: 'percentage over 100',
        value: { ...personNode, shareholderPercentage: 120 },
        path: ['shareholderPercentage'],
      },
      { why: 'percentage as text', value: { ...personNode, uboPercentage: '60' }, path: ['uboPercentage'] },
      {
        why: 'hasResolution as boolean',
        value: { ...personNode, hasResolution: true },
        path: ['hasResolution'],
      },
      {
        why: 'unknown shareholderType',
        value: { ...personNode, shareholderType: 'Person' },
        path: ['shareholderType'],
      },
      { why: 'guid not a UUID', value: { ...personNode, guid: 'node-1' }, path: ['guid'] },
      {
        why: 'a bad node deep in children',
        value: { ...rootNode, children: [{ ...trustNode, children: [{ ...trustee, uboPercentage: -1 }] }] },
        path: ['children', 0, 'children', 0, 'uboPercentage'],
      },
    ],
  },
  VerifyOrganigramRequestSchema: {
    valid: [
      { entityOrganigram: [rootNode] },
      { entityOrganigram: [{ ...rootNode, children: [] }, { ...personNode }] },
    ],
    invalid: [
      {
        why: 'entityOrganigram not an array',
        value: { entityOrganigram: rootNode },
        path: ['entityOrganigram'],
      },
      { why: 'entityOrganigram empty', value: { entityOrganigram: [] }, path: ['entityOrganigram'] },
      {
        why: 'first node not the Root',
        value: { entityOrganigram: [personNode, rootNode] },
        path: ['entityOrganigram'],
      },
      {
        why: 'trust individual without trustRelatedPartyTypes',
        value: {
          entityOrganigram: [
            {
              ...rootNode,
              children: [{ ...trustNode, children: [{ ...trustee, trustRelatedPartyTypes: undefined }] }],
            },
          ],
        },
        path: ['entityOrganigram', 0, 'children', 0, 'children', 0, 'trustRelatedPartyTypes'],
      },
      {
        why: 'an Individual without lastName',
        value: { entityOrganigram: [{ ...rootNode, children: [{ ...personNode, lastName: undefined }] }] },
        path: ['entityOrganigram', 0, 'children', 0, 'lastName'],
      },
      {
        why: 'a child whose parentGUID names another node',
        value: { entityOrganigram: [{ ...rootNode, children: [{ ...personNode, parentGUID: TRUST_GUID }] }] },
        path: ['entityOrganigram', 0, 'children', 0, 'parentGUID'],
      },
      {
        why: 'a second Root',
        value: {
          entityOrganigram: [{ ...rootNode, children: [{ ...rootNode, guid: HOLDCO_GUID, children: [] }] }],
        },
        path: ['entityOrganigram', 0, 'children', 0, 'shareholderType'],
      },
      {
        why: 'a repeated guid',
        value: { entityOrganigram: [{ ...rootNode, children: [personNode, { ...personNode }] }] },
        path: ['entityOrganigram', 0, 'children', 1, 'guid'],
      },
      {
        why: 'a Trust without its name',
        value: {
          entityOrganigram: [{ ...rootNode, children: [{ ...trustNode, shareholderTrustName: undefined }] }],
        },
        path: ['entityOrganigram', 0, 'children', 0, 'shareholderTrustName'],
      },
      {
        why: 'an Entity without its name',
        value: {
          entityOrganigram: [
            {
              ...rootNode,
              children: [{ guid: HOLDCO_GUID, parentGUID: ROOT_GUID, shareholderType: 'Entity' }],
            },
          ],
        },
        path: ['entityOrganigram', 0, 'children', 0, 'shareholderEntityName'],
      },
      {
        why: 'a top-level node after the Root without a known parent',
        value: {
          entityOrganigram: [
            { ...rootNode, children: [] },
            { ...personNode, parentGUID: ENTITY_ID },
          ],
        },
        path: ['entityOrganigram', 1, 'parentGUID'],
      },
    ],
  },
  OrganigramUboSummarySchema: {
    valid: [
      { uboID: UBO_ID, firstName: 'Thandi', lastName: 'Mokoena', shareholderPercentage: 60, verified: true },
    ],
    invalid: [
      {
        why: 'verified missing',
        value: { uboID: UBO_ID, firstName: 'a', lastName: 'b' },
        path: ['verified'],
      },
    ],
  },
  OrganigramNodeResponseSchema: {
    valid: [responseTree],
    invalid: [
      { why: 'guid instead of id', value: { guid: ROOT_GUID, shareholderType: 'Root' }, path: ['id'] },
      {
        why: 'ubos item without verified',
        value: { ...responseTree, ubos: [{ uboID: UBO_ID, firstName: 'a', lastName: 'b' }] },
        path: ['ubos', 0, 'verified'],
      },
      {
        why: 'a bad child',
        value: { ...responseTree, children: [{ shareholderType: 'Trust' }] },
        path: ['children', 0, 'id'],
      },
    ],
  },
  VerifyOrganigramResponseSchema: {
    valid: [{ entityOrganigram: [responseTree], riskStatus: 'Medium Risk', riskDescription: 'Medium Risk' }],
    invalid: [
      {
        why: 'riskDescription missing',
        value: { entityOrganigram: [responseTree], riskStatus: 'Low Risk' },
        path: ['riskDescription'],
      },
      {
        why: 'entityOrganigram not an array',
        value: { entityOrganigram: responseTree, riskStatus: 'x', riskDescription: 'x' },
        path: ['entityOrganigram'],
      },
    ],
  },
};
