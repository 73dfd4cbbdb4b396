// Individual clients and their documents, always read and written within one partner.
import type { Db } from './db.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import type { IndividualCreateRequest } from '../../shared/api/individual.js';
import type { ScreeningResult } from '../providers/screening.js';
import { bool, fromJson, int, toJson } from './json.js';
import { distinctActiveGroups } from './documents.js';
import { containsConditions } from './contains-filter.js';

/** The credit bureau's answer as the API returns it (individual-api.md "External validation"). */
export interface ExternalValidationResult {
  consumerDetail: Record<string, string | null>;
  kycResult: { IDStatusDesc: string; KYCStatusDesc: string };
  consumerEmploymentHistory: Array<Record<string, string | null>>;
}

export interface Individual {
  id: string;
  partnerId: string;
  externalSystemId: string | null;
  clientRef: string | null;
  firstName: string;
  lastName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  idNumber: string | null;
  passportNumber: string | null;
  /** The create body as received; the columns above are its filtered or updatable parts. */
  details: IndividualCreateRequest;
  ficaStatus: string;
  riskDescription: string;
  riskReason: string | null;
  amlScreening: ScreeningResult | null;
  externalValidation: ExternalValidationResult | null;
  pepConfirmReviewed: boolean;
  adverseSearchKYC: boolean;
  clientForeignOfficial: boolean;
  clientForeignOfficialType: number | null;
  pepDecidedBy: string | null;
  docsUploadedReviewed: boolean;
  docsReviewedBy: string | null;
  onboardingDecision: string;
  additionalComments: string | null;
  decidedBy: string | null;
  approvedBy: string | null;
  nextFicaReviewDate: string | null;
  approvalDate: string | null;
  createdAt: string;
  lastUpdated: string;
}

interface IndividualRow {
  id: string;
  partner_id: string;
  external_system_id: string | null;
  client_ref: string | null;
  first_name: string;
  last_name: string;
  client_email: string | null;
  client_phone: string | null;
  id_number: string | null;
  passport_number: string | null;
  details: string;
  fica_status: string;
  risk_description: string;
  risk_reason: string | null;
  aml_screening: string | null;
  external_validation: string | null;
  pep_confirm_reviewed: number;
  adverse_search_kyc: number;
  client_foreign_official: number;
  client_foreign_official_type: number | null;
  pep_decided_by: string | null;
  docs_uploaded_reviewed: number;
  docs_reviewed_by: string | null;
  onboarding_decision: string;
  additional_comments: string | null;
  decided_by: string | null;
  approved_by: string | null;
  next_fica_review_date: string | null;
  approval_date: string | null;
  created_at: string;
  last_updated: string;
}

function toIndividual(r: IndividualRow): Individual {
  return {
    id: r.id,
    partnerId: r.partner_id,
    externalSystemId: r.external_system_id,
    clientRef: r.client_ref,
    firstName: r.first_name,
    lastName: r.last_name,
    clientEmail: r.client_email,
    clientPhone: r.client_phone,
    idNumber: r.id_number,
    passportNumber: r.passport_number,
    details: fromJson<IndividualCreateRequest>(r.details) as IndividualCreateRequest,
    ficaStatus: r.fica_status,
    riskDescription: r.risk_description,
    riskReason: r.risk_reason,
    amlScreening: fromJson<ScreeningResult>(r.aml_screening),
    externalValidation: fromJson<ExternalValidationResult>(r.external_validation),
    pepConfirmReviewed: bool(r.pep_confirm_reviewed),
    adverseSearchKYC: bool(r.adverse_search_kyc),
    clientForeignOfficial: bool(r.client_foreign_official),
    clientForeignOfficialType: r.client_foreign_official_type,
    pepDecidedBy: r.pep_decided_by,
    docsUploadedReviewed: bool(r.docs_uploaded_reviewed),
    docsReviewedBy: r.docs_reviewed_by,
    onboardingDecision: r.onboarding_decision,
    additionalComments: r.additional_comments,
    decidedBy: r.decided_by,
    approvedBy: r.approved_by,
    nextFicaReviewDate: r.next_fica_review_date,
    approvalDate: r.approval_date,
    createdAt: r.created_at,
    lastUpdated: r.last_updated,
  };
}

