import { describe, expect, it } from 'vitest';
import {
  ORGANIGRAM_ERRORS,
  parseTrustRelatedPartyTypes,
  serialiseTrustRelatedPartyTypes,
  validateOrganigram,
} from '../../../shared/domain/organigram.js';
import { ORGANIGRAM_ERRORS as API_ORGANIGRAM_ERRORS } from '../../../shared/api/organigram.js';

const lookup = [
  { id: 1, name: 'Founder' },
  { id: 2, name: 'Trustee' },
  { id: 3, name: 'Beneficiary' },
];
const trustee = serialiseTrustRelatedPartyTypes([{ id: 2, name: 'Trustee' }]);

function sample(): Record<string, unknown>[] {
  return [
    {
      guid: 'r',
      shareholderType: 'Root',
      shareholderEntityName: 'Acme (Pty) Ltd',
      shareholderPercentage: 100,
      children: [
        {
          guid: 'p1',
          parentGUID: 'r',
          shareholderType: 'Individual',
          firstName: 'Thabo',
          lastName: 'Mokoena',
          shareholderPercentage: 40,
          uboID: null,
          hasResolution: 'false',
          isDirector: true,
          children: [],
        },
        {
          guid: 't1',
          parentGUID: 'r',
          shareholderType: 'Trust',
          shareholderTrustName: 'Mokoena Family Trust',
          shareholderPercentage: 60,
          children: [
            {
              guid: 'p2',
              parentGUID: 't1',
              shareholderType: 'Individual',
              firstName: 'Jane',
              lastName: 'Doe',
              shareholderPercentage: 100,
              trustRelatedPartyTypes: trustee,
            },
          ],
        },
      ],
    },
  ];
}

const messages = (input: unknown, opts = {}): string[] => {
  const r = validateOrganigram(input, opts);
  return r.ok ? [] : r.errors.map((e) => e.message);
};

