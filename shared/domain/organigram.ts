// The ownership tree (organigram) of entity-api.md: validation of the verify-organigram request and
// the arithmetic of ownership through Entity and Trust layers.

import {
  MAX_ORGANIGRAM_DEPTH,
  MAX_ORGANIGRAM_NODES,
  ORGANIGRAM_ERRORS,
  SHAREHOLDER_TYPES,
  type OrganigramNode,
  type OrganigramNodeInput,
  type ShareholderType,
} from '../api/organigram.js';

/** Published error texts (entity-api.md "Errors"), defined once in shared/api; answered verbatim. */
export { ORGANIGRAM_ERRORS };

export { SHAREHOLDER_TYPES };
export type { OrganigramNode, OrganigramNodeInput };

export interface TrustRelatedPartyTypeRef {
  id: number;
  name: string;
}

export interface OrganigramIssue {
  path: string;
  message: string;
}

export type OrganigramValidation =
  { ok: true; tree: OrganigramNode } | { ok: false; errors: OrganigramIssue[] };

export interface ValidateOrganigramOptions {
  /** The trust-related-party-types lookup; when given, every {id, name} pair must be in it. */
  trustRelatedPartyTypes?: readonly TrustRelatedPartyTypeRef[];
}

/** Bigger trees are refused rather than walked (limits of shared/api's request schema). */
export const MAX_TREE_DEPTH = MAX_ORGANIGRAM_DEPTH;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

export type TrustTypesParse = { ok: true; value: TrustRelatedPartyTypeRef[] } | { ok: false; reason: string };

