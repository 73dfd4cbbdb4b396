// Entity records, always read and written within one partner.
import type { Db } from './db.js';
import type { KybRequest } from '../../shared/api/entity.js';
import type { ScreeningResult } from '../providers/screening.js';
import { bool, fromJson, int, toJson } from './json.js';
import { monotonicIso, systemClock, type Clock } from '../clock.js';
import { containsConditions } from './contains-filter.js';

export interface Entity {
  id: string;
  partnerId: string;
  entityType: number;
  regName: string;
  regNumber: string;
  clientReference: string | null;
  externalSystemId: string | null;
  ficaStatus: string;
  riskStatus: string;
  riskReason: string | null;
  riskScore: number | null;
  registryCommercialName: string | null;
  registryResponse: Record<string, unknown>;
  sanctionsResults: ScreeningResult;
  kyb: KybRequest | null;
  sanctionSearchCompleted: boolean;
  adverseSearchKYC: boolean;
  directorsConfirmed: boolean;
  /** The processed tree of the last verify-organigram, as answered. */
  organigram: unknown[] | null;
  organigramReviewed: boolean;
  shareholdersAdminConfirmed: boolean;
  docsUploadedReviewed: boolean;
  onboardingDecision: string;
  approvedComments: string | null;
  declinedComments: string | null;
  referComments: string | null;
  nextFicaReviewDate: string | null;
  approvalDate: string | null;
  createdAt: string;
  lastUpdated: string;
}

interface EntityRow {
  id: string;
  partner_id: string;
  entity_type: number;
  reg_name: string;
  reg_number: string;
  client_reference: string | null;
  external_system_id: string | null;
  fica_status: string;
  risk_status: string;
  risk_reason: string | null;
  risk_score: number | null;
  registry_commercial_name: string | null;
  registry_response: string;
  sanctions_results: string;
  kyb: string | null;
  sanction_search_completed: number;
  adverse_search_kyc: number;
  directors_confirmed: number;
  organigram: string | null;
  organigram_reviewed: number;
  shareholders_admin_confirmed: number;
  docs_uploaded_reviewed: number;
  onboarding_decision: string;
  approved_comments: string | null;
  declined_comments: string | null;
  refer_comments: string | null;
  next_fica_review_date: string | null;
  approval_date: string | null;
  created_at: string;
  last_updated: string;
}

function toEntity(r: EntityRow): Entity {
  return {
    id: r.id,
    partnerId: r.partner_id,
    entityType: r.entity_type,
    regName: r.reg_name,
    regNumber: r.reg_number,
    clientReference: r.client_reference,
    externalSystemId: r.external_system_id,
    ficaStatus: r.fica_status,
    riskStatus: r.risk_status,
    riskReason: r.risk_reason,
    riskScore: r.risk_score,
    registryCommercialName: r.registry_commercial_name,
    registryResponse: fromJson<Record<string, unknown>>(r.registry_response) ?? {},
    sanctionsResults: fromJson<ScreeningResult>(r.sanctions_results) ?? {
      matchedNumber: 0,
      matchedEntities: [],
      webSearchResults: [],
    },
    kyb: fromJson<KybRequest>(r.kyb),
    sanctionSearchCompleted: bool(r.sanction_search_completed),
    adverseSearchKYC: bool(r.adverse_search_kyc),
    directorsConfirmed: bool(r.directors_confirmed),
    organigram: fromJson<unknown[]>(r.organigram),
    organigramReviewed: bool(r.organigram_reviewed),
    shareholdersAdminConfirmed: bool(r.shareholders_admin_confirmed),
    docsUploadedReviewed: bool(r.docs_uploaded_reviewed),
    onboardingDecision: r.onboarding_decision,
    approvedComments: r.approved_comments,
    declinedComments: r.declined_comments,
    referComments: r.refer_comments,
    nextFicaReviewDate: r.next_fica_review_date,
    approvalDate: r.approval_date,
    createdAt: r.created_at,
    lastUpdated: r.last_updated,
  };
}

function toRow(e: Entity): Record<string, unknown> {
  return {
    id: e.id,
    partner_id: e.partnerId,
    entity_type: e.entityType,
    reg_name: e.regName,
    reg_number: e.regNumber,
    client_reference: e.clientReference,
    external_system_id: e.externalSystemId,
    fica_status: e.ficaStatus,
    risk_status: e.riskStatus,
    risk_reason: e.riskReason,
    risk_score: e.riskScore,
    registry_commercial_name: e.registryCommercialName,
    registry_response: toJson(e.registryResponse) ?? '{}',
    sanctions_results: toJson(e.sanctionsResults) ?? '{}',
    kyb: toJson(e.kyb),
    sanction_search_completed: int(e.sanctionSearchCompleted),
    adverse_search_kyc: int(e.adverseSearchKYC),
    directors_confirmed: int(e.directorsConfirmed),
    organigram: toJson(e.organigram),
    organigram_reviewed: int(e.organigramReviewed),
    shareholders_admin_confirmed: int(e.shareholdersAdminConfirmed),
    docs_uploaded_reviewed: int(e.docsUploadedReviewed),
    onboarding_decision: e.onboardingDecision,
    approved_comments: e.approvedComments,
    declined_comments: e.declinedComments,
    refer_comments: e.referComments,
    next_fica_review_date: e.nextFicaReviewDate,
    approval_date: e.approvalDate,
    created_at: e.createdAt,
    last_updated: e.lastUpdated,
  };
}

