import { describe, expect, it } from 'vitest';
import { OrganigramNodeRequestSchema, type OrganigramNode } from '../../../shared/api/index.js';
import {
  addChild,
  childrenTotal,
  fromRequest,
  newRoot,
  nodeIssues,
  ownershipOf,
  removeNode,
  toRequest,
  updateNode,
} from '../../../renderer/lib/organigram-draft.js';

let n = 0;
const guid = (): string => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function tree() {
  const ids = { root: guid(), alice: guid(), holdco: guid(), bob: guid(), trust: guid(), carol: guid() };
  let root: OrganigramNode = newRoot(ids.root, 'Acme (Pty) Ltd');
  root = addChild(root, ids.root, 'Individual', ids.alice);
  root = updateNode(root, ids.alice, { firstName: 'Alice', lastName: 'Adams', shareholderPercentage: 40 });
  root = addChild(root, ids.root, 'Entity', ids.holdco);
  root = updateNode(root, ids.holdco, { shareholderEntityName: 'Holdco', shareholderPercentage: 60 });
  root = addChild(root, ids.holdco, 'Individual', ids.bob);
  root = updateNode(root, ids.bob, { firstName: 'Bob', lastName: 'Brown', shareholderPercentage: 50 });
  root = addChild(root, ids.holdco, 'Trust', ids.trust);
  root = updateNode(root, ids.trust, { shareholderTrustName: 'Family Trust', shareholderPercentage: 50 });
  root = addChild(root, ids.trust, 'Individual', ids.carol);
  root = updateNode(root, ids.carol, { firstName: 'Carol', lastName: 'Cole', shareholderPercentage: 100 });
  return { root, ids };
}

describe('organigram draft', () => {
  it('computes each person’s effective ownership through entity and trust layers', () => {
    const { root } = tree();
    const owners = Object.fromEntries(
      ownershipOf(root).map((o) => [o.firstName, Math.round(o.effectivePercentage * 100) / 100]),
    );
    expect(owners).toEqual({ Alice: 40, Bob: 30, Carol: 30 });
  });

  it('flags holders over 100 % and a trust party without relationship types', () => {
    const { root, ids } = tree();
    const issues = nodeIssues(root);
    expect(
      issues
        .filter((i) => i.guid === ids.carol)
        .map((i) => i.message)
        .join(),
    ).toMatch(/Missing trust relationship types/);
    const over = updateNode(root, ids.alice, { shareholderPercentage: 70 });
    expect(childrenTotal(over)).toBe(130);
    expect(nodeIssues(over).some((i) => i.guid === ids.root && /over 100/.test(i.message))).toBe(true);
  });

  it('clears the trust flag once a type is chosen, and builds a request the schema accepts', () => {
    const { root, ids } = tree();
    const fixed = updateNode(root, ids.carol, {
      trustRelatedPartyTypes: JSON.stringify([{ id: 1, name: 'Founder' }]),
    });
    expect(nodeIssues(fixed)).toEqual([]);
    const request = toRequest(fixed);
    expect(request).toHaveLength(1);
    for (const node of request) expect(OrganigramNodeRequestSchema.safeParse(node).success).toBe(true);
    const holdco = request[0]!.children!.find((c) => c.guid === ids.holdco)!;
    expect(holdco.parentGUID).toBe(ids.root);
    const carol = holdco.children!.find((c) => c.guid === ids.trust)!.children![0]!;
    expect(carol.isTrustMember).toBe(true);
    expect(carol.uboPercentage).toBe(30);
    expect(toRequest(fromRequest(request)!)).toEqual(request);
  });

  it('removes a node with everything under it, never the root', () => {
    const { root, ids } = tree();
    const without = removeNode(root, ids.holdco);
    expect(ownershipOf(without).map((o) => o.firstName)).toEqual(['Alice']);
    expect(removeNode(root, ids.root)).toBe(root);
  });
});