function toRow(i: Individual): IndividualRow {
  return {
    id: i.id,
    partner_id: i.partnerId,
    external_system_id: i.externalSystemId,
    client_ref: i.clientRef,
    first_name: i.firstName,
    last_name: i.lastName,
    client_email: i.clientEmail,
    client_phone: i.clientPhone,
    id_number: i.idNumber,
    passport_number: i.passportNumber,
    details: JSON.stringify(i.details),
    fica_status: i.ficaStatus,
    risk_description: i.riskDescription,
    risk_reason: i.riskReason,
    aml_screening: toJson(i.amlScreening),
    external_validation: toJson(i.externalValidation),
    pep_confirm_reviewed: int(i.pepConfirmReviewed),
    adverse_search_kyc: int(i.adverseSearchKYC),
    client_foreign_official: int(i.clientForeignOfficial),
    client_foreign_official_type: i.clientForeignOfficialType,
    pep_decided_by: i.pepDecidedBy,
    docs_uploaded_reviewed: int(i.docsUploadedReviewed),
    docs_reviewed_by: i.docsReviewedBy,
    onboarding_decision: i.onboardingDecision,
    additional_comments: i.additionalComments,
    decided_by: i.decidedBy,
    approved_by: i.approvedBy,
    next_fica_review_date: i.nextFicaReviewDate,
    approval_date: i.approvalDate,
    created_at: i.createdAt,
    last_updated: i.lastUpdated,
  };
}

/** Contains filters of the list query and the columns they search. */
export const INDIVIDUAL_CONTAINS_FILTERS = {
  externalUserID: 'external_system_id',
  clientReference: 'client_ref',
  firstName: 'first_name',
  lastName: 'last_name',
  ficaStatus: 'fica_status',
  identificationNumber: 'id_number',
  passportNumber: 'passport_number',
  riskDescription: 'risk_description',
} as const;

/** Whole-day filters and their columns (ISO timestamps in UTC). */
export const INDIVIDUAL_DAY_FILTERS = {
  approvalDate: 'approval_date',
  lastUpdated: 'last_updated',
  nextFicaReviewDate: 'next_fica_review_date',
} as const;

export type IndividualFilters = Partial<Record<keyof typeof INDIVIDUAL_CONTAINS_FILTERS, string>> &
  Partial<Record<keyof typeof INDIVIDUAL_DAY_FILTERS, { from: string; to: string }>>;

export interface IndividualDocument {
  id: number;
  individualId: string;
  groupId: number;
  typeId: number;
  filename: string;
  storedName: string;
  mimeType: string;
  size: number;
  additional: boolean;
  active: boolean;
  uploadDate: string;
  deletedAt: string | null;
}

interface DocumentRow {
  id: number;
  individual_id: string;
  group_id: number;
  type_id: number;
  filename: string;
  stored_name: string;
  mime_type: string;
  size: number;
  additional: number;
  active: number;
  upload_date: string;
  deleted_at: string | null;
}

const toDocument = (r: DocumentRow): IndividualDocument => ({
  id: r.id,
  individualId: r.individual_id,
  groupId: r.group_id,
  typeId: r.type_id,
  filename: r.filename,
  storedName: r.stored_name,
  mimeType: r.mime_type,
  size: r.size,
  additional: bool(r.additional),
  active: bool(r.active),
  uploadDate: r.upload_date,
  deletedAt: r.deleted_at,
});

