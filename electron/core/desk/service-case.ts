// A case of the service as a case of this laptop. The reviewer's desk opens a case captured elsewhere
// by reading its whole record (the entity with its people, or the individual) and the review records
// attached to it, and keeping it as a case like one captured here (origin `desk`): the same steps,
// evidence, decision command and queue. Reading it again follows the service, except where this
// laptop has work not yet sent, which wins until the service has it.
import { randomUUID } from 'node:crypto';
import {
  IndividualCreateFieldsSchema,
  type EntityRecord,
  type IndividualRecord,
  type UboRecord,
} from '../../../shared/api/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { DeskCaseRef } from '../../../shared/ipc/desk-model.js';
import type { ScreeningReviewRecord } from '../../../shared/ipc/model.js';
import {
  additionalGroupId,
  REVIEW_RECORD_PREFIX,
  reviewSubjectKey,
  type ReviewRecord,
} from '../../../shared/domain/review-record.js';
import type { ServiceClient } from '../api/client.js';
import { noReviewYet, type EntityData, type IndividualData } from '../cases/case-data.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import type { StoredUbo } from '../cases/store/people.js';
import { followDocuments, type ServiceDocument } from '../cases/follow-documents.js';
import { finalityOf, stopWorkOfDecidedCase } from '../cases/finality.js';
import { stopReason } from '../jobs/decision-stop.js';
import { recordLearnedDecision } from '../cases/learned-decision.js';
import {
  bandOf,
  entityDecisionOf,
  entityDocuments,
  individualDecisionOf,
  individualDocuments,
  text,
  uboDocuments,
} from '../cases/service-snapshot.js';
import { readReviewRecordPdf } from '../documents/review-record-pdf.js';
import type { JobKind } from '../jobs/job-kinds.js';
import type { JobStore } from '../jobs/job-store.js';

/** The newest review record of a subject on the service, read when it was not read before. */
export interface ServiceReviewRecord {
  docId: number;
  /** Null when it was read before (nothing new) or does not carry a record. */
  record: ReviewRecord | null;
}

export type ServiceCase =
  | {
      kind: 'entity';
      record: EntityRecord;
      ubos: UboRecord[];
      reviewRecords: Map<string, ServiceReviewRecord>;
    }
  | { kind: 'individual'; record: IndividualRecord; reviewRecords: Map<string, ServiceReviewRecord> };

/** The newest document of `docs` that may be a review record. */
function newestRecordDoc(docs: readonly ServiceDocument[], groupId: number | null): ServiceDocument | null {
  if (groupId === null) return null;
  const candidates = docs.filter(
    (d) =>
      d.groupId === groupId &&
      d.mimeType === 'application/pdf' &&
      d.filename.toLowerCase().startsWith(REVIEW_RECORD_PREFIX),
  );
  return candidates.sort((a, b) => b.id - a.id)[0] ?? null;
}

/**
 * Reads the service's record of the case and the newest review record of each subject not read
 * before (`applied` names the service document last read for a subject).
 */
export async function readServiceCase(
  api: ServiceClient,
  ref: DeskCaseRef,
  lookups: LookupBundle,
  applied: (subjectKey: string) => number | null,
): Promise<ServiceCase> {
  const reviewRecords = new Map<string, ServiceReviewRecord>();
  const collect = async (
    key: string,
    docs: readonly ServiceDocument[],
    side: 'entity' | 'individual',
    download: (docId: number) => Promise<{ base64Content: string }>,
  ) => {
    const doc = newestRecordDoc(
      docs,
      additionalGroupId(side === 'entity' ? lookups.entityDocGroups : lookups.individualDocGroups),
    );
    if (!doc) return;
    if (applied(key) === doc.id) {
      reviewRecords.set(key, { docId: doc.id, record: null });
      return;
    }
    const content = await download(doc.id);
    reviewRecords.set(key, {
      docId: doc.id,
      record: await readReviewRecordPdf(Buffer.from(content.base64Content, 'base64')),
    });
  };
  if (ref.kind === 'entity') {
    const [record, ubos] = await Promise.all([api.getEntity(ref.serverId), api.listUbos(ref.serverId)]);
    await collect('entity', entityDocuments(record.documents), 'entity', (id) => api.getEntityDocument(id));
    for (const u of ubos)
      await collect(reviewSubjectKey('ubo', u.uboID), uboDocuments(u.documents), 'individual', (id) =>
        api.getUboDocument(id),
      );
    return { kind: 'entity', record, ubos, reviewRecords };
  }
  const record = await api.getIndividual(ref.serverId);
  await collect('individual', individualDocuments(record.documents), 'individual', (id) =>
    api.getIndividualDocument(ref.serverId, id),
  );
  return { kind: 'individual', record, reviewRecords };
}

