// The local case as shared/domain's workflow sees it. "Done" here means captured on this laptop:
// a step whose input is complete does not block the next one even while its job waits to be sent
// (staff work offline for hours); the queue keeps the service's order.
import type {
  EntityWorkflowState,
  IndividualWorkflowState,
  UboWorkflowState,
} from '../../../shared/domain/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { EntityData, IndividualData } from './case-data.js';
import type { StoredCase, StoredDocument, StoredUbo } from './case-store.js';
import { entityBand, entityChecklist, individualBand, personChecklist, uboBand } from './checklists.js';

const nameOf = (u: StoredUbo) =>
  `${u.data.details.firstName} ${u.data.details.lastName}`.trim() || 'Unnamed person';

export function uboWorkflowState(
  ubo: StoredUbo,
  docs: readonly StoredDocument[],
  lookups: LookupBundle,
): UboWorkflowState {
  const mine = docs.filter((d) => d.owner.kind === 'ubo' && d.owner.uboId === ubo.id);
  const checklist = personChecklist(uboBand(ubo, lookups), lookups, mine);
  const missing = checklist.items.filter((i) => !i.onFile).map((i) => i.name);
  return {
    id: ubo.id,
    name: nameOf(ubo),
    detailsCompleted: ubo.data.detailsCompleted,
    pepConfirmed: ubo.data.pepReview !== null,
    requiredDocsOnFile: ubo.data.pepReview !== null && missing.length === 0,
    docsConfirmed: ubo.data.docsConfirmRequested,
    missingDocs: missing,
    screeningHeld: ubo.data.screening !== null,
  };
}

export function entityWorkflowState(
  c: StoredCase & { data: EntityData },
  ubos: readonly StoredUbo[],
  docs: readonly StoredDocument[],
  lookups: LookupBundle,
): EntityWorkflowState {
  const d = c.data;
  const entityDocs = docs.filter((x) => x.owner.kind === 'entity');
  const checklist = entityChecklist(entityBand(d.riskBand), lookups, entityDocs);
  const missing = checklist.items.filter((i) => !i.onFile).map((i) => i.name);
  return {
    created: true,
    sanctionsResultsHeld: d.sanctionsSearchResults !== null,
    // The service's create answer carries the registry's directors (or says there are none).
    registryAnswered: c.serverId !== null,
    showOrganigram: d.showOrganigram,
    kybCompleted: d.kyb !== null,
    sanctionsReviewed: d.sanctionsReview !== null,
    organigramVerified: d.organigramRequested,
    shareholdingConfirmed: d.shareholdingRequested,
    entityBand: d.riskBand,
    entityRequiredDocsOnFile: missing.length === 0,
    entityMissingDocs: missing,
    entityDocsConfirmed: d.docsConfirmRequested,
    decision: d.decision?.synced || d.decision ? (d.decision?.onboardingDecision ?? null) : null,
    ubos: ubos.filter((u) => !u.removed).map((u) => uboWorkflowState(u, docs, lookups)),
  };
}

export function individualWorkflowState(
  c: StoredCase & { data: IndividualData },
  docs: readonly StoredDocument[],
  lookups: LookupBundle,
): IndividualWorkflowState {
  const d = c.data;
  const band = individualBand(d, lookups);
  const checklist = personChecklist(band, lookups, docs);
  const missing = checklist.items.filter((i) => !i.onFile).map((i) => i.name);
  return {
    created: true,
    screeningHeld: d.amlScreening !== null,
    bureauAnswered: d.externalValidation !== null,
    amlScreened: d.amlRequested,
    externallyValidated: d.validationRequested,
    pepDecided: d.pepDecision !== null,
    band: band.band,
    requiredDocsOnFile: d.pepDecision !== null && missing.length === 0,
    missingDocs: missing,
    docsConfirmed: d.docsConfirmRequested,
    decision: d.decision?.onboardingDecision ?? null,
  };
}