/** Reads `trustRelatedPartyTypes`: a string holding a JSON array of {id: integer, name: string}. */
export function parseTrustRelatedPartyTypes(value: unknown): TrustTypesParse {
  if (Array.isArray(value)) {
    return {
      ok: false,
      reason: 'trustRelatedPartyTypes must be a JSON array serialised to a string, not a raw array',
    };
  }
  if (typeof value !== 'string') return { ok: false, reason: 'trustRelatedPartyTypes must be a string' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (e) {
    return { ok: false, reason: `trustRelatedPartyTypes is not valid JSON: ${(e as Error).message}` };
  }
  if (!Array.isArray(parsed)) return { ok: false, reason: 'trustRelatedPartyTypes must hold a JSON array' };
  const out: TrustRelatedPartyTypeRef[] = [];
  for (const [i, item] of parsed.entries()) {
    if (!isObj(item) || !Number.isInteger(item.id) || typeof item.name !== 'string') {
      return { ok: false, reason: `trustRelatedPartyTypes item ${i} must be {id: integer, name: string}` };
    }
    out.push({ id: item.id as number, name: item.name });
  }
  return { ok: true, value: out };
}

export function serialiseTrustRelatedPartyTypes(list: readonly TrustRelatedPartyTypeRef[]): string {
  return JSON.stringify(list.map(({ id, name }) => ({ id, name })));
}

interface Walked {
  node: Obj;
  path: string;
  parent: Walked | null;
  depth: number;
  /** Nodes of the flat form attached here through their parentGUID. */
  extra: Obj[];
}

function nodeLabel(node: Obj): string {
  if (nonEmpty(node.shareholderEntityName)) return node.shareholderEntityName;
  if (nonEmpty(node.shareholderTrustName)) return node.shareholderTrustName;
  const name = [node.firstName, node.lastName].filter(nonEmpty).join(' ');
  if (name) return name;
  return typeof node.guid === 'string' ? node.guid : 'unnamed node';
}

const fmt = (n: number): string => String(Math.round(n * 1e6) / 1e6);

/**
 * Validates a verify-organigram request: a nested tree under the Root, or the flat form where
 * nodes after the Root name their parent by parentGUID (both end up nested in `tree`).
 * Checks run in this order and errors come out in it:
 * shape (array, Root first; otherwise the published text is the only error), unique guids,
 * parentGUID links, node type rules, percentages, sibling sums, trust related party types.
 */
export function validateOrganigram(
  input: unknown,
  opts: ValidateOrganigramOptions = {},
): OrganigramValidation {
  if (!Array.isArray(input) || !isObj(input[0]) || input[0].shareholderType !== 'Root') {
    return { ok: false, errors: [{ path: 'entityOrganigram', message: ORGANIGRAM_ERRORS.notRootArray }] };
  }
  const errors: OrganigramIssue[] = [];

  // Walk each top-level element in document order; structural problems are reported as found.
  const nodes: Walked[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown, path: string, parent: Walked | null, depth: number): Walked | null => {
    if (!isObj(value)) {
      errors.push({ path, message: 'A node must be an object' });
      return null;
    }
    if (seen.has(value)) {
      errors.push({ path, message: 'The same node appears twice in the tree' });
      return null;
    }
    seen.add(value);
    if (depth > MAX_TREE_DEPTH) {
      errors.push({ path, message: `The ownership tree may be at most ${MAX_TREE_DEPTH} levels deep` });
      return null;
    }
    const w: Walked = { node: value, path, parent, depth, extra: [] };
    nodes.push(w);
    if (value.children === undefined || value.children === null) return w;
    if (!Array.isArray(value.children)) {
      errors.push({ path: `${path}.children`, message: 'children must be an array' });
      return w;
    }
    value.children.forEach((c, i) => walk(c, `${path}.children[${i}]`, w, depth + 1));
    return w;
  };
  const rootW = walk(input[0], 'entityOrganigram[0]', null, 0) as Walked;
  const detached: Walked[] = [];
  for (let i = 1; i < input.length; i++) {
    const w = walk(input[i], `entityOrganigram[${i}]`, null, 1);
    if (w) detached.push(w);
  }
  if (nodes.length > MAX_ORGANIGRAM_NODES) {
    return {
      ok: false,
      errors: [
        {
          path: 'entityOrganigram',
          message: `The ownership tree may hold at most ${MAX_ORGANIGRAM_NODES} nodes`,
        },
      ],
    };
  }

  // Nodes listed after the Root at the top level (the flat form) hang off the node their
  // parentGUID names, as shared/api's request schema accepts.
  const byGuid = new Map<string, Walked>();
  for (const w of nodes) if (nonEmpty(w.node.guid) && !byGuid.has(w.node.guid)) byGuid.set(w.node.guid, w);
  for (const w of detached) {
    const target = typeof w.node.parentGUID === 'string' ? byGuid.get(w.node.parentGUID) : undefined;
    let cycle = false;
    for (let up: Walked | null = target ?? null; up; up = up.parent) {
      if (up === w) {
        cycle = true;
        break;
      }
    }
    if (!target || cycle) {
      errors.push({
        path: `${w.path}.parentGUID`,
        message: cycle
          ? 'parentGUID makes the tree loop back on itself'
          : 'A node after the Root must name an existing parentGUID',
      });
      continue;
    }
    w.parent = target;
    target.extra.push(w.node);
  }
  const childrenOf = (w: Walked): Obj[] => [
    ...(Array.isArray(w.node.children) ? w.node.children.filter(isObj) : []),
    ...w.extra,
  ];

  // Unique guids.
  const guidAt = new Map<string, string>();
  for (const { node, path } of nodes) {
    if (!nonEmpty(node.guid)) {
      errors.push({ path: `${path}.guid`, message: 'guid must be a non-empty string' });
      continue;
    }
    const first = guidAt.get(node.guid);
    if (first !== undefined)
      errors.push({ path: `${path}.guid`, message: `guid ${node.guid} is already used at ${first}` });
    else guidAt.set(node.guid, path);
  }

  // parentGUID links.
  for (const { node, path, parent } of nodes) {
    const p = node.parentGUID;
    if (p === undefined || p === null || (parent === null && node !== rootW.node)) continue;
    if (typeof p !== 'string') {
      errors.push({ path: `${path}.parentGUID`, message: 'parentGUID must be a string' });
    } else if (parent === null) {
      errors.push({
        path: `${path}.parentGUID`,
        message: 'The Root node has no parent; parentGUID must be empty',
      });
    } else if (p !== parent.node.guid) {
      errors.push({
        path: `${path}.parentGUID`,
        message: `parentGUID ${p} does not match the guid of its parent "${nodeLabel(parent.node)}"`,
      });
    }
  }

  // Node type rules.
  for (const w of nodes) {
    const { node, path } = w;
    const t = node.shareholderType;
    if (!SHAREHOLDER_TYPES.includes(t as ShareholderType)) {
      errors.push({
        path: `${path}.shareholderType`,
        message: 'shareholderType must be Root, Individual, Trust or Entity',
      });
      continue;
    }
    if (t === 'Root' && w !== rootW) {
      errors.push({ path: `${path}.shareholderType`, message: 'Only the first node may be the Root' });
    }
    if ((t === 'Root' || t === 'Entity') && !nonEmpty(node.shareholderEntityName)) {
      errors.push({
        path: `${path}.shareholderEntityName`,
        message: `A ${t} node needs shareholderEntityName`,
      });
    }
    if (t === 'Trust' && !nonEmpty(node.shareholderTrustName)) {
      errors.push({
        path: `${path}.shareholderTrustName`,
        message: 'A Trust node needs shareholderTrustName',
      });
    }
    if (t === 'Individual') {
      if (!nonEmpty(node.firstName))
        errors.push({ path: `${path}.firstName`, message: 'An Individual needs firstName' });
      if (!nonEmpty(node.lastName))
        errors.push({ path: `${path}.lastName`, message: 'An Individual needs lastName' });
      if (childrenOf(w).length > 0) {
        errors.push({
          path: `${path}.children`,
          message: `Individual "${nodeLabel(node)}" cannot have children`,
        });
      }
      if (node.uboID !== undefined && node.uboID !== null && !nonEmpty(node.uboID)) {
        errors.push({ path: `${path}.uboID`, message: 'uboID must be a UBO id or null' });
      }
      if (
        node.hasResolution !== undefined &&
        node.hasResolution !== 'true' &&
        node.hasResolution !== 'false'
      ) {
        errors.push({
          path: `${path}.hasResolution`,
          message: 'hasResolution must be the text "true" or "false"',
        });
      }
      for (const flag of ['isTrustMember', 'isDirector'] as const) {
        if (node[flag] !== undefined && typeof node[flag] !== 'boolean') {
          errors.push({ path: `${path}.${flag}`, message: `${flag} must be true or false` });
        }
      }
    }
  }

  // Percentages.
  for (const { node, path } of nodes) {
    for (const field of ['shareholderPercentage', 'uboPercentage'] as const) {
      const v = node[field];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100) {
        errors.push({ path: `${path}.${field}`, message: `${field} must be a number from 0 to 100` });
      }
    }
  }

  // Shares held in one node add up to at most 100%.
  for (const w of nodes) {
    const { node, path } = w;
    const kids = childrenOf(w);
    if (kids.length === 0) continue;
    const sum = kids.reduce<number>((s, c) => s + pct(c.shareholderPercentage), 0);
    if (sum > 100 + 1e-9) {
      errors.push({
        path: `${path}.children`,
        message: `The shareholdings in "${nodeLabel(node)}" add up to ${fmt(sum)}%, more than 100%`,
      });
    }
  }

  // Trust related party types.
  const allowed = opts.trustRelatedPartyTypes
    ? new Set(opts.trustRelatedPartyTypes.map((t) => `${t.id}\u0000${t.name}`))
    : null;
  for (const { node, path, parent } of nodes) {
    const raw = node.trustRelatedPartyTypes;
    const underTrust = node.shareholderType === 'Individual' && parent?.node.shareholderType === 'Trust';
    const p = `${path}.trustRelatedPartyTypes`;
    if (raw === undefined || raw === null || raw === '') {
      if (underTrust) errors.push({ path: p, message: ORGANIGRAM_ERRORS.missingTrustTypes });
      continue;
    }
    const parsed = parseTrustRelatedPartyTypes(raw);
    if (!parsed.ok) {
      errors.push({ path: p, message: parsed.reason });
      continue;
    }
    if (underTrust && parsed.value.length === 0) {
      errors.push({ path: p, message: ORGANIGRAM_ERRORS.missingTrustTypes });
      continue;
    }
    if (allowed) {
      for (const t of parsed.value) {
        if (!allowed.has(`${t.id}\u0000${t.name}`)) {
          errors.push({
            path: p,
            message: `Unknown trust related party type {id: ${t.id}, name: "${t.name}"}`,
          });
        }
      }
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  const extraOf = new Map(nodes.map((w) => [w.node, w.extra]));
  const normalise = (node: Obj): OrganigramNode => {
    const own = Array.isArray(node.children) ? (node.children as Obj[]) : [];
    const children = [...own, ...(extraOf.get(node) ?? [])].map(normalise);
    return { ...(node as unknown as OrganigramNode), children };
  };
  return { ok: true, tree: normalise(rootW.node) };
}

function pct(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 0;
}

export interface OwnershipPath {
  /** guids from the Root's first child down to the person. */
  guids: string[];
  /** Names of the holders in between (entities and trusts), outermost first. */
  via: string[];
  /** Product of shareholderPercentage/100 along the path, as a percentage. */
  percentage: number;
}

export interface EffectiveOwnership {
  guid: string;
  uboID: string | null;
  firstName: string;
  lastName: string;
  effectivePercentage: number;
  paths: OwnershipPath[];
}

interface IndividualVisit {
  node: OrganigramNodeInput;
  parent: OrganigramNodeInput;
  path: OwnershipPath;
}

function visitIndividuals(root: OrganigramNodeInput): IndividualVisit[] {
  const out: IndividualVisit[] = [];
  const go = (
    node: OrganigramNodeInput,
    factor: number,
    guids: string[],
    via: string[],
    depth: number,
  ): void => {
    if (depth > MAX_TREE_DEPTH) return;
    for (const child of node.children ?? []) {
      const f = factor * (pct(child.shareholderPercentage) / 100);
      const g = [...guids, child.guid];
      if (child.shareholderType === 'Individual') {
        out.push({ node: child, parent: node, path: { guids: g, via, percentage: f * 100 } });
      } else if (child.shareholderType === 'Entity' || child.shareholderType === 'Trust') {
        go(child, f, g, [...via, nodeLabel(child as unknown as Obj)], depth + 1);
      }
    }
  };
  go(root, 1, [], [], 0);
  return out;
}

/** The same natural person: same uboID when known, else the same guid. */
const personKey = (n: OrganigramNodeInput): string =>
  nonEmpty(n.uboID) ? `ubo:${n.uboID}` : `guid:${n.guid}`;

/**
 * Each natural person's effective share of the Root: the product of shareholderPercentage/100 along
 * each path from the Root, summed over the paths where the same person appears. Within a valid tree
 * the shares under one node add up to at most 100%, so no person exceeds 100% and neither do all of
 * them together (up to floating-point rounding; each person is capped at 100).
 */
export function effectiveOwnership(root: OrganigramNodeInput): EffectiveOwnership[] {
  const byPerson = new Map<string, EffectiveOwnership>();
  for (const { node, path } of visitIndividuals(root)) {
    const key = personKey(node);
    let entry = byPerson.get(key);
    if (!entry) {
      entry = {
        guid: node.guid,
        uboID: nonEmpty(node.uboID) ? node.uboID : null,
        firstName: node.firstName ?? '',
        lastName: node.lastName ?? '',
        effectivePercentage: 0,
        paths: [],
      };
      byPerson.set(key, entry);
    }
    entry.paths.push(path);
    entry.effectivePercentage = Math.min(100, entry.effectivePercentage + path.percentage);
  }
  return [...byPerson.values()];
}

export type UboRole = 'shareholder' | 'director' | 'trust member' | 'trust related party';

export interface ImpliedUbo extends EffectiveOwnership {
  roles: UboRole[];
  /** Names of the trust related party types given for this person (founder, trustee, …). */
  trustRelatedPartyTypes: string[];
  /** Effective ownership at or above the threshold: a beneficial owner by shareholding. */
  aboveThreshold: boolean;
}

/**
 * The natural persons who must be registered as UBOs on verify. Rule: every Individual node,
 * whatever its share. entity-api.md says every natural person linked to the entity (director,
 * shareholder, trust member, trust related party) completes their own steps and none may be
 * skipped, so the threshold (default 5%) only flags beneficial ownership by shareholding; it never
 * drops a person. One entry per person (same uboID, or same guid), roles merged over appearances.
 */
export function impliedUbos(root: OrganigramNodeInput, opts: { threshold?: number } = {}): ImpliedUbo[] {
  const threshold = opts.threshold ?? 5;
  const owners = new Map(
    effectiveOwnership(root).map((o) => [o.uboID ? `ubo:${o.uboID}` : `guid:${o.guid}`, o]),
  );
  const out = new Map<string, ImpliedUbo>();
  for (const { node, parent } of visitIndividuals(root)) {
    const key = personKey(node);
    const own = owners.get(key);
    if (!own) continue;
    let entry = out.get(key);
    if (!entry) {
      entry = {
        ...own,
        roles: [],
        trustRelatedPartyTypes: [],
        aboveThreshold: own.effectivePercentage >= threshold,
      };
      out.set(key, entry);
    }
    const add = (r: UboRole): void => {
      if (!entry.roles.includes(r)) entry.roles.push(r);
    };
    if (pct(node.shareholderPercentage) > 0) add('shareholder');
    if (node.isDirector === true) add('director');
    if (node.isTrustMember === true) add('trust member');
    if (parent.shareholderType === 'Trust') {
      add('trust related party');
      const parsed = parseTrustRelatedPartyTypes(node.trustRelatedPartyTypes);
      if (parsed.ok) {
        for (const t of parsed.value)
          if (!entry.trustRelatedPartyTypes.includes(t.name)) entry.trustRelatedPartyTypes.push(t.name);
      }
    }
  }
  return [...out.values()];
}

export interface TreeStats {
  /** Every node, the Root included. */
  nodeCount: number;
  /** Nodes below the Root: the `treeNodes` input of the entity risk score. */
  shareholderNodeCount: number;
  /** Layers below the Root (Root alone 0, direct holders only 1). */
  depth: number;
  individualCount: number;
  entityCount: number;
  trustCount: number;
  /** Individual nodes directly under a Trust. */
  trustRelatedPartyCount: number;
}

export function treeStats(root: OrganigramNodeInput): TreeStats {
  const s: TreeStats = {
    nodeCount: 0,
    shareholderNodeCount: 0,
    depth: 0,
    individualCount: 0,
    entityCount: 0,
    trustCount: 0,
    trustRelatedPartyCount: 0,
  };
  const go = (node: OrganigramNodeInput, parent: OrganigramNodeInput | null, depth: number): void => {
    if (depth > MAX_TREE_DEPTH) return;
    s.nodeCount++;
    if (parent) s.shareholderNodeCount++;
    s.depth = Math.max(s.depth, depth);
    if (node.shareholderType === 'Individual') {
      s.individualCount++;
      if (parent?.shareholderType === 'Trust') s.trustRelatedPartyCount++;
    } else if (node.shareholderType === 'Entity') s.entityCount++;
    else if (node.shareholderType === 'Trust') s.trustCount++;
    for (const c of node.children ?? []) go(c, node, depth + 1);
  };
  go(root, null, 0);
  return s;
}