export interface ApplyContext {
  store: Pick<CaseStore, 'cases' | 'people' | 'documents'>;
  jobs: JobStore;
  lookups: LookupBundle;
  profileId: string;
  /** Writes what was learned from the service to the case's history. */
  audit: (action: string, caseId: string, message: string) => void;
  now: string;
}

// What a queued job of this laptop will still set: until the service has it, it wins.
type Pending = (kind: JobKind, uboId?: string) => boolean;

function pendingOf(jobs: JobStore, caseId: string | null): Pending {
  const queued = caseId ? jobs.ofCase(caseId) : [];
  return (kind, uboId) =>
    queued.some(
      (j) =>
        j.payload.kind === kind &&
        (uboId === undefined || ('uboId' in j.payload && j.payload.uboId === uboId)),
    );
}

const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** The review of a subject as the case holds it, from the service's review record. */
function screeningRecordOf(record: ReviewRecord | null | undefined): ScreeningReviewRecord | null {
  const s = record?.screening;
  if (!s) return null;
  return {
    fingerprint: s.fingerprint,
    dispositions: s.dispositions,
    reviewedBy: s.reviewedBy,
    reviewedAt: s.reviewedAt,
    madeOn: 'service',
  };
}

const union = (...lists: ReadonlyArray<ReadonlyArray<string | null | undefined>>): string[] => [
  ...new Set(lists.flat().filter((x): x is string => typeof x === 'string' && x !== '')),
];

/**
 * Writes the service's case into this laptop's store as a desk case, new or followed (`existing`,
 * a desk case opened before). Answers the local case id. Call in a transaction.
 */
