// The facts the one decision rule (shared/domain/decision-rules.ts) weighs, read from a case as this
// laptop holds it: a case captured here and one opened from the service give them the same way.
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import {
  checkEntityAction,
  checkIndividualAction,
  screeningFingerprint,
  screeningHits,
  type DecisionFacts,
} from '../../../shared/domain/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { ScreeningReviewRecord } from '../../../shared/ipc/model.js';
import type { EntityData, IndividualData } from './case-data.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredUbo } from './store/people.js';
import { finalityOf } from './finality.js';
import { entityWorkflowState, individualWorkflowState, type DocumentsOf } from './workflow-state.js';

/**
 * Why a review of these results does not attest them, or null when it does (or there is nothing to
 * attest). A review recorded here before fingerprints existed stands; one the service says was made
 * elsewhere needs its review record to say on which results and with which dispositions.
 */
function unattested(
  results: SanctionsSearchResults | null,
  record: ScreeningReviewRecord | null,
  reviewed: boolean,
  fromService: boolean,
): string | null {
  if (!results || screeningHits(results).length === 0) return null;
  if (!reviewed) return 'not reviewed';
  if (record === null) return fromService ? 'no review record on the service' : null;
  if (record.fingerprint !== screeningFingerprint(results))
    return 'made on other results than the case holds';
  return null;
}

const uboName = (u: StoredUbo) =>
  `${u.data.details.firstName} ${u.data.details.lastName}`.trim() || 'Unnamed person';

export function decisionFactsOf(
  c: StoredCase,
  ubos: readonly StoredUbo[],
  documentsOf: DocumentsOf,
  lookups: LookupBundle,
): DecisionFacts {
  const fromService = c.origin === 'desk';
  const open: string[] = [];
  let gate: ReturnType<typeof checkEntityAction>;
  if (c.data.kind === 'entity') {
    const d = c.data;
    const entity = c as StoredCase & { data: EntityData };
    gate = checkEntityAction(entityWorkflowState(entity, ubos, documentsOf, lookups), {
      type: 'decision',
      decision: 'Approved',
    });
    const why = unattested(
      d.sanctionsSearchResults,
      d.sanctionsReviewRecord,
      d.sanctionsReview !== null,
      fromService,
    );
    if (why) open.push(`the sanctions review of ${d.create.entityRegName} (${why})`);
    for (const u of ubos) {
      if (u.removed) continue;
      const whyPerson = unattested(
        u.data.screening,
        u.data.pepReviewRecord,
        u.data.pepReview !== null,
        fromService,
      );
      if (whyPerson) open.push(`the PEP review of ${uboName(u)} (${whyPerson})`);
    }
  } else {
    const d = c.data;
    const individual = c as StoredCase & { data: IndividualData };
    gate = checkIndividualAction(individualWorkflowState(individual, documentsOf, lookups), {
      type: 'decision',
      decision: 'Approved',
    });
    const why = unattested(d.amlScreening, d.pepReviewRecord, d.pepDecision !== null, fromService);
    if (why) open.push(`the PEP and sanctions review of ${c.title} (${why})`);
  }
  return {
    title: c.title,
    band: c.data.riskBand,
    final: finalityOf(c)?.decision ?? null,
    approvalGate: gate.ok ? null : gate.message,
    unattested: open,
    capturedBy: c.createdBy,
    makers: c.data.makers,
  };
}
