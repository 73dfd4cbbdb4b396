// Individual clients (individual-api.md): creation with its charge, screening, external
// validation, the PEP decision and band, documents, confirm, decision, and the ordering of §5.
import { randomUUID } from 'node:crypto';
import type {
  ExternalValidationRequest,
  IndividualCreateRequest,
  IndividualDecisionRequest,
  IndividualUpdateRequest,
  PepSanctionsDecisionRequest,
} from '../../shared/api/individual.js';
import type { IndividualDocumentsField } from '../../shared/api/documents.js';
import {
  checkIndividualAction,
  type IndividualAction,
  type IndividualWorkflowState,
} from '../../shared/domain/workflow.js';
import { missingRequiredGroups } from '../../shared/domain/documents.js';
import { personBand, personRiskReason } from '../../shared/domain/risk.js';
import type { BandOrUndetermined } from '../../shared/domain/types.js';
import type { SandboxConfig } from '../config.js';
import type { Db } from '../store/db.js';
import type { PartnerRepository } from '../store/partners.js';
import type { FileStore } from '../store/files.js';
import type {
  ExternalValidationResult,
  Individual,
  IndividualDocument,
  IndividualFilters,
  IndividualRepository,
} from '../store/individuals.js';
import {
  FOREIGN_OFFICIAL_TYPES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
  findById,
} from '../fixtures/lookups.js';
import { HttpError, badRequest, notFound, UploadError } from '../http/errors.js';
import { screenName, type ScreeningResult } from '../providers/screening.js';
import { lookupConsumer } from '../providers/credit-bureau.js';
import type { ReceivedFile } from '../http/upload.js';
import { isoNow } from '../clock.js';

export const INITIAL_STATUS = 'In Progress';
export const UNDETERMINED = 'Undetermined';

/** `ficaStatus` after each onboarding decision (the published list shows `Approved`). */
const STATUS_AFTER: Record<IndividualDecisionRequest['onboardingDecision'], string> = {
  Approved: 'Approved',
  Declined: 'Declined',
  Refer: 'Referred',
  'In Progress': 'In Progress',
};

const asBand = (value: string): BandOrUndetermined =>
  value === 'Low Risk' || value === 'Medium Risk' || value === 'High Risk' ? value : 'Undetermined';

export const individualName = (i: Pick<Individual, 'firstName' | 'lastName'>): string =>
  `${i.firstName} ${i.lastName}`.trim();

export interface IndividualServiceDeps {
  config: SandboxConfig;
  db: Db;
  partners: PartnerRepository;
  individuals: IndividualRepository;
  files: FileStore;
}

export class IndividualService {
  constructor(private readonly deps: IndividualServiceDeps) {}

  get(partnerId: string, id: string): Individual {
    const individual = this.deps.individuals.get(partnerId, id);
    if (!individual) throw notFound('Individual not found');
    return individual;
  }

  list(
    partnerId: string,
    filters: IndividualFilters,
    take: number,
    skip: number,
  ): { data: Individual[]; count: number } {
    return this.deps.individuals.list(partnerId, filters, take, skip);
  }

  documents(individual: Individual): IndividualDocument[] {
    return this.deps.individuals.activeDocuments(individual.id);
  }

  create(partnerId: string, body: IndividualCreateRequest): Individual {
    const now = isoNow(this.deps.config.clock);
    const individual: Individual = {
      id: randomUUID(),
      partnerId,
      externalSystemId: body.externalSystemId ?? null,
      clientRef: body.clientRef ?? null,
      firstName: body.firstName,
      lastName: body.lastName,
      clientEmail: body.clientEmail ?? null,
      clientPhone: body.telNumber ?? null,
      idNumber: body.idNumber ?? null,
      passportNumber: body.passportNumber ?? null,
      details: body,
      ficaStatus: INITIAL_STATUS,
      riskDescription: UNDETERMINED,
      riskReason: null,
      amlScreening: null,
      externalValidation: null,
      pepConfirmReviewed: false,
      adverseSearchKYC: false,
      clientForeignOfficial: false,
      clientForeignOfficialType: null,
      pepDecidedBy: null,
      docsUploadedReviewed: false,
      docsReviewedBy: null,
      onboardingDecision: INITIAL_STATUS,
      additionalComments: null,
      decidedBy: null,
      approvedBy: null,
      nextFicaReviewDate: null,
      approvalDate: null,
      createdAt: now,
      lastUpdated: now,
    };
    const cost = this.deps.config.costs.individual;
    // The debit and the insert commit together: with too little balance nothing is written.
    this.deps.db.transaction(() => {
      if (!this.deps.partners.debit(partnerId, cost)) {
        throw new HttpError(402, `Insufficient balance: creating an individual costs ${cost} credits`);
      }
      this.deps.individuals.insert(individual);
    })();
    return individual;
  }