export function applyServiceCase(
  ctx: ApplyContext,
  service: ServiceCase,
  existing: StoredCase | null,
): string {
  const serverId = service.record.id;
  const caseId = existing?.id ?? randomUUID();
  const pending = pendingOf(ctx.jobs, existing?.id ?? null);
  const note = (action: string, message: string) => ctx.audit(action, caseId, message);
  const fresh = (key: string) => service.reviewRecords.get(key)?.record ?? null;
  const appliedIds = Object.fromEntries(
    [...service.reviewRecords].map(([key, r]) => [key, { digest: null, serviceDocId: r.docId }]),
  );
  const recordMakers = [...service.reviewRecords.values()].flatMap((r) => r.record?.makers ?? []);

  if (service.kind === 'entity') {
    const r = service.record;
    const type = ctx.lookups.entityTypes.find((t) => t.id === r.entityType);
    const before = existing?.data.kind === 'entity' ? existing.data : null;
    const entityRecord = fresh('entity');
    const reviewed = r.sanctionSearchCompleted === true;
    const kyb = kybOf(r);
    const data: EntityData = {
      ...(before ?? noReviewYet()),
      kind: 'entity',
      create: {
        entityRegName: r.entityRegName,
        entityRegNumber: r.entityRegNumber,
        entityType: r.entityType,
        clientReference: r.clientReference ?? '',
        ...(r.externalSystemId ? { externalSystemId: r.externalSystemId } : {}),
      },
      entityTypeName: type?.name ?? before?.entityTypeName ?? `Entity type ${r.entityType}`,
      showOrganigram: type?.showOrganigram ?? before?.showOrganigram ?? false,
      foreignEntityType: type?.foreignEntityType ?? before?.foreignEntityType ?? false,
      registryCommercialName: text(r.registryCommercialName),
      registryFound: r.registryCommercialResponse ? r.registryCommercialResponse.found !== false : null,
      sanctionsSearchResults: r.sanctionsSearchResults ?? null,
      kyb: pending('entity.kyb') && before ? before.kyb : kyb,
      kybSynced: pending('entity.kyb') && before ? before.kybSynced : kyb !== null,
      sanctionsReview:
        pending('entity.sanctions-review') && before
          ? before.sanctionsReview
          : reviewed
            ? { adverseSearchKYC: r.adverseSearchKYC === true, pepConfirmReviewed: true }
            : null,
      sanctionsReviewSynced:
        pending('entity.sanctions-review') && before ? before.sanctionsReviewSynced : reviewed,
      sanctionsReviewRecord:
        pending('entity.sanctions-review') && before
          ? before.sanctionsReviewRecord
          : (screeningRecordOf(entityRecord) ?? before?.sanctionsReviewRecord ?? null),
      organigramDraft: entityRecord?.ownershipTree ?? before?.organigramDraft ?? null,
      organigramRequested:
        pending('entity.verify-organigram') && before
          ? before.organigramRequested
          : r.organigramReviewed === true,
      organigramVerified: r.organigramReviewed === true,
      organigramResponse: before?.organigramResponse ?? null,
      shareholdingRequested:
        pending('entity.shareholding-confirm') && before
          ? before.shareholdingRequested
          : r.shareholdersAdminConfirmed === true,
      shareholdingConfirmed: r.shareholdersAdminConfirmed === true,
      docsConfirmRequested:
        pending('entity.doc-confirm') && before
          ? before.docsConfirmRequested
          : r.docsUploadedReviewed === true,
      docsConfirmed: r.docsUploadedReviewed === true,
      riskBand: bandOf(r.riskStatus ?? r.riskDescription) ?? before?.riskBand ?? 'Undetermined',
      riskReason: text(r.riskReason) ?? before?.riskReason ?? null,
      decisionBody: before?.decisionBody ?? null,
      decision: before?.decision ?? null,
      reportVaultId: before?.reportVaultId ?? null,
      reportFingerprint: before?.reportFingerprint ?? null,
      makers: union(before?.makers ?? [], recordMakers, [r.userID]),
      serviceReadAt: ctx.now,
      reviewRecords: { ...(before?.reviewRecords ?? {}), ...appliedIds },
    };
    saveCase(
      ctx,
      existing,
      { id: caseId, kind: 'entity', serverId, title: r.entityRegName },
      r.clientReference ?? '',
      data,
      recordMakers[0] ?? r.userID ?? null,
    );
    followPeople(ctx, caseId, service.ubos, service.reviewRecords, pending, r.createdUbos ?? []);
    followDocuments(ctx.store, caseId, { kind: 'entity' }, entityDocuments(r.documents), note);
    const people = ctx.store.people.listUbos(caseId, true);
    for (const u of service.ubos) {
      const local = people.find((p) => p.serverId?.toLowerCase() === u.uboID.toLowerCase());
      if (local)
        followDocuments(ctx.store, caseId, { kind: 'ubo', uboId: local.id }, uboDocuments(u.documents), note);
    }
    followDecision(ctx, caseId, entityDecisionOf(r), pending('entity.decision'));
    return caseId;
  }

  const r = service.record;
  const before = existing?.data.kind === 'individual' ? existing.data : null;
  const individualRecord = fresh('individual');
  const pepDecided = r.pepConfirmReviewed === true;
  const data: IndividualData = {
    ...(before ?? noReviewYet()),
    kind: 'individual',
    create: pending('individual.update') && before ? before.create : individualCreateOf(r, before?.create),
    pendingUpdate: before?.pendingUpdate ?? null,
    amlRequested: r.amlScreeningResult != null || (before?.amlRequested ?? false),
    amlScreening: r.amlScreeningResult ?? before?.amlScreening ?? null,
    validationRequested: r.externalValidationResult != null || (before?.validationRequested ?? false),
    validationOverrides: before?.validationOverrides ?? null,
    externalValidation: r.externalValidationResult ?? before?.externalValidation ?? null,
    pepDecision:
      pending('individual.pep-decision') && before
        ? before.pepDecision
        : pepDecided
          ? {
              pepConfirmReviewed: true,
              adverseSearchKYC: r.adverseSearchKYC === true,
              clientForeignOfficial: r.clientForeignOfficial === true,
              clientForeignOfficialType: r.clientForeignOfficialType ?? null,
            }
          : null,
    pepReviewRecord:
      pending('individual.pep-decision') && before
        ? before.pepReviewRecord
        : (screeningRecordOf(individualRecord) ?? before?.pepReviewRecord ?? null),
    pepSynced: pending('individual.pep-decision') && before ? before.pepSynced : pepDecided,
    riskBand: bandOf(r.riskDescription) ?? before?.riskBand ?? 'Undetermined',
    riskReason: text(r.riskReason) ?? before?.riskReason ?? null,
    docsConfirmRequested:
      pending('individual.confirm-docs') && before
        ? before.docsConfirmRequested
        : r.docsUploadedReviewed === true,
    docsConfirmed: r.docsUploadedReviewed === true,
    decisionBody: before?.decisionBody ?? null,
    decision: before?.decision ?? null,
    bankVerification: individualRecord?.bankVerification ?? before?.bankVerification ?? null,
    reportVaultId: before?.reportVaultId ?? null,
    reportFingerprint: before?.reportFingerprint ?? null,
    makers: union(before?.makers ?? [], recordMakers, [r.userID]),
    serviceReadAt: ctx.now,
    reviewRecords: { ...(before?.reviewRecords ?? {}), ...appliedIds },
  };
  const title = [r.firstName, r.lastName].filter((p) => p?.trim()).join(' ') || '(no name)';
  saveCase(
    ctx,
    existing,
    { id: caseId, kind: 'individual', serverId, title },
    r.clientRef ?? '',
    data,
    r.userID ?? recordMakers[0] ?? null,
  );
  followDocuments(ctx.store, caseId, { kind: 'individual' }, individualDocuments(r.documents), note);
  followDecision(ctx, caseId, individualDecisionOf(r), pending('individual.decision'));
  return caseId;
}

