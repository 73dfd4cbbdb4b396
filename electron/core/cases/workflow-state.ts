// The local case as shared/domain's workflow sees it. "Done" here means captured on this laptop:
// a step whose input is complete does not block the next one even while its job waits to be sent
// (staff work offline for hours); the queue keeps the service's order.
import type {
  EntityWorkflowState,
  IndividualWorkflowState,
  UboWorkflowState,
} from '../../../shared/domain/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { DocumentOwner } from '../../../shared/ipc/model.js';
import type { EntityData, IndividualData } from './case-data.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredUbo } from './store/people.js';
import { entityBand, entityChecklist, individualBand, personChecklist, uboBand } from './checklists.js';
import type { OwnerDocuments } from './store/documents.js';

/** One owner's documents as the checklists see them (checklists.ts). */
export type DocumentsOf = (owner: DocumentOwner) => OwnerDocuments;

const nameOf = (u: StoredUbo) =>
  `${u.data.details.firstName} ${u.data.details.lastName}`.trim() || 'Unnamed person';

export function uboWorkflowState(
  ubo: StoredUbo,
  documentsOf: DocumentsOf,
  lookups: LookupBundle,
): UboWorkflowState {
  const checklist = personChecklist(
    uboBand(ubo, lookups),
    lookups,
    documentsOf({ kind: 'ubo', uboId: ubo.id }),
  );
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
  documentsOf: DocumentsOf,
  lookups: LookupBundle,
): EntityWorkflowState {
  const d = c.data;
  const checklist = entityChecklist(entityBand(d.riskBand), lookups, documentsOf({ kind: 'entity' }));
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
    ubos: ubos.filter((u) => !u.removed).map((u) => uboWorkflowState(u, documentsOf, lookups)),
  };
}

export function individualWorkflowState(
  c: StoredCase & { data: IndividualData },
  documentsOf: DocumentsOf,
  lookups: LookupBundle,
): IndividualWorkflowState {
  const d = c.data;
  const band = individualBand(d, lookups);
  const checklist = personChecklist(band, lookups, documentsOf({ kind: 'individual' }));
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
