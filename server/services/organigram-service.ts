// verify-organigram (path B): the five published steps in order, in one transaction: trust records,
// UBO records (matched by uboID, created when null), trust related-party links, finalisation, and
// the processed tree with the published renames. Entity risk is recalculated on the way.
import { randomUUID } from 'node:crypto';
import {
  ORGANIGRAM_ERRORS,
  VerifyOrganigramRequestSchema,
  type OrganigramNodeRequest,
} from '../../shared/api/organigram.js';
import { effectiveOwnership, validateOrganigram } from '../../shared/domain/organigram.js';
import type { Store } from '../context.js';
import type { Entity } from '../store/entities.js';
import type { EntityTrust } from '../store/trusts.js';
import type { Ubo } from '../store/ubos.js';
import { TRUST_RELATED_PARTY_TYPES } from '../fixtures/lookups.js';
import { badRequest, zodDetails, type ErrorDetail, type HttpError } from '../http/errors.js';
import { newUbo, type EntityService } from './entity-service.js';
import { withRisk } from './entity-risk.js';
import { checkDepth } from '../http/validate.js';
import { isoNow } from '../clock.js';

const PUBLISHED = new Set<string>(Object.values(ORGANIGRAM_ERRORS));

export interface VerifyResult {
  entityOrganigram: unknown[];
  riskStatus: string;
  riskDescription: string;
  riskReason: string;
}

/** Refuses with the published text as the whole `message` when one applies, else every problem. */
function organigramError(details: ErrorDetail[]): HttpError {
  const published = details.find((d) => PUBLISHED.has(d.message));
  return badRequest(published?.message ?? details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
}

/** Accepts `{entityOrganigram: [...]}` and, tolerantly, the bare array. */
export function parseOrganigramBody(body: unknown): OrganigramNodeRequest {
  checkDepth(body);
  const list: unknown = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? (body as { entityOrganigram?: unknown }).entityOrganigram
      : undefined;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (
    !Array.isArray(list) ||
    typeof first !== 'object' ||
    first === null ||
    (first as { shareholderType?: unknown }).shareholderType !== 'Root'
  ) {
    throw badRequest(ORGANIGRAM_ERRORS.notRootArray, [
      { path: 'entityOrganigram', message: ORGANIGRAM_ERRORS.notRootArray },
    ]);
  }
  const missing = missingTrustTypesPath(list);
  if (missing !== undefined) {
    throw badRequest(ORGANIGRAM_ERRORS.missingTrustTypes, [
      { path: missing, message: ORGANIGRAM_ERRORS.missingTrustTypes },
    ]);
  }
  const parsed = VerifyOrganigramRequestSchema.safeParse({ entityOrganigram: list });
  if (!parsed.success) throw organigramError(zodDetails(parsed.error));
  const domain = validateOrganigram(list, { trustRelatedPartyTypes: TRUST_RELATED_PARTY_TYPES });
  if (!domain.ok) throw organigramError(domain.errors);
  const root = parsed.data.entityOrganigram[0];
  if (!root) throw badRequest(ORGANIGRAM_ERRORS.notRootArray);
  return root;
}

/** Relationship types that say nothing: absent, null, blank, or a string holding an empty JSON list. */
function saysNoTrustTypes(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text === '') return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length === 0;
  } catch {
    return false;
  }
}

/**
 * The path of the first Individual directly under a Trust that gives no trust relationship types.
 * The published text ("Missing trust relationship types") applies to null, blank and empty values
 * as much as to an absent field, so they are found here before the detailed schema checks run.
 */
function missingTrustTypesPath(list: unknown[]): string | undefined {
  const stack: Array<{ node: unknown; path: string; parentType: unknown }> = list.map((node, i) => ({
    node,
    path: `entityOrganigram.${i}`,
    parentType: undefined,
  }));
  while (stack.length > 0) {
    const { node, path, parentType } = stack.pop() as { node: unknown; path: string; parentType: unknown };
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    const { shareholderType, trustRelatedPartyTypes, children } = node as Record<string, unknown>;
    if (
      parentType === 'Trust' &&
      shareholderType === 'Individual' &&
      saysNoTrustTypes(trustRelatedPartyTypes)
    ) {
      return `${path}.trustRelatedPartyTypes`;
    }
    if (Array.isArray(children)) {
      children.forEach((child: unknown, i) =>
        stack.push({ node: child, path: `${path}.children.${i}`, parentType: shareholderType }),
      );
    }
  }
  return undefined;
}

interface Visit {
  node: OrganigramNodeRequest;
  parent: OrganigramNodeRequest | null;
}

function walk(root: OrganigramNodeRequest): Visit[] {
  const out: Visit[] = [];
  const go = (node: OrganigramNodeRequest, parent: OrganigramNodeRequest | null): void => {
    out.push({ node, parent });
    for (const child of node.children) go(child, node);
  };
  go(root, null);
  return out;
}

export class OrganigramService {
  constructor(
    private readonly store: Store,
    private readonly entities: EntityService,
  ) {}