function saveCase(
  ctx: ApplyContext,
  existing: StoredCase | null,
  row: { id: string; kind: StoredCase['kind']; serverId: string; title: string },
  clientReference: string,
  data: EntityData | IndividualData,
  capturedBy: string | null,
): void {
  if (existing) {
    ctx.store.cases.saveCase({ ...existing, title: row.title, clientReference, data, updatedAt: ctx.now });
    return;
  }
  ctx.store.cases.insertCase({
    id: row.id,
    kind: row.kind,
    origin: 'desk',
    profileId: ctx.profileId,
    title: row.title,
    clientReference,
    status: 'synced',
    serverId: row.serverId,
    createdBy: capturedBy,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    blockedReason: null,
    decidedAt: null,
    purgedAt: null,
    reportCachedAt: null,
    data,
  });
}

/** A decision the service holds that this laptop does not know yet; a queued one of ours waits. */
function followDecision(
  ctx: ApplyContext,
  caseId: string,
  decision: ReturnType<typeof entityDecisionOf>,
  ourDecisionQueued: boolean,
): void {
  const c = ctx.store.cases.getCase(caseId);
  if (!c || ourDecisionQueued) return;
  const local = c.data.decision;
  if (!decision) return;
  if (local && local.onboardingDecision === decision.onboardingDecision && local.synced) return;
  recordLearnedDecision(ctx.store, caseId, decision, ctx.audit);
  const final = finalityOf(ctx.store.cases.getCase(caseId) ?? c);
  if (final) stopWorkOfDecidedCase(ctx.store, ctx.jobs, caseId, stopReason(final.decision, true));
}