  update(individual: Individual, changes: IndividualUpdateRequest): Individual {
    this.check(individual, { type: 'update' });
    return this.deps.individuals.save({
      ...individual,
      firstName: changes.firstName ?? individual.firstName,
      lastName: changes.lastName ?? individual.lastName,
      clientEmail: changes.clientEmail ?? individual.clientEmail,
      clientPhone: changes.clientPhone ?? individual.clientPhone,
      externalSystemId: changes.externalSystemId ?? individual.externalSystemId,
    });
  }

  amlScreening(individual: Individual): ScreeningResult {
    this.check(individual, { type: 'aml-screening' });
    const result = screenName(individualName(individual));
    this.deps.individuals.save({ ...individual, amlScreening: result });
    return result;
  }

  externalValidation(individual: Individual, body: ExternalValidationRequest): ExternalValidationResult {
    this.check(individual, { type: 'external-validation' });
    const idNumber = body.identificationNumber ?? individual.idNumber ?? undefined;
    const passportNumber = body.passportNumber ?? individual.passportNumber ?? null;
    const firstName = body.firstName ?? individual.firstName;
    const lastName = body.lastName ?? individual.lastName;
    const consumerDetail: Record<string, string | null> = {
      FirstName: firstName,
      Surname: lastName,
      IDNo: idNumber ?? null,
      PassportNo: passportNumber,
      BirthDate: null,
      Gender: null,
      EmailAddress: individual.clientEmail,
      ResidentialAddress1: body.residentialLine1 ?? individual.details.addressLineOne ?? null,
      ResidentialAddress2: body.residentialLine2 ?? individual.details.addressLineTwo ?? null,
      ResidentialAddress3: body.residentialLine3 ?? individual.details.townCity ?? null,
      ResidentialPostalCode: body.residentialZIPCode ?? individual.details.zipCode ?? null,
    };
    let kycResult: ExternalValidationResult['kycResult'];
    if (idNumber === undefined) {
      // The bureau matches South African ID numbers only; a passport holder is not found there.
      kycResult = { IDStatusDesc: 'Not Found', KYCStatusDesc: 'Not Verified' };
    } else {
      const answer = lookupConsumer(idNumber);
      if (answer.kind === 'invalid') {
        throw badRequest(`identificationNumber: ${answer.reason}`, [
          { path: 'identificationNumber', message: answer.reason },
        ]);
      }
      if (answer.kind === 'not-found') {
        kycResult = { IDStatusDesc: 'Not Found', KYCStatusDesc: 'Not Verified' };
      } else {
        consumerDetail.BirthDate = answer.birthDate;
        consumerDetail.Gender = answer.gender;
        kycResult = { IDStatusDesc: 'Verified', KYCStatusDesc: 'Verified' };
      }
    }
    const employer = individual.details.employerName;
    const result: ExternalValidationResult = {
      consumerDetail,
      kycResult,
      consumerEmploymentHistory: employer
        ? [
            {
              EmployerName: employer,
              Occupation: individual.details.occupation ?? null,
              LastUpdatedDate: individual.createdAt.slice(0, 10),
            },
          ]
        : [],
    };
    this.deps.individuals.save({ ...individual, externalValidation: result });
    return result;
  }

  pepSanctionsDecision(individual: Individual, body: PepSanctionsDecisionRequest): Individual {
    this.check(individual, { type: 'pep-sanctions-decision' });
    // partnerID is informative: the record belongs to the authenticated partner whatever it says.
    if (body.clientForeignOfficial && !findById(FOREIGN_OFFICIAL_TYPES, body.clientForeignOfficialType)) {
      throw badRequest('clientForeignOfficialType: not an id of the foreign-official-types lookup', [
        { path: 'clientForeignOfficialType', message: 'Unknown foreign official type' },
      ]);
    }
    const partner = this.deps.partners.get(individual.partnerId);
    const inputs = {
      adverse: body.adverseSearchKYC,
      foreignOfficial: body.clientForeignOfficial,
      saCitizen: individual.details.clientSACitizen,
    };
    return this.deps.individuals.save({
      ...individual,
      pepConfirmReviewed: body.pepConfirmReviewed,
      adverseSearchKYC: body.adverseSearchKYC,
      clientForeignOfficial: body.clientForeignOfficial,
      clientForeignOfficialType: body.clientForeignOfficial ? (body.clientForeignOfficialType ?? null) : null,
      pepDecidedBy: body.userID,
      riskDescription: personBand(inputs, partner?.riskSettings),
      riskReason: personRiskReason(inputs, partner?.riskSettings),
    });
  }

  /** Checks the pairs of a `documents` field against the individual lookups. */
  checkDocumentPairs(pairs: IndividualDocumentsField): void {
    for (const [index, pair] of pairs.entries()) {
      const group = findById(INDIVIDUAL_DOC_GROUPS, pair.individualDocsID);
      const type = findById(INDIVIDUAL_DOC_TYPES, pair.IndividualDocTypesID);
      if (!group || !group.active) {
        throw new UploadError(
          'Unknown document group',
          `documents[${index}].individualDocsID ${pair.individualDocsID} is not in the individual-docs lookup`,
        );
      }
      if (!type || type.docID !== group.id) {
        throw new UploadError(
          'Unknown document type for the group',
          `documents[${index}].IndividualDocTypesID ${pair.IndividualDocTypesID} is not a type of group ${group.id}`,
        );
      }
    }
  }

