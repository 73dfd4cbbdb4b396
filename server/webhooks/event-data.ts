// The `data` of each event (webhooks.md "Data fields") from the sandbox's records.
import type { Entity } from '../store/entities.js';
import { decisionComment } from '../../shared/domain/decision-comments.js';
import type { EntityTrust } from '../store/trusts.js';
import type { StoredDocument } from '../store/documents.js';
import type { Ubo } from '../store/ubos.js';

/** Who acted in the dashboard, and when a document was deleted. */
export interface Actor {
  userId: string | null;
  userName: string | null;
}

const joinLines = (...lines: Array<string | null | undefined>): string | null => {
  const text = lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '').join(', ');
  return text === '' ? null : text;
};

export function entityCreatedData(e: Entity, actor: Actor): Record<string, unknown> {
  return {
    ficaStatus: e.ficaStatus,
    registeredName: e.regName,
    registrationNumber: e.regNumber,
    riskDescription: e.riskStatus,
    clientRef: e.clientReference,
    entityType: e.entityType,
    transactionFrequency: e.kyb?.transactionFrequency ?? null,
    adminAdded: actor.userId,
    dateAdded: e.createdAt,
  };
}

export function entityUpdatedData(e: Entity, actor: Actor): Record<string, unknown> {
  const k = e.kyb;
  const physical = joinLines(k?.physicalAddress1, k?.physicalAddress2, k?.physicalAddress3, k?.zipCode);
  return {
    entityType: e.entityType,
    ficaStatus: e.ficaStatus,
    entityRisk: e.riskStatus,
    riskReason: e.riskReason,
    clientRef: e.clientReference,
    registeredName: e.regName,
    registrationNumber: e.regNumber,
    sameEntityName: k?.sameEntityName ?? null,
    registryCommercialName: e.registryCommercialName,
    // Provider internals are not part of the published payload: only the screening summary goes out.
    amlScreeningResults: {
      matchedNumber: e.sanctionsResults.matchedNumber,
      matchedEntities: e.sanctionsResults.matchedEntities,
    },
    clientValidationResults: e.registryResponse,
    adverseSearchResults: { webSearchResults: e.sanctionsResults.webSearchResults },
    addressLine1: k?.physicalAddress1 ?? null,
    addressLine2: k?.physicalAddress2 ?? null,
    addressLine3: k?.physicalAddress3 ?? null,
    zipCode: k?.zipCode ?? null,
    country: k?.addressCountry ?? null,
    entityTel: k?.entityTelNumber ?? null,
    physicalAddress: physical,
    postalAddress: physical,
    directorsConfirmed: e.directorsConfirmed,
    directorsReviewed: e.directorsConfirmed,
    sanctionSearchCompleted: e.sanctionSearchCompleted,
    shareholdersAdminConfirmed: e.shareholdersAdminConfirmed,
    organigramReviewed: e.organigramReviewed,
    docsUploadedReviewed: e.docsUploadedReviewed,
    additionalVerification: k?.additionalVerification ?? false,
    onboardingAdminID: null,
    onboardingAdminDate: e.approvalDate,
    onboardingDecision: e.onboardingDecision,
    onboardingDecisionReason: decisionComment(e.onboardingDecision, e) ?? null,
    nextFicaReviewDate: e.nextFicaReviewDate,
    referralAdminID: null,
    referredToAdminID: null,
    referralDate: null,
    countriesTradedWith: k?.countriesTransactedWith ?? [],
    customFormAnswers: k?.customQuestions ?? null,
    industry: k?.entityIndustry ?? null,
    sourceOfWealth: k?.transactionSourceWealth ?? null,
    sourceWealthDescription: k?.sourceWealthDescription ?? null,
    sourceOfFunding: k?.transactionFundingSource ?? null,
    sourceFundingDescription: k?.sourceFundingDescription ?? null,
    transactionFrequency: k?.transactionFrequency ?? null,
    transactionClientConsistent: k?.transactionConsistent ?? null,
    adminUpdated: actor.userId,
    dateUpdated: e.lastUpdated,
  };
}

function documentData(d: StoredDocument, actor: Actor, deletedAt: string | null): Record<string, unknown> {
  return {
    docGroupID: d.groupId,
    docTypeID: d.typeId,
    docName: d.storedName,
    active: deletedAt === null,
    uploadDate: d.uploadDate,
    uploadAdminId: actor.userId,
    deleteAdminDate: deletedAt,
    deleteAdminId: deletedAt === null ? null : actor.userId,
  };
}

export function entityDocumentData(
  d: StoredDocument,
  actor: Actor,
  deletedAt: string | null = null,
): Record<string, unknown> {
  return { entityDocID: d.id, ...documentData(d, actor, deletedAt) };
}

export function uboDocumentData(
  d: StoredDocument,
  actor: Actor,
  deletedAt: string | null = null,
): Record<string, unknown> {
  return { uboDocID: d.id, ...documentData(d, actor, deletedAt) };
}

export function trustData(t: EntityTrust, actor: Actor, updated: boolean): Record<string, unknown> {
  const base = {
    entityTrustId: t.id,
    trustName: t.trustName,
    trustStatus: t.trustStatus,
    riskStatus: t.riskStatus,
    sharePercentage: t.sharePercentage,
    uboPercentage: t.uboPercentage,
    adminAdded: actor.userId,
    dateAdded: t.createdAt,
  };
  return updated
    ? { ...base, adminUpdated: actor.userId, adminUpdateName: actor.userName, dateUpdated: t.updatedAt }
    : base;
}

export function uboData(u: Ubo, actor: Actor, updated: boolean): Record<string, unknown> {
  const d = u.details;
  const percentage = Number(u.shareholderPercentage ?? 0);
  const saCitizen = d.clientSACitizen ?? null;
  const physical = joinLines(d.addressLine1, d.addressLine2, d.addressLine3, d.addressZipCode);
  const base: Record<string, unknown> = {
    uboId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    ficaStatus: u.ficaStatus,
    riskStatus: u.riskStatus,
    uboVerifiedStatus: u.uboVerifiedStatus,
    uboVerifiedRiskStatus: u.riskStatus,
    isDirector: u.isDirector,
    isShareholder: u.isShareholder,
    shareholderPercentage: Number.isFinite(percentage) ? percentage : 0,
    entityTrustID: u.entityTrustId,
    amlScreeningResults: u.screening,
    saCitizen,
    citizenshipCountry: saCitizen === false ? (d.passportCountry ?? null) : saCitizen === true ? 1 : null,
    residenceCountry: d.addressCountry ?? null,
    identificationNumber: d.idNumber ?? null,
    passportNumber: d.passportNumber ?? null,
    identificationType: d.idNumber ? 'ID' : d.passportNumber ? 'Passport' : null,
    addressLine1: d.addressLine1 ?? null,
    addressLine2: d.addressLine2 ?? null,
    addressLine3: d.addressLine3 ?? null,
    zipCode: d.addressZipCode ?? null,
    country: d.addressCountry ?? null,
    physicalAddress: physical,
    postalAddress: physical,
    foreignOffical: false,
    foreignOfficalType: null,
    registryData: u.origin === 'registry' ? { source: 'companies registry', director: true } : {},
    consumerDetail: null,
    kycResult: null,
    faceMatchResult: null,
    adminAdded: actor.userId,
    dateAdded: u.createdAt,
  };
  if (!updated) return base;
  return {
    ...base,
    clientRiskScore: null,
    riskReason: u.riskReason,
    adminUpdated: actor.userId,
    dateUpdated: u.updatedAt,
  };
}
