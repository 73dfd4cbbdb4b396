import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  effectiveOwnership,
  impliedUbos,
  treeStats,
  validateOrganigram,
  type OrganigramNode,
  type OrganigramNodeInput,
} from '../../../shared/domain/organigram.js';

const beneficiary = JSON.stringify([{ id: 3, name: 'Beneficiary' }]);

describe('effective ownership', () => {
  const tree: OrganigramNodeInput = {
    guid: 'root',
    shareholderType: 'Root',
    shareholderEntityName: 'Acme (Pty) Ltd',
    children: [
      {
        guid: 'thabo-direct',
        shareholderType: 'Individual',
        firstName: 'Thabo',
        lastName: 'Mokoena',
        uboID: 'u-thabo',
        shareholderPercentage: 30,
        isDirector: true,
      },
      {
        guid: 'holdco',
        shareholderType: 'Entity',
        shareholderEntityName: 'Holdco (Pty) Ltd',
        shareholderPercentage: 50,
        children: [
          {
            guid: 'thabo-via-holdco',
            shareholderType: 'Individual',
            firstName: 'Thabo',
            lastName: 'Mokoena',
            uboID: 'u-thabo',
            shareholderPercentage: 20,
          },
          {
            guid: 'trust',
            shareholderType: 'Trust',
            shareholderTrustName: 'Doe Family Trust',
            shareholderPercentage: 80,
            children: [
              {
                guid: 'jane',
                shareholderType: 'Individual',
                firstName: 'Jane',
                lastName: 'Doe',
                shareholderPercentage: 100,
                trustRelatedPartyTypes: beneficiary,
              },
              {
                guid: 'trustee',
                shareholderType: 'Individual',
                firstName: 'Sipho',
                lastName: 'Dlamini',
                shareholderPercentage: 0,
                isTrustMember: true,
                trustRelatedPartyTypes: JSON.stringify([{ id: 2, name: 'Trustee' }]),
              },
            ],
          },
        ],
      },
      {
        guid: 'director',
        shareholderType: 'Individual',
        firstName: 'Lerato',
        lastName: 'Khumalo',
        shareholderPercentage: 0,
        isDirector: true,
      },
    ],
  };

  it('multiplies through Entity and Trust layers and sums over the paths of one person', () => {
    const byName = new Map(effectiveOwnership(tree).map((o) => [o.firstName, o]));
    expect(byName.get('Thabo')?.effectivePercentage).toBeCloseTo(30 + 50 * 0.2, 9);
    expect(byName.get('Thabo')?.paths.map((p) => p.via)).toEqual([[], ['Holdco (Pty) Ltd']]);
    expect(byName.get('Jane')?.effectivePercentage).toBeCloseTo(40, 9);
    expect(byName.get('Jane')?.paths[0]?.guids).toEqual(['holdco', 'trust', 'jane']);
    expect(byName.get('Sipho')?.effectivePercentage).toBe(0);
    expect(byName.size).toBe(4);
  });

  it('registers every natural person as a UBO, whatever the share, with their roles', () => {
    const ubos = impliedUbos(tree);
    expect(ubos.map((u) => [u.firstName, u.roles, u.aboveThreshold])).toEqual([
      ['Thabo', ['shareholder', 'director'], true],
      ['Jane', ['shareholder', 'trust related party'], true],
      ['Sipho', ['trust member', 'trust related party'], false],
      ['Lerato', ['director'], false],
    ]);
    expect(ubos.find((u) => u.firstName === 'Sipho')?.trustRelatedPartyTypes).toEqual(['Trustee']);
    expect(
      impliedUbos(tree, { threshold: 45 })
        .filter((u) => u.aboveThreshold)
        .map((u) => u.firstName),
    ).toEqual([]);
  });

  it('counts nodes, depth and trust related parties for the risk score', () => {
    expect(treeStats(tree)).toEqual({
      nodeCount: 8,
      shareholderNodeCount: 7,
      depth: 3,
      individualCount: 5,
      entityCount: 1,
      trustCount: 1,
      trustRelatedPartyCount: 2,
    });
  });
});

// Random valid trees: shapes first, then shares scaled so that the holders of one node hold at most 100%.
interface Shape {
  kind: 'Individual' | 'Entity' | 'Trust';
  weight: number;
  person: number;
  children: Shape[];
}
const { node: shapeArb } = fc.letrec<{ node: Shape }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      kind: fc.constant('Individual' as const),
      weight: fc.integer({ min: 0, max: 100 }),
      person: fc.integer({ min: 0, max: 6 }),
      children: fc.constant<Shape[]>([]),
    }),
    fc.record({
      kind: fc.constantFrom('Entity' as const, 'Trust' as const),
      weight: fc.integer({ min: 0, max: 100 }),
      person: fc.constant(0),
      children: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
}));
const treeArb = fc.record({
  children: fc.array(shapeArb, { maxLength: 5 }),
  budget: fc.integer({ min: 0, max: 100 }),
  budgets: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 64, maxLength: 64 }),
});

