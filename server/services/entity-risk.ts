// The entity's score inputs as the sandbox holds them (contract §6), and the one way a band, reason
// and score are written onto an entity, so the record's ownership tree never names another band.
import { entityRiskScore, type EntityRiskScore } from '../../shared/domain/risk.js';
import { treeStats, type OrganigramNodeInput } from '../../shared/domain/organigram.js';
import type { RiskBand } from '../../shared/domain/types.js';
import { COUNTRIES } from '../fixtures/lookups.js';
import type { Entity } from '../store/entities.js';
import type { EntityTrust } from '../store/trusts.js';
import type { Ubo } from '../store/ubos.js';

export interface EntityRisk {
  score: number;
  band: RiskBand;
  reason: string;
}

const HIGH_RISK_COUNTRIES = new Set(COUNTRIES.filter((c) => c.highRisk).map((c) => c.id));

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstNode(tree: unknown[] | null): Obj | null {
  const first = tree?.[0];
  return isObj(first) ? first : null;
}

/** Every node id the stored tree carries (`id` as answered, `guid` as sent). */
function nodeIds(node: Obj, out = new Set<string>()): Set<string> {
  for (const key of ['id', 'guid', 'trustID']) if (typeof node[key] === 'string') out.add(node[key]);
  if (Array.isArray(node.children)) for (const child of node.children) if (isObj(child)) nodeIds(child, out);
  return out;
}

/**
 * Trusts of the entity that its stored tree does not hold: added in the dashboard (an organigram node of
 * type Trust, webhooks.md), they hang under the Root. The report draws them there too.
 */
export function trustsOutsideTree(
  entity: Pick<Entity, 'organigram'>,
  trusts: readonly EntityTrust[],
): EntityTrust[] {
  const root = firstNode(entity.organigram);
  const inTree = root ? nodeIds(root) : new Set<string>();
  return trusts.filter((t) => !inTree.has(t.nodeGuid));
}

/** The score of the entity's tree, people, KYB and screening as they stand. */
export function entityScore(
  entity: Entity,
  ubos: readonly Ubo[],
  trusts: readonly EntityTrust[],
): EntityRiskScore {
  const root = firstNode(entity.organigram);
  const stats = root ? treeStats(root as unknown as OrganigramNodeInput) : null;
  const extraTrusts = trustsOutsideTree(entity, trusts).length;
  const countries = new Set(entity.kyb?.countriesTransactedWith ?? []);
  return entityRiskScore({
    treeNodes: (stats?.shareholderNodeCount ?? 0) + extraTrusts,
    treeDepth: Math.max(stats?.depth ?? 0, extraTrusts > 0 ? 1 : 0),
    uboCount: ubos.length,
    trustRelatedPartyCount: stats?.trustRelatedPartyCount ?? 0,
    highRiskCountryCount: [...countries].filter((id) => HIGH_RISK_COUNTRIES.has(id)).length,
    adverseResultCount: (entity.adverseSearchKYC ? 1 : 0) + ubos.filter((u) => u.adverseSearchKYC).length,
    additionalVerification: entity.kyb?.additionalVerification === true,
  });
}

export const sameScore = (a: EntityRiskScore, b: EntityRiskScore): boolean =>
  a.score === b.score && a.reasons.join('\n') === b.reasons.join('\n');

/** The entity with this band, reason and score, its stored tree's Root carrying the same band. */
export function withRisk(
  entity: Entity,
  risk: { band: string; reason: string | null; score: number | null },
): Entity {
  const root = firstNode(entity.organigram);
  return {
    ...entity,
    riskStatus: risk.band,
    riskReason: risk.reason,
    riskScore: risk.score,
    organigram:
      root && entity.organigram
        ? [{ ...root, riskStatus: risk.band }, ...entity.organigram.slice(1)]
        : entity.organigram,
  };
}
