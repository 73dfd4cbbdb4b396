// The ownership tree as the editor changes it: pure operations on immutable nodes, the live checks
// shown before sending, and the request the service takes.
import type { OrganigramNode, OrganigramNodeRequest, ShareholderType } from '../../shared/api/index.js';
import { effectiveOwnership, parseTrustRelatedPartyTypes, type EffectiveOwnership } from './rules.js';

export interface NodeIssue {
  guid: string;
  message: string;
}

export function newRoot(guid: string, entityName: string): OrganigramNode {
  return {
    guid,
    shareholderType: 'Root',
    shareholderEntityName: entityName,
    shareholderPercentage: 100,
    children: [],
  };
}

export function canHaveChildren(node: OrganigramNode): boolean {
  return node.shareholderType !== 'Individual';
}

export function findNode(root: OrganigramNode, guid: string): OrganigramNode | null {
  if (root.guid === guid) return root;
  for (const child of root.children) {
    const found = findNode(child, guid);
    if (found) return found;
  }
  return null;
}

export function parentOf(root: OrganigramNode, guid: string): OrganigramNode | null {
  for (const child of root.children) {
    if (child.guid === guid) return root;
    const found = parentOf(child, guid);
    if (found) return found;
  }
  return null;
}

function mapTree(node: OrganigramNode, fn: (n: OrganigramNode) => OrganigramNode): OrganigramNode {
  const mapped = fn(node);
  return { ...mapped, children: mapped.children.map((c) => mapTree(c, fn)) };
}

export function addChild(
  root: OrganigramNode,
  parentGuid: string,
  type: Exclude<ShareholderType, 'Root'>,
  guid: string,
): OrganigramNode {
  const child: OrganigramNode = { guid, shareholderType: type, shareholderPercentage: 0, children: [] };
  if (type === 'Individual') {
    child.firstName = '';
    child.lastName = '';
    child.uboID = null;
    child.isDirector = false;
    child.hasResolution = 'false';
  }
  if (type === 'Entity') child.shareholderEntityName = '';
  if (type === 'Trust') child.shareholderTrustName = '';
  return mapTree(root, (n) => {
    if (n.guid !== parentGuid) return n;
    if (type === 'Individual' && n.shareholderType === 'Trust') child.isTrustMember = true;
    return { ...n, children: [...n.children, child] };
  });
}

export function updateNode(
  root: OrganigramNode,
  guid: string,
  changes: Partial<Omit<OrganigramNode, 'guid' | 'children'>>,
): OrganigramNode {
  return mapTree(root, (n) => (n.guid === guid ? { ...n, ...changes } : n));
}

export function removeNode(root: OrganigramNode, guid: string): OrganigramNode {
  if (root.guid === guid) return root;
  return mapTree(root, (n) => ({ ...n, children: n.children.filter((c) => c.guid !== guid) }));
}

export const nodeName = (n: OrganigramNode): string =>
  n.shareholderType === 'Individual'
    ? [n.firstName, n.lastName].filter((p) => p && p.trim()).join(' ') || 'Unnamed person'
    : n.shareholderType === 'Trust'
      ? n.shareholderTrustName?.trim() || 'Unnamed trust'
      : n.shareholderEntityName?.trim() || 'Unnamed entity';

export function childrenTotal(node: OrganigramNode): number {
  return (
    Math.round(node.children.reduce((sum, c) => sum + (c.shareholderPercentage ?? 0), 0) * 10000) / 10000
  );
}

/** Everything to flag before sending: shares over 100 %, missing names, trust parties without types. */
export function nodeIssues(root: OrganigramNode): NodeIssue[] {
  const issues: NodeIssue[] = [];
  const visit = (node: OrganigramNode, parent: OrganigramNode | null): void => {
    const pct = node.shareholderPercentage ?? 0;
    if (node.shareholderType !== 'Root' && (!Number.isFinite(pct) || pct < 0 || pct > 100)) {
      issues.push({ guid: node.guid, message: 'Shareholding must be between 0 and 100 %' });
    }
    if (canHaveChildren(node) && childrenTotal(node) > 100) {
      issues.push({
        guid: node.guid,
        message: `The holders of ${nodeName(node)} add up to ${childrenTotal(node)} %, over 100 %`,
      });
    }
    if (node.shareholderType === 'Individual') {
      if (!node.firstName?.trim() || !node.lastName?.trim())
        issues.push({ guid: node.guid, message: 'Enter the first and last name' });
      if (parent?.shareholderType === 'Trust') {
        const parsed = node.trustRelatedPartyTypes
          ? parseTrustRelatedPartyTypes(node.trustRelatedPartyTypes)
          : null;
        if (!parsed || !parsed.ok || parsed.value.length === 0) {
          issues.push({
            guid: node.guid,
            message: 'Missing trust relationship types: choose how this person relates to the trust',
          });
        }
      }
    }
    if (node.shareholderType === 'Entity' && !node.shareholderEntityName?.trim())
      issues.push({ guid: node.guid, message: 'Enter the entity name' });
    if (node.shareholderType === 'Trust' && !node.shareholderTrustName?.trim())
      issues.push({ guid: node.guid, message: 'Enter the trust name' });
    if (node.shareholderType === 'Trust' && node.children.length === 0)
      issues.push({ guid: node.guid, message: 'A trust needs its related parties' });
    for (const child of node.children) visit(child, node);
  };
  visit(root, null);
  return issues;
}

