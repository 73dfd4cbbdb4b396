// What the service holds of one local case, read for the case refresh: its decision, band,
// documents (the entity's, its people's, or the individual client's) and the screening reviews a
// person recorded there, in the local case's terms.
import type {
  AmlScreeningResult,
  ExternalValidationResponse,
  RiskDescription,
  SanctionsSearchResults,
} from '../../../shared/api/index.js';
import { RiskDescriptionSchema } from '../../../shared/api/index.js';
import { decisionComment } from '../../../shared/domain/decision-comments.js';
import type { DocumentOwner } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';
import type { ServiceDocument } from './follow-documents.js';
import type { LearnedDecision } from './learned-decision.js';

export type { ServiceDocument };

export type ServiceDecision = LearnedDecision;

export interface ServiceSnapshot {
  decision: ServiceDecision | null;
  /** Null when the service's answer names no band the client knows. */
  band: RiskDescription | null;
  riskReason: string | null;
  /** The documents of each owner the laptop knows on the service. */
  documents: Array<{ owner: DocumentOwner; documents: ServiceDocument[] }>;
  /** Screening reviews recorded on the service (by whichever laptop), with the results they were made on. */
  reviews: ServiceReviews;
}

export interface ServiceReviews {
  /** The entity's sanctions review. */
  entity: { adverseSearchKYC: boolean; results: SanctionsSearchResults | null } | null;
  /** Each person's PEP review, by the local person's id. */
  people: Array<{
    uboId: string;
    adverseSearchKYC: boolean;
    band: RiskDescription | null;
    riskReason: string | null;
    results: SanctionsSearchResults | null;
  }>;
  /** The individual client's PEP and sanctions decision, with the answers it was made on. */
  individual: {
    decision: {
      pepConfirmReviewed: boolean;
      adverseSearchKYC: boolean;
      clientForeignOfficial: boolean;
      clientForeignOfficialType: number | null;
    };
    amlScreening: AmlScreeningResult | null;
    externalValidation: ExternalValidationResponse | null;
  } | null;
}

export const bandOf = (value: unknown): RiskDescription | null => {
  const parsed = RiskDescriptionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export function decisionOf(
  value: unknown,
  comments: (d: ServiceDecision['onboardingDecision']) => unknown,
  record: { nextFicaReviewDate?: unknown; approvalDate?: unknown; approvedBy?: unknown },
): ServiceDecision | null {
  if (value !== 'Approved' && value !== 'Declined' && value !== 'Refer') return null;
  return {
    onboardingDecision: value,
    comments: text(comments(value)),
    nextFicaReviewDate: text(record.nextFicaReviewDate),
    // The published records date (and, for an individual, name) only an approval.
    decidedAt: value === 'Approved' ? text(record.approvalDate) : null,
    decidedBy: value === 'Approved' ? text(record.approvedBy) : null,
  };
}

type EntityRecordDocs = Awaited<ReturnType<ServiceClient['getEntity']>>['documents'];
type UboRecordDocs = Awaited<ReturnType<ServiceClient['getUbo']>>['documents'];
type IndividualRecordDocs = Awaited<ReturnType<ServiceClient['getIndividual']>>['documents'];

/** An entity's documents as the service lists them, in the local case's terms. */
export const entityDocuments = (docs: EntityRecordDocs): ServiceDocument[] =>
  docs.map((d) => ({
    id: d.entityDocID,
    groupId: d.entityDocsID,
    typeId: d.entityDocTypesID,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    uploadDate: d.uploadDate,
  }));

/** A person's documents (entity owners) as the service lists them. */
export const uboDocuments = (docs: UboRecordDocs): ServiceDocument[] =>
  docs.map((d) => ({
    id: d.uboDocsID,
    groupId: d.individualDocsID,
    typeId: d.IndividualDocTypesID,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    uploadDate: d.uploadDate,
  }));

/** An individual client's documents as the service lists them. */
export const individualDocuments = (docs: IndividualRecordDocs): ServiceDocument[] =>
  docs.map((d) => ({
    id: d.ficaIndividualDocsID,
    groupId: d.individualDocsID,
    typeId: d.IndividualDocTypesID,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    uploadDate: d.uploadDate,
  }));

/** The decision an entity record holds, with the comment that goes with it. */
export const entityDecisionOf = (
  record: Awaited<ReturnType<ServiceClient['getEntity']>>,
): ServiceDecision | null => decisionOf(record.onboardingDecision, (d) => decisionComment(d, record), record);

/** The decision an individual record holds. */
export const individualDecisionOf = (
  record: Awaited<ReturnType<ServiceClient['getIndividual']>>,
): ServiceDecision | null => decisionOf(record.onboardingDecision, () => record.additionalComments, record);

export async function readServiceSnapshot(
  api: ServiceClient,
  store: Pick<CaseStore, 'people'>,
  c: StoredCase & { serverId: string },
): Promise<ServiceSnapshot> {
  if (c.kind === 'entity') {
    const [record, ubos] = await Promise.all([api.getEntity(c.serverId), api.listUbos(c.serverId)]);
    const local = new Map(
      store.people
        .listUbos(c.id)
        .filter((u) => u.serverId)
        .map((u) => [u.serverId!.toLowerCase(), u.id]),
    );
    const people: ServiceReviews['people'] = [];
    const documents: ServiceSnapshot['documents'] = [
      { owner: { kind: 'entity' }, documents: entityDocuments(record.documents) },
    ];
    for (const u of ubos) {
      const uboId = local.get(u.uboUUID.toLowerCase()) ?? local.get(u.uboID.toLowerCase());
      if (!uboId) continue;
      if (u.pepConfirmed === true)
        people.push({
          uboId,
          adverseSearchKYC: u.adverseSearchKYC === true,
          band: bandOf(u.riskStatus),
          riskReason: text(u.riskReason),
          results: u.sanctionsSearchResults ?? null,
        });
      documents.push({ owner: { kind: 'ubo', uboId }, documents: uboDocuments(u.documents) });
    }
    return {
      decision: entityDecisionOf(record),
      band: bandOf(record.riskStatus ?? record.riskDescription),
      riskReason: text(record.riskReason),
      documents,
      reviews: {
        entity:
          record.sanctionSearchCompleted === true
            ? {
                adverseSearchKYC: record.adverseSearchKYC === true,
                results: record.sanctionsSearchResults ?? null,
              }
            : null,
        people,
        individual: null,
      },
    };
  }
  const record = await api.getIndividual(c.serverId);
  return {
    decision: individualDecisionOf(record),
    band: bandOf(record.riskDescription),
    riskReason: text(record.riskReason),
    documents: [{ owner: { kind: 'individual' }, documents: individualDocuments(record.documents) }],
    reviews: {
      entity: null,
      people: [],
      individual:
        record.pepConfirmReviewed === true
          ? {
              decision: {
                pepConfirmReviewed: true,
                adverseSearchKYC: record.adverseSearchKYC === true,
                clientForeignOfficial: record.clientForeignOfficial === true,
                clientForeignOfficialType: record.clientForeignOfficialType ?? null,
              },
              amlScreening: record.amlScreeningResult ?? null,
              externalValidation: record.externalValidationResult ?? null,
            }
          : null,
    },
  };
}
