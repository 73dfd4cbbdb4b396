// What the decision screen lays out for a reviewer: each person's holding and effective share of
// the entity, and where each screening review stands, derived from the case as this laptop holds it.
import type { OrganigramNode, SanctionsSearchResults } from '../../shared/api/index.js';
import {
  effectiveOwnership,
  screeningFingerprint,
  screeningHits,
  type DecisionEvidence,
} from '../../shared/domain/index.js';
import type { CaseDetail, EntityCase, LocalUbo, ScreeningReviewRecord } from '../../shared/ipc/index.js';
import { formatPercent, personName } from './format.js';
import { fromRequest } from './organigram-draft.js';

export type Tone = 'ok' | 'warn' | 'danger';

export interface ReviewState {
  tone: Tone;
  text: string;
}

/** Where one subject's screening review stands, in the words the decision screen uses. */
export function reviewState(
  results: SanctionsSearchResults | null,
  record: ScreeningReviewRecord | null,
): ReviewState {
  if (!results) return { tone: 'warn', text: 'Waiting for screening results' };
  const hits = screeningHits(results);
  if (!record) return { tone: 'warn', text: hits.length === 0 ? 'No matches, not reviewed' : 'Not reviewed' };
  if (record.fingerprint !== screeningFingerprint(results))
    return { tone: 'warn', text: 'New results, not reviewed' };
  if (hits.length === 0) return { tone: 'ok', text: 'Reviewed: no matches' };
  const trueMatches = record.dispositions.filter((d) => d.verdict === 'true-match').length;
  const falsePositives = record.dispositions.length - trueMatches;
  const parts = [
    trueMatches > 0 ? `${trueMatches} true match${trueMatches === 1 ? '' : 'es'}` : null,
    falsePositives > 0 ? `${falsePositives} false positive${falsePositives === 1 ? '' : 's'}` : null,
  ].filter((p): p is string => p !== null);
  return { tone: trueMatches > 0 ? 'danger' : 'ok', text: `Reviewed: ${parts.join(', ')}` };
}

export interface OwnerRow {
  uboId: string;
  name: string;
  /** How the person holds: "60 % directly", "40 % of Holdco", or "Not a shareholder". */
  holdings: string[];
  /** Share of the entity through every holding; null when the person holds none. */
  effective: number | null;
}

export interface OwnershipTable {
  rows: OwnerRow[];
  /** Sum of the effective shares of the people listed. */
  total: number;
  /** From the ownership tree (path B) or from each person's shareholding (path A). */
  source: 'tree' | 'details';
}

function directShare(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function nodeName(n: OrganigramNode): string {
  return (n.shareholderEntityName ?? n.shareholderTrustName ?? '').trim() || 'an unnamed holder';
}

/** Every node by guid, with the node that holds it. */
function indexTree(
  root: OrganigramNode,
): Map<string, { node: OrganigramNode; parent: OrganigramNode | null }> {
  const out = new Map<string, { node: OrganigramNode; parent: OrganigramNode | null }>();
  const visit = (node: OrganigramNode, parent: OrganigramNode | null): void => {
    out.set(node.guid, { node, parent });
    for (const child of node.children) visit(child, node);
  };
  visit(root, null);
  return out;
}

/**
 * The ownership table on the decision screen. Path B reads the ownership tree: a person placed more
 * than once (directly and through a holding company) shows each holding and the sum as effective
 * share. Path A has no tree: each person's shareholding is direct, so it is also the effective share.
 */
export interface OwnershipSource {
  showOrganigram: EntityCase['showOrganigram'];
  organigram: Pick<EntityCase['organigram'], 'draft'>;
  ubos: ReadonlyArray<Pick<LocalUbo, 'id' | 'serverId' | 'details'>>;
}

export function ownershipTable(detail: OwnershipSource): OwnershipTable {
  const root = detail.showOrganigram ? fromRequest(detail.organigram.draft) : null;
  if (root) {
    const nodes = indexTree(root);
    const owners = effectiveOwnership(root);
    const rows = detail.ubos.map((u): OwnerRow => {
      const owned = owners.find((o) => (o.uboID ? o.uboID === u.serverId : o.guid === u.id));
      if (!owned)
        return {
          uboId: u.id,
          name: personName(u.details),
          holdings: ['Not in the ownership tree'],
          effective: null,
        };
      const holdings = owned.paths.map((p) => {
        const entry = nodes.get(p.guids[p.guids.length - 1] ?? '');
        const share = formatPercent(entry?.node.shareholderPercentage ?? 0);
        return entry?.parent && entry.parent.shareholderType !== 'Root'
          ? `${share} of ${nodeName(entry.parent)}`
          : `${share} directly`;
      });
      return { uboId: u.id, name: personName(u.details), holdings, effective: owned.effectivePercentage };
    });
    return { rows, total: sum(rows), source: 'tree' };
  }
  const rows = detail.ubos.map((u): OwnerRow => {
    const share = u.details.isShareholder === false ? null : directShare(u.details.shareholderPercentage);
    return {
      uboId: u.id,
      name: personName(u.details),
      holdings: share === null ? ['Not a shareholder'] : [`${formatPercent(share)} directly`],
      effective: share,
    };
  });
  return { rows, total: sum(rows), source: 'details' };
}

function sum(rows: readonly OwnerRow[]): number {
  return rows.reduce((total, r) => total + (r.effective ?? 0), 0);
}

/**
 * What the decision rests on, as the shared warnings read it (shared/domain/decision-evidence.ts):
 * each screening subject with its review, each person's band and effective share, the bureau's
 * answer and the bank account check.
 */
export function evidenceOf(detail: CaseDetail): DecisionEvidence {
  if (detail.kind === 'individual')
    return {
      subjects: [
        {
          name: detail.title,
          role: 'client',
          results: detail.amlScreening,
          review: detail.pepReviewRecord,
          reviewed: detail.pepDecision !== null,
          band: null,
          effectiveShare: null,
        },
      ],
      bureau: detail.externalValidation,
      bank: detail.bankVerification,
    };
  const table = ownershipTable(detail);
  return {
    subjects: [
      {
        name: detail.create.entityRegName,
        role: 'entity',
        results: detail.sanctionsSearchResults,
        review: detail.sanctionsReviewRecord,
        reviewed: detail.sanctionsReview !== null,
        band: null,
        effectiveShare: null,
      },
      ...detail.ubos.map((u) => {
        const share = table.rows.find((r) => r.uboId === u.id)?.effective ?? null;
        return {
          name: personName(u.details),
          role: share !== null && share > 0 ? ('owner' as const) : ('related person' as const),
          results: u.screening,
          review: u.pepReviewRecord,
          reviewed: u.pepReview !== null,
          band: u.riskStatus,
          effectiveShare: share,
        };
      }),
    ],
    bureau: null,
    bank: null,
  };
}