/** Each natural person's effective share of the root, computed live. */
export function ownershipOf(root: OrganigramNode): EffectiveOwnership[] {
  return effectiveOwnership(root);
}

/** Effective share of every node (product of shares from the root). */
export function effectiveShares(root: OrganigramNode): Map<string, number> {
  const out = new Map<string, number>();
  const go = (node: OrganigramNode, factor: number): void => {
    out.set(node.guid, factor * 100);
    for (const c of node.children) go(c, factor * ((c.shareholderPercentage ?? 0) / 100));
  };
  go(root, 1);
  return out;
}

/** The verify-organigram body: parent links and effective UBO percentages filled in. */
export function toRequest(root: OrganigramNode): OrganigramNodeRequest[] {
  const shares = effectiveShares(root);
  const convert = (node: OrganigramNode, parent: OrganigramNode | null): OrganigramNodeRequest => {
    const out: OrganigramNodeRequest = {
      guid: node.guid,
      shareholderType: node.shareholderType,
      shareholderPercentage: node.shareholderPercentage ?? 0,
      uboPercentage: Math.round((shares.get(node.guid) ?? 0) * 10000) / 10000,
      children: node.children.map((c) => convert(c, node)),
    };
    if (parent) out.parentGUID = parent.guid;
    if (node.shareholderType === 'Root' || node.shareholderType === 'Entity')
      out.shareholderEntityName = node.shareholderEntityName?.trim() ?? '';
    if (node.shareholderType === 'Trust') out.shareholderTrustName = node.shareholderTrustName?.trim() ?? '';
    if (node.shareholderType === 'Individual') {
      out.firstName = node.firstName?.trim() ?? '';
      out.lastName = node.lastName?.trim() ?? '';
      out.uboID = node.uboID ?? null;
      out.isDirector = node.isDirector ?? false;
      out.isTrustMember = node.isTrustMember ?? parent?.shareholderType === 'Trust';
      out.hasResolution = node.hasResolution ?? 'false';
      if (node.trustRelatedPartyTypes) out.trustRelatedPartyTypes = node.trustRelatedPartyTypes;
    }
    return out;
  };
  return [convert(root, null)];
}

/** Reads a saved draft back into editor nodes. */
export function fromRequest(
  nodes: readonly OrganigramNodeRequest[] | null | undefined,
): OrganigramNode | null {
  const root = nodes?.[0];
  if (!root || root.shareholderType !== 'Root') return null;
  const convert = (n: OrganigramNodeRequest): OrganigramNode => {
    const out: OrganigramNode = {
      guid: n.guid,
      shareholderType: n.shareholderType,
      children: (n.children ?? []).map(convert),
    };
    if (n.shareholderEntityName !== undefined) out.shareholderEntityName = n.shareholderEntityName;
    if (n.shareholderTrustName !== undefined) out.shareholderTrustName = n.shareholderTrustName;
    if (n.firstName !== undefined) out.firstName = n.firstName;
    if (n.lastName !== undefined) out.lastName = n.lastName;
    if (n.uboID !== undefined) out.uboID = n.uboID;
    if (n.shareholderPercentage !== undefined) out.shareholderPercentage = n.shareholderPercentage;
    if (n.isDirector !== undefined) out.isDirector = n.isDirector;
    if (n.isTrustMember !== undefined) out.isTrustMember = n.isTrustMember;
    if (n.hasResolution !== undefined) out.hasResolution = n.hasResolution;
    if (n.trustRelatedPartyTypes !== undefined) out.trustRelatedPartyTypes = n.trustRelatedPartyTypes;
    return out;
  };
  return convert(root);
}