function kybOf(r: EntityRecord): EntityData['kyb'] {
  const kyb = {
    sameEntityName: opt(r.sameEntityName),
    entityTradingName: opt(r.entityTradingName),
    entityTelNumber: opt(r.entityTelNumber),
    physicalAddress1: opt(r.physicalAddress1),
    physicalAddress2: opt(r.physicalAddress2),
    physicalAddress3: opt(r.physicalAddress3),
    zipCode: opt(r.zipCode),
    addressCountry: opt(r.addressCountry),
    countriesTransactedWith: opt(r.countriesTransactedWith),
    entityIndustry: opt(r.entityIndustry),
    entityIndustryDescription: opt(r.entityIndustryDescription),
    transactionFrequency: opt(r.transactionFrequency),
    transactionType: opt(r.transactionType),
    transactionFundingSource: opt(r.transactionFundingSource),
    sourceFundingDescription: opt(r.sourceFundingDescription),
    transactionSourceWealth: opt(r.transactionSourceWealth),
    sourceWealthDescription: opt(r.sourceWealthDescription),
    additionalVerification: opt(r.additionalVerification),
    additionalVerificationReason: r.additionalVerificationReason ?? undefined,
    transactionConsistent: opt(r.transactionConsistent),
    transactionInconsistantReason: r.transactionInconsistantReason ?? undefined,
    entityDetailsConfirmed: opt(r.entityDetailsConfirmed),
  };
  const captured = Object.values(kyb).some((v) => v !== undefined);
  return captured
    ? (Object.fromEntries(Object.entries(kyb).filter(([, v]) => v !== undefined)) as EntityData['kyb'])
    : null;
}

function individualCreateOf(
  r: IndividualRecord,
  before: IndividualData['create'] | undefined,
): IndividualData['create'] {
  const citizen = r.clientSACitizen ?? before?.clientSACitizen ?? Boolean(r.idNumber);
  const picked = {
    externalSystemId: opt(r.externalSystemId),
    clientRef: opt(r.clientRef),
    firstName: r.firstName?.trim() || before?.firstName || '(no first name)',
    lastName: r.lastName?.trim() || before?.lastName || '(no last name)',
    clientEmail: opt(r.clientEmail),
    telNumber: opt(r.telNumber),
    userID: opt(r.userID),
    idNumber: opt(r.idNumber),
    passportNumber: opt(r.passportNumber),
    taxNumber: opt(r.taxNumber),
    addressLineOne: opt(r.addressLineOne),
    addressLineTwo: opt(r.addressLineTwo),
    townCity: opt(r.townCity),
    zipCode: opt(r.zipCode),
    employmentStatus: opt(r.employmentStatus),
    occupation: opt(r.occupation),
    employmentIndustry: opt(r.employmentIndustry),
    employerName: opt(r.employerName),
    employerIndustry: opt(r.employerIndustry),
    transactionFrequency: opt(r.transactionFrequency),
    transactionType: opt(r.transactionType),
    transactionFundingSource: opt(r.transactionFundingSource),
    transactionSourceWealth: opt(r.transactionSourceWealth),
    sourceFundingDescription: opt(r.sourceFundingDescription),
    sourceWealthDescription: opt(r.sourceWealthDescription),
    additionalVerification: opt(r.additionalVerification),
    additionalVerificationReason: r.additionalVerificationReason ?? undefined,
    transactionConsistent: opt(r.transactionConsistent),
    transactionInconsistantReason: r.transactionInconsistantReason ?? undefined,
    customerPermission: opt(r.customerPermission),
    partnerID: opt(r.partnerID),
    countryResidence: opt(r.countryResidence),
    passportCountry: opt(r.passportCountry),
    addressCountry: opt(r.addressCountry),
    clientFaceToFace: opt(r.clientFaceToFace),
    clientSACitizen: citizen,
  };
  // A field the service holds in a form the client would not send (an e-mail it does not accept)
  // is left out rather than the whole record refused.
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(picked).filter(([, v]) => v !== undefined),
  );
  const parsed = IndividualCreateFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field !== 'firstName' && field !== 'lastName') delete fields[field];
  }
  return IndividualCreateFieldsSchema.parse(fields);
}