  /** Checks the ordering rule before an upload is read, so a refused upload stores nothing. */
  checkCanUpload(individual: Individual): void {
    this.check(individual, { type: 'documents' });
  }

  /** One record per group-and-type pair, all pointing at the same stored file. */
  addDocuments(
    individual: Individual,
    file: ReceivedFile,
    pairs: IndividualDocumentsField,
    additional: boolean,
  ): IndividualDocument[] {
    const uploadDate = isoNow(this.deps.config.clock);
    const ids = this.deps.db.transaction(() => {
      const inserted = pairs.map((pair) =>
        this.deps.individuals.insertDocument({
          individualId: individual.id,
          groupId: pair.individualDocsID,
          typeId: pair.IndividualDocTypesID,
          filename: file.filename,
          storedName: file.storedName,
          mimeType: file.mimeType,
          size: file.size,
          additional,
          uploadDate,
        }),
      );
      this.deps.individuals.save(individual);
      return inserted;
    })();
    return ids.map((id) => this.document(individual, id));
  }

  document(individual: Individual, id: number): IndividualDocument {
    const doc = this.deps.individuals.document(individual.id, id);
    if (!doc) throw notFound('Document not found');
    return doc;
  }

  async documentContent(
    individual: Individual,
    id: number,
  ): Promise<{ doc: IndividualDocument; content: Buffer }> {
    const doc = this.document(individual, id);
    return { doc, content: await this.deps.files.read(doc.storedName) };
  }

  deleteDocument(individual: Individual, id: number): IndividualDocument {
    this.check(individual, { type: 'documents' });
    const doc = this.deps.individuals.deactivateDocument(individual.id, id);
    if (!doc) throw notFound('Document not found');
    // A confirmed document step no longer holds once a document is taken away.
    this.deps.individuals.save({ ...individual, docsUploadedReviewed: false, docsReviewedBy: null });
    return doc;
  }

  confirmDocs(individual: Individual, userUUID: string): Individual {
    this.check(individual, { type: 'confirm-docs' });
    return this.deps.individuals.save({
      ...individual,
      docsUploadedReviewed: true,
      docsReviewedBy: userUUID,
    });
  }

  decide(
    individual: Individual,
    body: IndividualDecisionRequest,
  ): { individual: Individual; message: string } {
    this.check(individual, { type: 'decision', decision: body.onboardingDecision });
    return this.record(individual, body);
  }

  /** Writes the decision without the API's ordering rules: the dashboard's reviewer may decide at any step. */
  record(
    individual: Individual,
    body: IndividualDecisionRequest,
  ): { individual: Individual; message: string } {
    const decision = body.onboardingDecision;
    const now = isoNow(this.deps.config.clock);
    const userId = body.userID?.toLowerCase();
    const user = userId
      ? this.deps.partners.users(individual.partnerId).find((u) => u.id === userId)
      : undefined;
    const approved = decision === 'Approved';
    const saved = this.deps.individuals.save({
      ...individual,
      onboardingDecision: decision,
      ficaStatus: STATUS_AFTER[decision],
      additionalComments: body.additionalComments ?? individual.additionalComments,
      nextFicaReviewDate: body.nextFicaReviewDate
        ? new Date(body.nextFicaReviewDate).toISOString()
        : individual.nextFicaReviewDate,
      decidedBy: body.userID ?? null,
      approvedBy: approved ? (user?.name ?? body.userID ?? null) : individual.approvedBy,
      approvalDate: approved ? now : individual.approvalDate,
    });
    const messages: Record<typeof decision, string> = {
      Approved: 'Individual approved: the client is onboarded',
      Declined: 'Individual declined',
      Refer: 'Individual referred for review',
      'In Progress': 'Onboarding decision set to In Progress',
    };
    return { individual: saved, message: messages[decision] };
  }

  workflowState(individual: Individual): IndividualWorkflowState {
    const band = asBand(individual.riskDescription);
    const docs = this.deps.individuals.activeDocumentGroupIds(individual.id);
    const missing = missingRequiredGroups('individual', band, INDIVIDUAL_DOC_GROUPS, docs);
    const d = individual.onboardingDecision;
    return {
      amlScreened: individual.amlScreening !== null,
      externallyValidated: individual.externalValidation !== null,
      pepDecided: individual.pepConfirmReviewed,
      band,
      // The band (and so the document list) is known only after the PEP decision.
      requiredDocsOnFile: individual.pepConfirmReviewed && missing.length === 0,
      missingDocs: missing.map((g) => g.name),
      docsConfirmed: individual.docsUploadedReviewed,
      decision: d === 'Approved' || d === 'Declined' || d === 'Refer' ? d : null,
    };
  }

  /** Throws the 403/409 of the ordering rules when the action is not allowed now. */
  check(individual: Individual, action: IndividualAction): void {
    const result = checkIndividualAction(this.workflowState(individual), action);
    if (!result.ok) throw new HttpError(result.status, result.message);
  }
}