  verify(entity: Entity, root: OrganigramNodeRequest): VerifyResult {
    this.entities.check(entity, { type: 'verify-organigram' });
    const visits = walk(root);
    const existing = new Map(this.store.ubos.listForEntity(entity.id).map((u) => [u.id, u]));
    for (const { node } of visits) {
      if (node.shareholderType === 'Individual' && node.uboID && !existing.has(node.uboID.toLowerCase())) {
        throw badRequest(`uboID ${node.uboID} is not a UBO of this entity`, [
          { path: 'uboID', message: 'Unknown UBO' },
        ]);
      }
    }
    const now = isoNow(this.store.clock);
    return this.store.db.transaction((): VerifyResult => {
      // 1. Trust records, matched by the caller's stable guid.
      const trusts = new Map(this.store.trusts.listForEntity(entity.id).map((t) => [t.nodeGuid, t]));
      const trustByGuid = new Map<string, EntityTrust>();
      for (const { node } of visits) {
        if (node.shareholderType !== 'Trust') continue;
        const known = trusts.get(node.guid);
        const trust: EntityTrust = {
          id: known?.id ?? randomUUID(),
          entityId: entity.id,
          nodeGuid: node.guid,
          trustName: node.shareholderTrustName ?? '',
          sharePercentage: node.shareholderPercentage ?? 0,
          uboPercentage: node.uboPercentage ?? 0,
          trustStatus: known?.trustStatus ?? 'In Progress',
          riskStatus: known?.riskStatus ?? 'Undetermined',
          createdAt: known?.createdAt ?? now,
          updatedAt: now,
        };
        this.store.trusts.upsert(trust);
        trustByGuid.set(node.guid, trust);
      }
      // 2. UBO records: matched by uboID, created when it is null. 3. Trust related-party links.
      const uboByGuid = new Map<string, Ubo>();
      const touched = new Map<string, Ubo>();
      for (const { node, parent } of visits) {
        if (node.shareholderType !== 'Individual') continue;
        const key = node.uboID?.toLowerCase();
        const base =
          (key && (touched.get(key) ?? existing.get(key))) ||
          newUbo(this.store.clock, entity, 'organigram', node.firstName ?? '', node.lastName ?? '');
        const share = node.shareholderPercentage ?? 0;
        const underTrust = parent?.shareholderType === 'Trust' ? trustByGuid.get(parent.guid) : undefined;
        const ubo: Ubo = {
          ...base,
          firstName: node.firstName ?? base.firstName,
          lastName: node.lastName ?? base.lastName,
          isDirector: base.isDirector || node.isDirector === true,
          isShareholder: base.isShareholder || share > 0,
          isTrustMember: base.isTrustMember || node.isTrustMember === true || underTrust !== undefined,
          shareholderPercentage: String(share),
          uboPercentage: node.uboPercentage ?? base.uboPercentage,
          nodeGuid: node.guid,
          entityTrustId: underTrust?.id ?? base.entityTrustId,
          trustRelatedPartyTypes: underTrust
            ? (node.trustRelatedPartyTypes ?? null)
            : base.trustRelatedPartyTypes,
        };
        if (existing.has(ubo.id) || touched.has(ubo.id)) this.store.ubos.save(ubo);
        else this.store.ubos.insert(ubo);
        touched.set(ubo.id, ubo);
        uboByGuid.set(node.guid, ubo);
      }
      // 4. Finalise and recalculate the entity's risk from the processed tree.
      const people = this.store.ubos.listForEntity(entity.id);
      const processed = this.processedTree(root, uboByGuid, trustByGuid);
      const withTree: Entity = { ...entity, organigram: [processed], organigramReviewed: true };
      const risk = this.entities.assessRisk(withTree, people);
      processed.riskStatus = risk.band;
      processed.ubos = this.rootUbos(root, uboByGuid);
      processed.trustUbos = [...uboByGuid.entries()]
        .map(([, u]) => u)
        .filter((u, i, all) => u.entityTrustId !== null && all.findIndex((o) => o.id === u.id) === i)
        .map((u) => ({
          uboID: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          trustID: u.entityTrustId,
          trustRelatedPartyTypes: u.trustRelatedPartyTypes,
        }));
      this.store.entities.save(withRisk({ ...withTree, organigram: [processed] }, risk));
      // 5. The processed tree.
      return {
        entityOrganigram: [processed],
        riskStatus: risk.band,
        riskDescription: risk.band,
        riskReason: risk.reason,
      };
    })();
  }

  private processedTree(
    root: OrganigramNodeRequest,
    ubos: Map<string, Ubo>,
    trusts: Map<string, EntityTrust>,
  ): Record<string, unknown> {
    const convert = (node: OrganigramNodeRequest, parentId: string | null): Record<string, unknown> => {
      const { guid, parentGUID: _parentGUID, children, ubos: _ubos, trustUbos: _trustUbos, ...rest } = node;
      const out: Record<string, unknown> = { id: guid, parentID: parentId, ...rest };
      if (node.shareholderType === 'Trust') {
        out.trustID = guid;
        out.entityTrustID = trusts.get(guid)?.id ?? null;
      }
      if (node.shareholderType === 'Individual') {
        const ubo = ubos.get(guid);
        out.uboID = ubo?.id ?? null;
        out.entityTrustID = ubo?.entityTrustId ?? null;
      }
      out.children = children.map((c) => convert(c, guid));
      return out;
    };
    return convert(root, null);
  }

  private rootUbos(root: OrganigramNodeRequest, ubos: Map<string, Ubo>): Array<Record<string, unknown>> {
    const seen = new Set<string>();
    const out: Array<Record<string, unknown>> = [];
    for (const owner of effectiveOwnership(root)) {
      const ubo = ubos.get(owner.guid);
      if (!ubo || seen.has(ubo.id)) continue;
      seen.add(ubo.id);
      out.push({
        uboID: ubo.id,
        firstName: ubo.firstName,
        lastName: ubo.lastName,
        shareholderPercentage: Math.round(owner.effectivePercentage * 10000) / 10000,
        verified: ubo.pepConfirmed && ubo.docsUploadedReviewed,
      });
    }
    return out;
  }
}
