// The individual API's answers: the full record, the list item and document records.
import type { Individual, IndividualDocument } from '../store/individuals.js';

export function individualDocumentView(d: IndividualDocument): Record<string, unknown> {
  return {
    ficaIndividualDocsID: d.id,
    individualDocsID: d.groupId,
    IndividualDocTypesID: d.typeId,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    additionalFicaDoc: d.additional,
    active: d.active,
    uploadDate: d.uploadDate,
  };
}

export function individualListItemView(i: Individual): Record<string, unknown> {
  return {
    ficaIndividualGUID: i.id,
    externalUserID: i.externalSystemId,
    clientReference: i.clientRef,
    firstName: i.firstName,
    lastName: i.lastName,
    ficaStatus: i.ficaStatus,
    identificationNumber: i.idNumber,
    passportNumber: i.passportNumber,
    riskDescription: i.riskDescription,
    approvalDate: i.approvalDate,
    lastUpdated: i.lastUpdated,
    nextFicaReviewDate: i.nextFicaReviewDate,
    approvedBy: i.approvedBy,
  };
}

/** The complete record: the create fields, then workflow results and documents (contract §4). */
export function individualRecordView(
  i: Individual,
  documents: IndividualDocument[],
): Record<string, unknown> {
  return {
    ...i.details,
    id: i.id,
    ficaIndividualGUID: i.id,
    externalSystemId: i.externalSystemId,
    clientRef: i.clientRef,
    firstName: i.firstName,
    lastName: i.lastName,
    clientEmail: i.clientEmail,
    clientPhone: i.clientPhone,
    telNumber: i.details.telNumber ?? null,
    idNumber: i.idNumber,
    passportNumber: i.passportNumber,
    partnerID: i.partnerId,
    ficaStatus: i.ficaStatus,
    riskDescription: i.riskDescription,
    riskReason: i.riskReason,
    amlScreeningResult: i.amlScreening,
    externalValidationResult: i.externalValidation,
    pepConfirmReviewed: i.pepConfirmReviewed,
    adverseSearchKYC: i.adverseSearchKYC,
    clientForeignOfficial: i.clientForeignOfficial,
    clientForeignOfficialType: i.clientForeignOfficialType,
    docsUploadedReviewed: i.docsUploadedReviewed,
    onboardingDecision: i.onboardingDecision,
    additionalComments: i.additionalComments,
    approvedBy: i.approvedBy,
    approvalDate: i.approvalDate,
    nextFicaReviewDate: i.nextFicaReviewDate,
    createdAt: i.createdAt,
    lastUpdated: i.lastUpdated,
    documents: documents.map(individualDocumentView),
  };
}
