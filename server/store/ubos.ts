// UBOs (directors, shareholders, trust individuals) of an entity. Reads are scoped to a partner.
import type { Db } from './db.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import type { ScreeningResult } from '../providers/screening.js';
import { bool, fromJson, int, toJson } from './json.js';

export type UboOrigin = 'registry' | 'api' | 'organigram';

/** The UBO body fields other than names, flags and percentage, kept as sent. */
export interface UboDetails {
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  addressZipCode?: string;
  addressCountry?: number;
  clientSACitizen?: boolean;
  idNumber?: string;
  passportNumber?: string;
  passportCountry?: number;
  externalId?: string;
}

export interface Ubo {
  id: string;
  entityId: string;
  partnerId: string;
  origin: UboOrigin;
  firstName: string;
  lastName: string;
  details: UboDetails;
  /** The person's own details were captured (ubo-create or director-ubo-update): PEP confirm may follow. */
  detailsCaptured: boolean;
  isDirector: boolean;
  isShareholder: boolean;
  isTrustMember: boolean;
  shareholderPercentage: string | null;
  uboPercentage: number | null;
  nodeGuid: string | null;
  entityTrustId: string | null;
  trustRelatedPartyTypes: string | null;
  screening: ScreeningResult | null;
  ficaStatus: string;
  riskStatus: string;
  riskReason: string | null;
  uboVerifiedStatus: string;
  pepConfirmed: boolean;
  adverseSearchKYC: boolean;
  docsUploadedReviewed: boolean;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

interface UboRow {
  id: string;
  entity_id: string;
  partner_id: string;
  origin: string;
  first_name: string;
  last_name: string;
  details: string;
  details_captured: number;
  is_director: number;
  is_shareholder: number;
  is_trust_member: number;
  shareholder_percentage: string | null;
  ubo_percentage: number | null;
  node_guid: string | null;
  entity_trust_id: string | null;
  trust_related_party_types: string | null;
  screening: string | null;
  fica_status: string;
  risk_status: string;
  risk_reason: string | null;
  ubo_verified_status: string;
  pep_confirmed: number;
  adverse_search_kyc: number;
  docs_uploaded_reviewed: number;
  active: number;
  created_at: string;
  updated_at: string;
}

function toUbo(r: UboRow): Ubo {
  return {
    id: r.id,
    entityId: r.entity_id,
    partnerId: r.partner_id,
    origin: r.origin as UboOrigin,
    firstName: r.first_name,
    lastName: r.last_name,
    details: fromJson<UboDetails>(r.details) ?? {},
    detailsCaptured: bool(r.details_captured),
    isDirector: bool(r.is_director),
    isShareholder: bool(r.is_shareholder),
    isTrustMember: bool(r.is_trust_member),
    shareholderPercentage: r.shareholder_percentage,
    uboPercentage: r.ubo_percentage,
    nodeGuid: r.node_guid,
    entityTrustId: r.entity_trust_id,
    trustRelatedPartyTypes: r.trust_related_party_types,
    screening: fromJson<ScreeningResult>(r.screening),
    ficaStatus: r.fica_status,
    riskStatus: r.risk_status,
    riskReason: r.risk_reason,
    uboVerifiedStatus: r.ubo_verified_status,
    pepConfirmed: bool(r.pep_confirmed),
    adverseSearchKYC: bool(r.adverse_search_kyc),
    docsUploadedReviewed: bool(r.docs_uploaded_reviewed),
    active: bool(r.active),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toRow(u: Ubo): Record<string, unknown> {
  return {
    id: u.id,
    entity_id: u.entityId,
    partner_id: u.partnerId,
    origin: u.origin,
    first_name: u.firstName,
    last_name: u.lastName,
    details: toJson(u.details) ?? '{}',
    details_captured: int(u.detailsCaptured),
    is_director: int(u.isDirector),
    is_shareholder: int(u.isShareholder),
    is_trust_member: int(u.isTrustMember),
    shareholder_percentage: u.shareholderPercentage,
    ubo_percentage: u.uboPercentage,
    node_guid: u.nodeGuid,
    entity_trust_id: u.entityTrustId,
    trust_related_party_types: u.trustRelatedPartyTypes,
    screening: toJson(u.screening),
    fica_status: u.ficaStatus,
    risk_status: u.riskStatus,
    risk_reason: u.riskReason,
    ubo_verified_status: u.uboVerifiedStatus,
    pep_confirmed: int(u.pepConfirmed),
    adverse_search_kyc: int(u.adverseSearchKYC),
    docs_uploaded_reviewed: int(u.docsUploadedReviewed),
    active: int(u.active),
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

export class UboRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  insert(ubo: Ubo): void {
    const row = toRow(ubo);
    const columns = Object.keys(row);
    // The next number is read in the insert itself, from the index on seq (no scan).
    this.db
      .prepare(
        `INSERT INTO ubos (${columns.join(', ')}, seq) VALUES (${columns.map((c) => `@${c}`).join(', ')}, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ubos))`,
      )
      .run(row);
  }

  /** An active UBO of the partner. */
  get(partnerId: string, id: string): Ubo | undefined {
    const row = this.db
      .prepare('SELECT * FROM ubos WHERE id = ? AND partner_id = ? AND active = 1')
      .get(id, partnerId) as UboRow | undefined;
    return row && toUbo(row);
  }

  listForEntity(entityId: string): Ubo[] {
    return (
      this.db
        .prepare('SELECT * FROM ubos WHERE entity_id = ? AND active = 1 ORDER BY seq')
        .all(entityId) as UboRow[]
    ).map(toUbo);
  }

  save(ubo: Ubo): Ubo {
    const saved = { ...ubo, updatedAt: isoNow(this.clock) };
    const row = toRow(saved);
    const sets = Object.keys(row)
      .filter((c) => c !== 'id')
      .map((c) => `${c} = @${c}`)
      .join(', ');
    this.db.prepare(`UPDATE ubos SET ${sets} WHERE id = @id`).run(row);
    return saved;
  }
}
