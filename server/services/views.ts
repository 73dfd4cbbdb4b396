// How records are answered: field names exactly as published (misspellings included).
import type { Entity } from '../store/entities.js';
import type { Ubo } from '../store/ubos.js';
import type { StoredDocument } from '../store/documents.js';

export function createdUboView(u: Ubo): Record<string, unknown> {
  return {
    uboUUID: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    isDirector: u.isDirector,
    shareholderType: 'Individual',
  };
}

function createFields(e: Entity): Record<string, unknown> {
  return {
    id: e.id,
    entityRegName: e.regName,
    entityRegNumber: e.regNumber,
    clientReference: e.clientReference,
    externalSystemId: e.externalSystemId,
    ficaStatus: e.ficaStatus,
    riskDescription: e.riskStatus,
    registryCommercialName: e.registryCommercialName,
    registryCommercialResponse: e.registryResponse,
    sanctionsSearchResults: e.sanctionsResults,
  };
}

export function entityCreateView(e: Entity, createdUbos: Ubo[]): Record<string, unknown> {
  return { ...createFields(e), createdUbos: createdUbos.map(createdUboView) };
}

export function entityListItemView(e: Entity): Record<string, unknown> {
  return {
    id: e.id,
    entityRegName: e.regName,
    entityRegNumber: e.regNumber,
    entityType: e.entityType,
    clientReference: e.clientReference,
    externalSystemId: e.externalSystemId,
    ficaStatus: e.ficaStatus,
    riskDescription: e.riskStatus,
    onboardingDecision: e.onboardingDecision,
    approvalDate: e.approvalDate,
    nextFicaReviewDate: e.nextFicaReviewDate,
    lastUpdated: e.lastUpdated,
  };
}

export function entityDocumentView(d: StoredDocument): Record<string, unknown> {
  return {
    entityDocID: d.id,
    entityDocsID: d.groupId,
    entityDocTypesID: d.typeId,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    additionalFicaDoc: d.additional,
    uploadDate: d.uploadDate,
  };
}

export function uboDocumentView(d: StoredDocument): Record<string, unknown> {
  return {
    uboDocsID: d.id,
    individualDocsID: d.groupId,
    IndividualDocTypesID: d.typeId,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    additionalFicaDoc: d.additional,
    uploadDate: d.uploadDate,
  };
}

export function uboSummaryView(u: Ubo): Record<string, unknown> {
  return {
    uboID: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    isDirector: u.isDirector,
    isShareholder: u.isShareholder,
    isTrustMember: u.isTrustMember,
    shareholderPercentage: u.shareholderPercentage,
    ficaStatus: u.ficaStatus,
    riskStatus: u.riskStatus,
    pepConfirmed: u.pepConfirmed,
    docsUploadedReviewed: u.docsUploadedReviewed,
  };
}

export function entityRecordView(
  e: Entity,
  ubos: Ubo[],
  documents: StoredDocument[],
): Record<string, unknown> {
  return {
    ...createFields(e),
    // The full record carries the create answer's fields (contract.md §4): the registry's directors too.
    createdUbos: ubos.filter((u) => u.origin === 'registry').map(createdUboView),
    entityType: e.entityType,
    // KYB fields are null until the KYB step is saved.
    sameEntityName: null,
    entityTradingName: null,
    entityTelNumber: null,
    physicalAddress1: null,
    physicalAddress2: null,
    physicalAddress3: null,
    zipCode: null,
    addressCountry: null,
    countriesTransactedWith: null,
    entityIndustry: null,
    entityIndustryDescription: null,
    transactionFrequency: null,
    transactionType: null,
    transactionFundingSource: null,
    sourceFundingDescription: null,
    transactionSourceWealth: null,
    sourceWealthDescription: null,
    additionalVerification: null,
    additionalVerificationReason: null,
    transactionConsistent: null,
    transactionInconsistantReason: null,
    entityDetailsConfirmed: null,
    customQuestions: null,
    userID: null,
    ...(e.kyb ?? {}),
    sanctionSearchCompleted: e.sanctionSearchCompleted,
    adverseSearchKYC: e.adverseSearchKYC,
    directorsConfirmed: e.directorsConfirmed,
    organigramReviewed: e.organigramReviewed,
    shareholdersAdminConfirmed: e.shareholdersAdminConfirmed,
    docsUploadedReviewed: e.docsUploadedReviewed,
    riskStatus: e.riskStatus,
    riskReason: e.riskReason,
    onboardingDecision: e.onboardingDecision,
    approvedComments: e.approvedComments,
    declinedComments: e.declinedComments,
    referComments: e.referComments,
    nextFicaReviewDate: e.nextFicaReviewDate,
    approvalDate: e.approvalDate,
    createdAt: e.createdAt,
    lastUpdated: e.lastUpdated,
    entityOrganigram: e.organigram,
    documents: documents.map(entityDocumentView),
    ubos: ubos.map(uboSummaryView),
  };
}

export function uboRecordView(u: Ubo, documents: StoredDocument[]): Record<string, unknown> {
  return {
    uboID: u.id,
    uboUUID: u.id,
    entityID: u.entityId,
    firstName: u.firstName,
    lastName: u.lastName,
    addressLine1: u.details.addressLine1 ?? null,
    addressLine2: u.details.addressLine2 ?? null,
    addressLine3: u.details.addressLine3 ?? null,
    addressZipCode: u.details.addressZipCode ?? null,
    addressCountry: u.details.addressCountry ?? null,
    clientSACitizen: u.details.clientSACitizen ?? null,
    idNumber: u.details.idNumber ?? null,
    passportNumber: u.details.passportNumber ?? null,
    passportCountry: u.details.passportCountry ?? null,
    shareholderPercentage: u.shareholderPercentage,
    uboPercentage: u.uboPercentage,
    isDirector: u.isDirector,
    isShareholder: u.isShareholder,
    isTrustMember: u.isTrustMember,
    externalId: u.details.externalId ?? null,
    shareholderType: 'Individual',
    source: u.origin,
    ficaStatus: u.ficaStatus,
    riskStatus: u.riskStatus,
    riskReason: u.riskReason,
    uboVerifiedStatus: u.uboVerifiedStatus,
    detailsCompleted: u.detailsCaptured,
    pepConfirmed: u.pepConfirmed,
    adverseSearchKYC: u.adverseSearchKYC,
    docsUploadedReviewed: u.docsUploadedReviewed,
    sanctionsSearchResults: u.screening,
    entityTrustID: u.entityTrustId,
    trustRelatedPartyTypes: u.trustRelatedPartyTypes,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    documents: documents.map(uboDocumentView),
  };
}
