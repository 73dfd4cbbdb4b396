// Risk rules of contract.md §6: band from a score, a person's band from the PEP review, and the
// sandbox's entity score. The weights live in one table so that the score explains itself.
import type { RiskBand, RiskSettingsLike } from './types.js';

export const DEFAULT_HIGH_FROM = 15;

export interface ResolvedRiskSettings {
  mediumFrom: number | null;
  highFrom: number;
}

export type RiskSettingsCheck =
  { ok: true; settings: ResolvedRiskSettings } | { ok: false; errors: string[] };

const isWholeAtLeastOne = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** Checks a partner's risk settings: whole numbers from 1, and a medium range that starts below high. */
export function validateRiskSettings(settings?: RiskSettingsLike | null): RiskSettingsCheck {
  const errors: string[] = [];
  const highFrom = settings?.highFrom ?? DEFAULT_HIGH_FROM;
  const mediumFrom = settings?.mediumFrom ?? null;
  if (!isWholeAtLeastOne(highFrom)) errors.push('highFrom must be a whole number of at least 1');
  if (mediumFrom !== null) {
    if (!isWholeAtLeastOne(mediumFrom)) errors.push('mediumFrom must be a whole number of at least 1');
    else if (isWholeAtLeastOne(highFrom) && mediumFrom >= highFrom) {
      errors.push(`mediumFrom (${mediumFrom}) must be below highFrom (${highFrom})`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, settings: { mediumFrom, highFrom } };
}

function resolve(settings?: RiskSettingsLike | null): ResolvedRiskSettings {
  const check = validateRiskSettings(settings);
  if (!check.ok) throw new RangeError(`Invalid risk settings: ${check.errors.join('; ')}`);
  return check.settings;
}

/** True when the partner's settings define a medium band. */
export function hasMediumBand(settings?: RiskSettingsLike | null): boolean {
  return resolve(settings).mediumFrom !== null;
}

/**
 * Band of a score: below `mediumFrom` (or `highFrom` when no medium range) Low, `[mediumFrom, highFrom)`
 * Medium, from `highFrom` High. Throws a RangeError on settings that validateRiskSettings refuses.
 */
export function bandFromScore(score: number, settings?: RiskSettingsLike | null): RiskBand {
  if (Number.isNaN(score)) throw new RangeError('A risk score must be a number');
  const { mediumFrom, highFrom } = resolve(settings);
  if (score >= highFrom) return 'High Risk';
  if (mediumFrom !== null && score >= mediumFrom) return 'Medium Risk';
  return 'Low Risk';
}

export interface PersonRiskInputs {
  /** Adverse screening results need attention (`adverseSearchKYC`). */
  adverse: boolean;
  /** `clientForeignOfficial` (individuals); UBOs have no such flag and pass false. */
  foreignOfficial: boolean;
  /** `clientSACitizen`. */
  saCitizen: boolean;
}

/** Band of a UBO or individual after the PEP review (contract §6). */
export function personBand(inputs: PersonRiskInputs, settings?: RiskSettingsLike | null): RiskBand {
  if (inputs.adverse || inputs.foreignOfficial) return 'High Risk';
  if (!inputs.saCitizen) return hasMediumBand(settings) ? 'Medium Risk' : 'Low Risk';
  return 'Low Risk';
}

/** Words for the band decision of personBand, for `riskReason`. */
export function personRiskReason(inputs: PersonRiskInputs, settings?: RiskSettingsLike | null): string {
  const band = personBand(inputs, settings);
  const why: string[] = [];
  if (inputs.adverse) why.push('adverse screening results');
  if (inputs.foreignOfficial) why.push('foreign official');
  if (why.length === 0 && !inputs.saCitizen) why.push('not a South African citizen');
  if (why.length === 0) why.push('South African citizen without adverse results');
  return `${band}: ${why.join(', ')}`;
}

/**
 * The sandbox's entity score weights (contract §6). Chosen so that a plain company with one or two
 * directors stays Low (1 + 2 UBOs = 3) and a layered tree with a trust and several related parties
 * reaches High (e.g. 7 nodes, depth 3, 5 UBOs, 3 related parties: 1+7+4+5+6 = 23).
 */
export const ENTITY_RISK_WEIGHTS = {
  base: 1,
  perTreeNode: 1,
  perLayerBeyondOne: 2,
  perUbo: 1,
  perTrustRelatedParty: 2,
  perHighRiskCountry: 3,
  perAdverseResult: 5,
  additionalVerification: 3,
} as const;

export interface EntityRiskInputs {
  /** Shareholder nodes of the ownership tree, the Root not counted (0 on path A). */
  treeNodes: number;
  /** Layers of shareholders below the Root (Root with direct holders only: 1; path A: 0). */
  treeDepth: number;
  uboCount: number;
  trustRelatedPartyCount: number;
  /** Countries transacted with that the country lookup marks `highRisk`. */
  highRiskCountryCount: number;
  /** Adverse screening results of the entity and its people that need attention. */
  adverseResultCount: number;
  additionalVerification: boolean;
}

export interface EntityRiskScore {
  score: number;
  /** One text per part that added points, e.g. `4 tree nodes (+4)`; the base comes first. */
  reasons: string[];
}

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function entityRiskScore(inputs: EntityRiskInputs): EntityRiskScore {
  const w = ENTITY_RISK_WEIGHTS;
  const nodes = count(inputs.treeNodes);
  const layers = Math.max(0, count(inputs.treeDepth) - 1);
  const ubos = count(inputs.uboCount);
  const related = count(inputs.trustRelatedPartyCount);
  const countries = count(inputs.highRiskCountryCount);
  const adverse = count(inputs.adverseResultCount);
  const parts: Array<[number, string]> = [
    [nodes * w.perTreeNode, plural(nodes, 'tree node', 'tree nodes')],
    [layers * w.perLayerBeyondOne, plural(layers, 'layer beyond the first', 'layers beyond the first')],
    [ubos * w.perUbo, plural(ubos, 'UBO', 'UBOs')],
    [related * w.perTrustRelatedParty, plural(related, 'trust related party', 'trust related parties')],
    [countries * w.perHighRiskCountry, plural(countries, 'high-risk country', 'high-risk countries')],
    [adverse * w.perAdverseResult, plural(adverse, 'adverse screening result', 'adverse screening results')],
    [inputs.additionalVerification ? w.additionalVerification : 0, 'additional verification'],
  ];
  const reasons = [`base ${w.base}`];
  let score = w.base;
  for (const [points, label] of parts) {
    if (points === 0) continue;
    score += points;
    reasons.push(`${label} (+${points})`);
  }
  return { score, reasons };
}

/** `riskReason` text: "Score 17: base 1, 4 tree nodes (+4), …", with the band when given. */
export function entityRiskReason(result: EntityRiskScore, band?: RiskBand): string {
  const text = `Score ${result.score}: ${result.reasons.join(', ')}`;
  return band ? `${text} (${band})` : text;
}