/** The entity's people follow the service's list; a person with work queued here keeps it. */
function followPeople(
  ctx: ApplyContext,
  caseId: string,
  ubos: readonly UboRecord[],
  records: ReadonlyMap<string, ServiceReviewRecord>,
  pending: Pending,
  registry: ReadonlyArray<{ uboUUID: string }>,
): void {
  const people = ctx.store.people.listUbos(caseId, true);
  const fromRegistry = new Set(registry.map((u) => u.uboUUID.toLowerCase()));
  const c = ctx.store.cases.getCase(caseId);
  const tree = c?.data.kind === 'entity' && c.data.showOrganigram;
  for (const u of ubos) {
    const local = people.find((p) => p.serverId?.toLowerCase() === u.uboID.toLowerCase()) ?? null;
    const review = records.get(reviewSubjectKey('ubo', u.uboID))?.record ?? null;
    const busy = (kind: JobKind) => local !== null && pending(kind, local.id);
    const details = {
      firstName: u.firstName ?? '',
      lastName: u.lastName ?? '',
      ...(u.addressLine1 ? { addressLine1: u.addressLine1 } : {}),
      ...(u.addressLine2 ? { addressLine2: u.addressLine2 } : {}),
      ...(u.addressLine3 ? { addressLine3: u.addressLine3 } : {}),
      ...(u.addressZipCode ? { addressZipCode: u.addressZipCode } : {}),
      ...(u.addressCountry != null ? { addressCountry: u.addressCountry } : {}),
      ...(u.clientSACitizen != null ? { clientSACitizen: u.clientSACitizen } : {}),
      ...(u.idNumber ? { idNumber: u.idNumber } : {}),
      ...(u.passportNumber ? { passportNumber: u.passportNumber } : {}),
      ...(u.passportCountry != null ? { passportCountry: u.passportCountry } : {}),
      ...(u.shareholderPercentage != null ? { shareholderPercentage: String(u.shareholderPercentage) } : {}),
      ...(u.isDirector != null ? { isDirector: u.isDirector } : {}),
      ...(u.isShareholder != null ? { isShareholder: u.isShareholder } : {}),
      ...(u.externalId ? { externalId: u.externalId } : {}),
    };
    const pep = u.pepConfirmed === true;
    const before = local?.data;
    const data: StoredUbo['data'] = {
      details: busy('ubo.update') || busy('ubo.create') ? before!.details : details,
      detailsCompleted:
        busy('ubo.update') || busy('ubo.create')
          ? before!.detailsCompleted
          : Boolean(u.idNumber || u.passportNumber) || pep,
      detailsSynced: !(busy('ubo.update') || busy('ubo.create')),
      screening: u.sanctionsSearchResults ?? before?.screening ?? null,
      pepReview: busy('ubo.pep-confirm')
        ? before!.pepReview
        : pep
          ? { adverseSearchKYC: u.adverseSearchKYC === true, pepConfirmReviewed: true }
          : null,
      pepReviewRecord: busy('ubo.pep-confirm')
        ? before!.pepReviewRecord
        : (screeningRecordOf(review) ?? before?.pepReviewRecord ?? null),
      pepSynced: busy('ubo.pep-confirm') ? before!.pepSynced : pep,
      riskStatus: bandOf(u.riskStatus) ?? before?.riskStatus ?? 'Undetermined',
      riskReason: text(u.riskReason) ?? before?.riskReason ?? null,
      docsConfirmRequested: busy('ubo.doc-confirm')
        ? before!.docsConfirmRequested
        : u.docsUploadedReviewed === true,
      docsConfirmed: u.docsUploadedReviewed === true,
    };
    if (local) ctx.store.people.saveUbo({ ...local, removed: false, data });
    else
      ctx.store.people.insertUbo({
        id: randomUUID(),
        caseId,
        position: ctx.store.people.nextUboPosition(caseId),
        serverId: u.uboID,
        origin: fromRegistry.has(u.uboID.toLowerCase()) ? 'registry' : tree ? 'organigram' : 'manual',
        removed: false,
        data,
      });
  }
  const onService = new Set(ubos.map((u) => u.uboID.toLowerCase()));
  for (const p of people) {
    if (p.removed || !p.serverId || onService.has(p.serverId.toLowerCase())) continue;
    if (pending('ubo.update', p.id) || pending('ubo.pep-confirm', p.id)) continue;
    ctx.store.people.saveUbo({ ...p, removed: true });
    ctx.audit(
      'ubo.removed-on-service',
      caseId,
      `${p.data.details.firstName} ${p.data.details.lastName} was removed on the service`,
    );
  }
}