export interface EntityFilters {
  /** Whole-day matches (YYYY-MM-DD, UTC) on the date columns, like the individual list. */
  approvalDate?: string;
  lastUpdated?: string;
  nextFicaReviewDate?: string;
  clientReference?: string;
  ficaStatus?: string;
  riskDescription?: string;
  entityRegName?: string;
  entityRegNumber?: string;
  externalSystemId?: string;
}

const DAY_COLUMNS = {
  approvalDate: 'approval_date',
  lastUpdated: 'last_updated',
  nextFicaReviewDate: 'next_fica_review_date',
} as const;

const FILTER_COLUMNS: Record<Exclude<keyof EntityFilters, keyof typeof DAY_COLUMNS>, string> = {
  clientReference: 'client_reference',
  ficaStatus: 'fica_status',
  riskDescription: 'risk_status',
  entityRegName: 'reg_name',
  entityRegNumber: 'reg_number',
  externalSystemId: 'external_system_id',
};

export class EntityRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  insert(entity: Entity): void {
    const row = toRow(entity);
    const columns = Object.keys(row);
    // The next number is read in the insert itself, so two writers cannot take the same one, and
    // from the unique index on seq, so it costs no scan.
    this.db
      .prepare(
        `INSERT INTO entities (${columns.join(', ')}, seq) VALUES (${columns.map((c) => `@${c}`).join(', ')}, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entities))`,
      )
      .run(row);
  }

  get(partnerId: string, id: string): Entity | undefined {
    const row = this.db
      .prepare('SELECT * FROM entities WHERE id = ? AND partner_id = ?')
      .get(id, partnerId) as EntityRow | undefined;
    return row && toEntity(row);
  }

  /** Writes the whole record back, stamping lastUpdated. */
  save(entity: Entity): Entity {
    const saved = { ...entity, lastUpdated: monotonicIso(this.clock) };
    const row = toRow(saved);
    const sets = Object.keys(row)
      .filter((c) => c !== 'id' && c !== 'partner_id')
      .map((c) => `${c} = @${c}`)
      .join(', ');
    this.db.prepare(`UPDATE entities SET ${sets} WHERE id = @id AND partner_id = @partner_id`).run(row);
    return saved;
  }

  list(
    partnerId: string,
    filters: EntityFilters,
    take: number,
    skip: number,
  ): { data: Entity[]; count: number } {
    const contains: Array<[string, string]> = [];
    for (const [key, column] of Object.entries(FILTER_COLUMNS) as Array<
      [keyof typeof FILTER_COLUMNS, string]
    >) {
      const value = filters[key];
      if (value === undefined || value === '') continue;
      contains.push([column, value]);
    }
    const matching = containsConditions(this.db, 'entities_search', partnerId, contains);
    const where = [matching.partnerColumn + ' = ?', ...matching.conditions];
    const params: unknown[] = [partnerId, ...matching.params];
    for (const [key, column] of Object.entries(DAY_COLUMNS) as Array<[keyof typeof DAY_COLUMNS, string]>) {
      const day = filters[key];
      if (day === undefined) continue;
      // Stored timestamps are UTC ISO strings, so a day is a lexical range.
      const start = new Date(`${day}T00:00:00.000Z`);
      const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
      where.push(`${column} >= ? AND ${column} < ?`);
      params.push(start.toISOString(), end.toISOString());
    }
    const clause = where.join(' AND ');
    // Without the index's few rows, the page comes from the partner's rows in list order: the (partner,
    // column) indexes would otherwise tempt the planner into sorting every row of the partner.
    const pageIndex = matching.selective ? '' : 'INDEXED BY entities_partner_updated ';
    // The index counts the contains-filters on its own; a day range needs the rows.
    const count =
      matching.count !== null && where.length === 1 + matching.conditions.length
        ? matching.count
        : (
            this.db.prepare(`SELECT COUNT(*) AS n FROM entities WHERE ${clause}`).get(...params) as {
              n: number;
            }
          ).n;
    const rows = this.db
      .prepare(
        `SELECT * FROM entities ${pageIndex}WHERE ${clause} ORDER BY last_updated DESC, seq DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, take, skip) as EntityRow[];
    return { data: rows.map(toEntity), count };
  }
}