export class IndividualRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  insert(individual: Individual): void {
    const row = toRow(individual);
    const columns = Object.keys(row);
    // The next number is read in the insert itself, so two writers cannot take the same one, and
    // from the unique index on seq, so it costs no scan.
    this.db
      .prepare(
        `INSERT INTO individuals (${columns.join(', ')}, seq) VALUES (${columns.map((c) => `@${c}`).join(', ')}, (SELECT COALESCE(MAX(seq), 0) + 1 FROM individuals))`,
      )
      .run(row);
  }

  get(partnerId: string, id: string): Individual | undefined {
    const row = this.db
      .prepare('SELECT * FROM individuals WHERE id = ? AND partner_id = ?')
      .get(id, partnerId) as IndividualRow | undefined;
    return row && toIndividual(row);
  }

  /** Writes the whole record back, stamping lastUpdated. */
  save(individual: Individual): Individual {
    const saved = { ...individual, lastUpdated: isoNow(this.clock) };
    const row = toRow(saved);
    const sets = Object.keys(row)
      .filter((c) => c !== 'id' && c !== 'partner_id')
      .map((c) => `${c} = @${c}`)
      .join(', ');
    this.db.prepare(`UPDATE individuals SET ${sets} WHERE id = @id AND partner_id = @partner_id`).run(row);
    return saved;
  }

  list(
    partnerId: string,
    filters: IndividualFilters,
    take: number,
    skip: number,
  ): { data: Individual[]; count: number } {
    const contains: Array<[string, string]> = [];
    for (const [key, column] of Object.entries(INDIVIDUAL_CONTAINS_FILTERS) as Array<
      [keyof typeof INDIVIDUAL_CONTAINS_FILTERS, string]
    >) {
      const value = filters[key];
      if (value === undefined || value === '') continue;
      contains.push([column, value]);
    }
    const matching = containsConditions(this.db, 'individuals_search', partnerId, contains);
    const where = [matching.partnerColumn + ' = ?', ...matching.conditions];
    const params: unknown[] = [partnerId, ...matching.params];
    for (const [key, column] of Object.entries(INDIVIDUAL_DAY_FILTERS) as Array<
      [keyof typeof INDIVIDUAL_DAY_FILTERS, string]
    >) {
      const range = filters[key];
      if (!range) continue;
      // Stored values are ISO strings in UTC, which sort as text.
      where.push(`${column} >= ? AND ${column} <= ?`);
      params.push(range.from, range.to);
    }
    const clause = where.join(' AND ');
    // Without the index's few rows, the page comes from the partner's rows in list order: the (partner,
    // column) indexes would otherwise tempt the planner into sorting every row of the partner.
    const pageIndex = matching.selective ? '' : 'INDEXED BY individuals_partner_updated ';
    // The index counts the contains-filters on its own; a day range needs the rows.
    const count =
      matching.count !== null && where.length === 1 + matching.conditions.length
        ? matching.count
        : (
            this.db.prepare(`SELECT COUNT(*) AS n FROM individuals WHERE ${clause}`).get(...params) as {
              n: number;
            }
          ).n;
    const rows = this.db
      .prepare(
        `SELECT * FROM individuals ${pageIndex}WHERE ${clause} ORDER BY last_updated DESC, seq DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, take, skip) as IndividualRow[];
    return { data: rows.map(toIndividual), count };
  }

  insertDocument(doc: Omit<IndividualDocument, 'id' | 'active' | 'deletedAt'>): number {
    const result = this.db
      .prepare(
        `INSERT INTO individual_documents (individual_id, group_id, type_id, filename, stored_name, mime_type, size, additional, active, upload_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      )
      .run(
        doc.individualId,
        doc.groupId,
        doc.typeId,
        doc.filename,
        doc.storedName,
        doc.mimeType,
        doc.size,
        int(doc.additional),
        doc.uploadDate,
      );
    return Number(result.lastInsertRowid);
  }

  document(individualId: string, id: number): IndividualDocument | undefined {
    const row = this.db
      .prepare('SELECT * FROM individual_documents WHERE id = ? AND individual_id = ? AND active = 1')
      .get(id, individualId) as DocumentRow | undefined;
    return row && toDocument(row);
  }

  activeDocuments(individualId: string): IndividualDocument[] {
    const rows = this.db
      .prepare('SELECT * FROM individual_documents WHERE individual_id = ? AND active = 1 ORDER BY id')
      .all(individualId) as DocumentRow[];
    return rows.map(toDocument);
  }

  /** The groups with an active document, for required-document checks that need nothing more. */
  activeDocumentGroupIds(individualId: string): Array<{ groupId: number }> {
    return this.db
      .prepare(distinctActiveGroups('individual_documents', 'individual_id'))
      .all(individualId, individualId) as Array<{ groupId: number }>;
  }

  /** Soft delete (contract §7): the row stays, marked inactive, and leaves every list. */
  deactivateDocument(individualId: string, id: number): IndividualDocument | undefined {
    const now = isoNow(this.clock);
    const changed = this.db
      .prepare(
        'UPDATE individual_documents SET active = 0, deleted_at = ? WHERE id = ? AND individual_id = ? AND active = 1',
      )
      .run(now, id, individualId).changes;
    if (changed !== 1) return undefined;
    const row = this.db.prepare('SELECT * FROM individual_documents WHERE id = ?').get(id) as DocumentRow;
    return toDocument(row);
  }

  recordBankVerification(individualId: string, request: unknown, result: unknown): void {
    this.db
      .prepare(
        'INSERT INTO bank_account_verifications (individual_id, request, result, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(individualId, JSON.stringify(request), JSON.stringify(result), isoNow(this.clock));
  }
}