function build(input: { children: Shape[]; budget: number; budgets: number[] }): OrganigramNodeInput {
  let n = 0;
  const assign = (shapes: Shape[], budget: number, parentKind: string): OrganigramNodeInput[] => {
    const total = shapes.reduce((s, c) => s + c.weight, 0);
    return shapes.map((c) => {
      const guid = `g${n++}`;
      const pct = total === 0 ? 0 : (c.weight / total) * budget;
      if (c.kind === 'Individual') {
        return {
          guid,
          shareholderType: 'Individual',
          firstName: `P${c.person}`,
          lastName: 'Test',
          uboID: `ubo-${c.person}`,
          shareholderPercentage: pct,
          ...(parentKind === 'Trust' ? { trustRelatedPartyTypes: beneficiary } : {}),
        };
      }
      const b = input.budgets[n % input.budgets.length] ?? 100;
      return c.kind === 'Entity'
        ? {
            guid,
            shareholderType: 'Entity',
            shareholderEntityName: `E${guid}`,
            shareholderPercentage: pct,
            children: assign(c.children, b, c.kind),
          }
        : {
            guid,
            shareholderType: 'Trust',
            shareholderTrustName: `T${guid}`,
            shareholderPercentage: pct,
            children: assign(c.children, b, c.kind),
          };
    });
  };
  return {
    guid: 'root',
    shareholderType: 'Root',
    shareholderEntityName: 'Root Co',
    children: assign(input.children, input.budget, 'Root'),
  };
}

/** Sum over every Individual node of the product along its path, computed independently. */
function leafMass(node: OrganigramNodeInput, factor = 1): number {
  return (node.children ?? []).reduce((s, c) => {
    const f = factor * ((c.shareholderPercentage ?? 0) / 100);
    return s + (c.shareholderType === 'Individual' ? f * 100 : leafMass(c, f));
  }, 0);
}

describe('effective ownership of random valid trees', () => {
  it('the generator makes trees that validate', () => {
    fc.assert(
      fc.property(treeArb, (t) => {
        expect(validateOrganigram([build(t)])).toMatchObject({ ok: true });
      }),
    );
  });

  it('never gives a person, or everyone together, more than 100%', () => {
    fc.assert(
      fc.property(treeArb, (t) => {
        const owners = effectiveOwnership(build(t));
        const total = owners.reduce((s, o) => s + o.effectivePercentage, 0);
        for (const o of owners) {
          expect(o.effectivePercentage).toBeGreaterThanOrEqual(0);
          expect(o.effectivePercentage).toBeLessThanOrEqual(100);
        }
        expect(total).toBeLessThanOrEqual(100 + 1e-9);
        expect(total).toBeCloseTo(leafMass(build(t)), 9);
      }),
    );
  });

  it('one more layer above the owners multiplies every share by that layer', () => {
    fc.assert(
      fc.property(treeArb, fc.integer({ min: 0, max: 100 }), (t, p) => {
        const root = build(t);
        const layered: OrganigramNodeInput = {
          ...root,
          children: [
            {
              guid: 'layer',
              shareholderType: 'Entity',
              shareholderEntityName: 'Layer',
              shareholderPercentage: p,
              children: root.children ?? [],
            },
          ],
        };
        const before = new Map(effectiveOwnership(root).map((o) => [o.uboID, o.effectivePercentage]));
        for (const o of effectiveOwnership(layered)) {
          expect(o.effectivePercentage).toBeCloseTo(((before.get(o.uboID) ?? 0) * p) / 100, 9);
        }
      }),
    );
  });

  it('a single chain of holders gives the product of its shares', () => {
    const chain = fc.array(
      fc.record({
        kind: fc.constantFrom('Entity' as const, 'Trust' as const),
        pct: fc.integer({ min: 0, max: 100 }),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(chain, fc.integer({ min: 0, max: 100 }), (layers, last) => {
        let leaf: OrganigramNodeInput = {
          guid: 'person',
          shareholderType: 'Individual',
          firstName: 'Only',
          lastName: 'Owner',
          shareholderPercentage: last,
          trustRelatedPartyTypes: beneficiary,
        };
        layers.forEach((l, i) => {
          leaf =
            l.kind === 'Entity'
              ? {
                  guid: `l${i}`,
                  shareholderType: 'Entity',
                  shareholderEntityName: `E${i}`,
                  shareholderPercentage: l.pct,
                  children: [leaf],
                }
              : {
                  guid: `l${i}`,
                  shareholderType: 'Trust',
                  shareholderTrustName: `T${i}`,
                  shareholderPercentage: l.pct,
                  children: [leaf],
                };
        });
        const root: OrganigramNode = {
          guid: 'root',
          shareholderType: 'Root',
          shareholderEntityName: 'Root Co',
          children: [leaf as OrganigramNode],
        };
        const expected = layers.reduce((p, l) => (p * l.pct) / 100, last);
        const [only] = effectiveOwnership(root);
        expect(only?.effectivePercentage).toBeCloseTo(expected, 9);
        expect(only?.paths).toHaveLength(1);
      }),
    );
  });
});