describe('organigram validation', () => {
  it('uses the published error texts of shared/api', () => {
    expect(ORGANIGRAM_ERRORS).toBe(API_ORGANIGRAM_ERRORS);
    expect(ORGANIGRAM_ERRORS.finalised).toBe('Organigram has already been finalised');
  });

  it('accepts a valid tree and returns it with children arrays', () => {
    const r = validateOrganigram(sample(), { trustRelatedPartyTypes: lookup });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.tree.shareholderEntityName).toBe('Acme (Pty) Ltd');
      expect(r.tree.children[1]?.children[0]?.firstName).toBe('Jane');
      expect(r.tree.children[0]?.children).toEqual([]);
    }
  });

  it('answers the published text alone when the body is not an array led by the Root', () => {
    const only = [
      { path: 'entityOrganigram', message: 'entityOrganigram must be an array whose first node is the Root' },
    ];
    for (const bad of [null, {}, 'x', [], [{ shareholderType: 'Entity', guid: 'e' }], sample()[0]]) {
      const r = validateOrganigram(bad);
      expect(r).toEqual({ ok: false, errors: only });
    }
  });

  it('refuses a repeated guid and a parentGUID that does not match the parent', () => {
    const tree = sample();
    const root = tree[0] as { children: Array<Record<string, unknown>> };
    root.children[1]!.guid = 'p1';
    expect(messages(tree)[0]).toBe('guid p1 is already used at entityOrganigram[0].children[0]');
    const tree2 = sample();
    (tree2[0] as { children: Array<Record<string, unknown>> }).children[0]!.parentGUID = 'zzz';
    const r = validateOrganigram(tree2);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0]).toEqual({
        path: 'entityOrganigram[0].children[0].parentGUID',
        message: 'parentGUID zzz does not match the guid of its parent "Acme (Pty) Ltd"',
      });
    }
  });

  it('applies the node type rules', () => {
    const tree = [
      {
        guid: 'r',
        shareholderType: 'Root',
        children: [
          { guid: 'e', shareholderType: 'Entity', shareholderPercentage: 10, children: [] },
          { guid: 't', shareholderType: 'Trust', shareholderPercentage: 10, children: [] },
          {
            guid: 'i',
            shareholderType: 'Individual',
            firstName: 'A',
            shareholderPercentage: 10,
            children: [{ guid: 'x', shareholderType: 'Individual', firstName: 'B', lastName: 'C' }],
          },
          { guid: 'r2', shareholderType: 'Root', shareholderEntityName: 'Again' },
          { guid: 'q', shareholderType: 'Partnership' },
        ],
      },
    ];
    expect(messages(tree)).toEqual([
      'A Root node needs shareholderEntityName',
      'A Entity node needs shareholderEntityName',
      'A Trust node needs shareholderTrustName',
      'An Individual needs lastName',
      'Individual "A" cannot have children',
      'Only the first node may be the Root',
      'shareholderType must be Root, Individual, Trust or Entity',
    ]);
  });

  it('refuses percentages that are not numbers from 0 to 100', () => {
    const tree = sample();
    const kids = (tree[0] as { children: Array<Record<string, unknown>> }).children;
    kids[0]!.shareholderPercentage = '40';
    kids[1]!.uboPercentage = 101;
    expect(messages(tree)).toEqual([
      'shareholderPercentage must be a number from 0 to 100',
      'uboPercentage must be a number from 0 to 100',
    ]);
  });

  it('refuses shareholdings in one holder that add up to more than 100%, naming holder and sum', () => {
    const tree = sample();
    (tree[0] as { children: Array<Record<string, unknown>> }).children[0]!.shareholderPercentage = 45.5;
    expect(messages(tree)).toEqual([
      'The shareholdings in "Acme (Pty) Ltd" add up to 105.5%, more than 100%',
    ]);
  });

  it('requires trust relationship types for a person directly under a trust', () => {
    for (const missing of [undefined, '', '[]']) {
      const tree = sample();
      const trust = (tree[0] as { children: Array<{ children: Array<Record<string, unknown>> }> })
        .children[1]!;
      trust.children[0]!.trustRelatedPartyTypes = missing;
      expect(messages(tree)).toEqual(['Missing trust relationship types']);
    }
  });

  it('refuses a raw array, bad JSON, bad items and pairs not in the lookup', () => {
    const withTypes = (value: unknown): string[] => {
      const tree = sample();
      const trust = (tree[0] as { children: Array<{ children: Array<Record<string, unknown>> }> })
        .children[1]!;
      trust.children[0]!.trustRelatedPartyTypes = value;
      return messages(tree, { trustRelatedPartyTypes: lookup });
    };
    expect(withTypes([{ id: 2, name: 'Trustee' }])[0]).toContain('not a raw array');
    expect(withTypes('[{id: 2}')[0]).toContain('not valid JSON');
    expect(withTypes('{"id":2,"name":"Trustee"}')[0]).toBe('trustRelatedPartyTypes must hold a JSON array');
    expect(withTypes('[{"id":"2","name":"Trustee"}]')[0]).toBe(
      'trustRelatedPartyTypes item 0 must be {id: integer, name: string}',
    );
    expect(withTypes('[{"id":2,"name":"Founder"}]')).toEqual([
      'Unknown trust related party type {id: 2, name: "Founder"}',
    ]);
  });

  it('reports checks in the published order: guids before types before sums before trust types', () => {
    const tree = sample();
    const kids = (tree[0] as { children: Array<Record<string, unknown>> }).children;
    kids[0]!.shareholderPercentage = 90;
    (kids[1] as { children: Array<Record<string, unknown>> }).children[0]!.trustRelatedPartyTypes = undefined;
    (kids[1] as { children: Array<Record<string, unknown>> }).children[0]!.guid = 'p1';
    expect(messages(tree)).toEqual([
      'guid p1 is already used at entityOrganigram[0].children[0]',
      'The shareholdings in "Acme (Pty) Ltd" add up to 150%, more than 100%',
      'Missing trust relationship types',
    ]);
  });

  it('accepts the flat form: nodes after the Root hang off the node their parentGUID names', () => {
    const [root] = sample() as Array<{ children: Array<Record<string, unknown>> }>;
    const trust = root!.children[1] as { children: Array<Record<string, unknown>> };
    const jane = trust.children.pop()!;
    const thabo = root!.children.shift()!;
    const r = validateOrganigram([root, jane, thabo], { trustRelatedPartyTypes: lookup });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.tree.children.map((c) => c.guid)).toEqual(['t1', 'p1']);
      expect(r.tree.children[0]?.children.map((c) => c.firstName)).toEqual(['Jane']);
    }
    const orphan = { ...jane, guid: 'p9', parentGUID: 'nowhere' };
    expect(messages([root, orphan])).toEqual(['A node after the Root must name an existing parentGUID']);
    const overfull = { ...jane, guid: 'p9', parentGUID: 't1', shareholderPercentage: 1 };
    expect(messages([root, jane, overfull])).toEqual([
      'The shareholdings in "Mokoena Family Trust" add up to 101%, more than 100%',
    ]);
  });

  it('round-trips trust related party types through their string form', () => {
    const list = [
      { id: 1, name: 'Founder' },
      { id: 3, name: 'Beneficiary' },
    ];
    const text = serialiseTrustRelatedPartyTypes(list);
    expect(typeof text).toBe('string');
    expect(parseTrustRelatedPartyTypes(text)).toEqual({ ok: true, value: list });
  });
});
