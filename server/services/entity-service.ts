// Entity records: creation with registry look-up and screening, KYB, sanctions review, the
// workflow state the ordering rules are checked against, and entity risk.
import { randomUUID } from 'node:crypto';
import type { EntityCreateRequest, KybRequest, PepReviewRequest } from '../../shared/api/entity.js';
import {
  checkEntityAction,
  type EntityAction,
  type EntityWorkflowState,
  type UboWorkflowState,
} from '../../shared/domain/workflow.js';
import { missingRequiredGroups } from '../../shared/domain/documents.js';
import { bandFromScore, entityRiskReason, type EntityRiskScore } from '../../shared/domain/risk.js';
import type { BandOrUndetermined } from '../../shared/domain/types.js';
import type { SandboxConfig } from '../config.js';
import type { Store } from '../context.js';
import type { Entity, EntityFilters } from '../store/entities.js';
import type { EntityTrust } from '../store/trusts.js';
import type { Ubo } from '../store/ubos.js';
import { entityScore, sameScore, withRisk, type EntityRisk } from './entity-risk.js';
import {
  COUNTRIES,
  ENTITY_DOC_GROUPS,
  ENTITY_TYPES,
  FUNDING_SOURCES,
  INDIVIDUAL_DOC_GROUPS,
  INDUSTRIES,
  SOURCES_OF_WEALTH,
  TRANSACTION_FREQUENCIES,
  TRANSACTION_TYPES,
  findById,
  type EntityType,
} from '../fixtures/lookups.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { lookupCompany } from '../providers/registry.js';
import { screenName } from '../providers/screening.js';
import { isoNow, monotonicIso, type Clock } from '../clock.js';

export const INITIAL_STATUS = 'In Progress';
export const UNDETERMINED = 'Undetermined';

const asBand = (value: string): BandOrUndetermined =>
  value === 'Low Risk' || value === 'Medium Risk' || value === 'High Risk' ? value : 'Undetermined';

export const uboName = (u: Pick<Ubo, 'firstName' | 'lastName'>): string =>
  `${u.firstName} ${u.lastName}`.trim();

export class EntityService {
  constructor(
    private readonly config: SandboxConfig,
    private readonly store: Store,
  ) {}

  entityType(entity: Pick<Entity, 'entityType'>): EntityType {
    const type = findById(ENTITY_TYPES, entity.entityType);
    if (!type) throw new HttpError(500, `Entity type ${entity.entityType} is not in the lookup`);
    return type;
  }

  get(partnerId: string, id: string): Entity {
    const entity = this.store.entities.get(partnerId, id);
    if (!entity) throw notFound('Entity not found');
    return entity;
  }

  list(
    partnerId: string,
    filters: EntityFilters,
    take: number,
    skip: number,
  ): { data: Entity[]; count: number } {
    return this.store.entities.list(partnerId, filters, take, skip);
  }

  create(partnerId: string, body: EntityCreateRequest): { entity: Entity; createdUbos: Ubo[] } {
    const type = findById(ENTITY_TYPES, body.entityType);
    if (!type || !type.active) {
      throw badRequest(`entityType: ${body.entityType} is not an entity type of the entity-types lookup`, [
        { path: 'entityType', message: 'Unknown entity type' },
      ]);
    }
    const now = monotonicIso(this.config.clock);
    const entity: Entity = {
      id: randomUUID(),
      partnerId,
      entityType: type.id,
      regName: body.entityRegName,
      regNumber: body.entityRegNumber.trim(),
      clientReference: body.clientReference ?? null,
      externalSystemId: body.externalSystemId ?? null,
      ficaStatus: INITIAL_STATUS,
      riskStatus: UNDETERMINED,
      riskReason: null,
      riskScore: null,
      registryCommercialName: null,
      registryResponse: { lookedUp: false, message: 'Foreign entity type: no companies registry look-up' },
      sanctionsResults: screenName(body.entityRegName),
      kyb: null,
      sanctionSearchCompleted: false,
      adverseSearchKYC: false,
      directorsConfirmed: false,
      organigram: null,
      organigramReviewed: false,
      shareholdersAdminConfirmed: false,
      docsUploadedReviewed: false,
      onboardingDecision: INITIAL_STATUS,
      approvedComments: null,
      declinedComments: null,
      referComments: null,
      nextFicaReviewDate: null,
      approvalDate: null,
      createdAt: now,
      lastUpdated: now,
    };
    let directors: Array<{ firstName: string; lastName: string }> = [];
    if (!type.foreignEntityType) {
      const answer = lookupCompany(body.entityRegNumber, body.entityRegName);
      if (answer.kind === 'invalid') {
        throw badRequest(`entityRegNumber: ${answer.reason}`, [
          { path: 'entityRegNumber', message: answer.reason },
        ]);
      }
      entity.registryResponse = answer.response;
      if (answer.kind === 'found') {
        entity.registryCommercialName = answer.commercialName;
        directors = answer.directors;
      }
    }
    const createdUbos = directors.map((d): Ubo =>
      newUbo(this.config.clock, entity, 'registry', d.firstName, d.lastName, { isDirector: true }),
    );
    // The debit and every insert commit together: with too little balance nothing is written.
    this.store.db.transaction(() => {
      if (!this.store.partners.debit(partnerId, this.config.costs.entity)) {
        throw new HttpError(
          402,
          `Insufficient balance: creating an entity costs ${this.config.costs.entity} credits`,
        );
      }
      this.store.entities.insert(entity);
      for (const ubo of createdUbos) this.store.ubos.insert(ubo);
    })();
    return { entity, createdUbos };
  }

  saveKyb(entity: Entity, body: KybRequest): void {
    this.check(entity, { type: 'kyb' });
    checkKybLookups(body);
    // A later KYB save changes only the fields it sends.
    this.changing(entity, () =>
      this.store.entities.save({ ...entity, kyb: { ...(entity.kyb ?? {}), ...body } }),
    );
  }

  sanctionsReview(entity: Entity, body: PepReviewRequest): void {
    this.check(entity, { type: 'sanctions-review' });
    this.changing(entity, () =>
      this.store.entities.save({
        ...entity,
        adverseSearchKYC: body.adverseSearchKYC,
        sanctionSearchCompleted: entity.sanctionSearchCompleted || body.pepConfirmReviewed,
      }),
    );
  }

  updateExternalSystemId(entity: Entity, externalSystemId: string): Entity {
    return this.store.entities.save({ ...entity, externalSystemId });
  }

  workflowState(entity: Entity, ubos: Ubo[] = this.store.ubos.listForEntity(entity.id)): EntityWorkflowState {
    const entityDocs = this.store.documents.activeGroupIds('entity', entity.id);
    const entityMissing = missingRequiredGroups(
      'entity',
      asBand(entity.riskStatus),
      ENTITY_DOC_GROUPS,
      entityDocs,
    );
    const state: EntityWorkflowState = {
      showOrganigram: this.entityType(entity).showOrganigram,
      kybCompleted: entity.kyb !== null,
      sanctionsReviewed: entity.sanctionSearchCompleted,
      organigramVerified: entity.organigramReviewed,
      shareholdingConfirmed: entity.shareholdersAdminConfirmed,
      entityBand: asBand(entity.riskStatus),
      // Before shareholding-confirm the band is not known, so nothing counts as on file yet.
      entityRequiredDocsOnFile: entity.shareholdersAdminConfirmed && entityMissing.length === 0,
      entityMissingDocs: entityMissing.map((g) => g.name),
      entityDocsConfirmed: entity.docsUploadedReviewed,
      decision:
        entity.onboardingDecision === 'Approved' ||
        entity.onboardingDecision === 'Declined' ||
        entity.onboardingDecision === 'Refer'
          ? entity.onboardingDecision
          : null,
      ubos: ubos.map((u) => this.uboState(u)),
    };
    return state;
  }

  uboState(u: Ubo): UboWorkflowState {
    const docs = this.store.documents.activeGroupIds('ubo', u.id);
    // A person's band is known only after the PEP review; until then no document list applies.
    const missing = missingRequiredGroups('individual', asBand(u.riskStatus), INDIVIDUAL_DOC_GROUPS, docs);
    return {
      id: u.id,
      name: uboName(u),
      detailsCompleted: u.detailsCaptured,
      pepConfirmed: u.pepConfirmed,
      requiredDocsOnFile: u.pepConfirmed && missing.length === 0,
      docsConfirmed: u.docsUploadedReviewed,
      missingDocs: missing.map((g) => g.name),
    };
  }

  /** Throws the 403/404/409 of the ordering rules when the action is not allowed now. */
  check(entity: Entity, action: EntityAction, ubos?: Ubo[]): void {
    const result = checkEntityAction(this.workflowState(entity, ubos), action);
    if (!result.ok) throw new HttpError(result.status, result.message);
  }

  /** The entity's score, band and reason from its tree, people, KYB and screening as they stand. */
  assessRisk(
    entity: Entity,
    ubos: Ubo[],
    trusts: EntityTrust[] = this.store.trusts.listForEntity(entity.id),
  ): EntityRisk {
    return this.riskOf(entity, entityScore(entity, ubos, trusts));
  }

  /**
   * Runs a change to an entity, its people or its trusts in one transaction. Once the entity's band
   * has been assessed (verify-organigram or shareholding-confirm), a change that moved its score
   * writes the recalculated score, band and reason with it; a change that moved nothing leaves the
   * band as it was (also one set by hand in the dashboard). Says whether it recalculated, which a
   * dashboard action publishes as entity.updated.
   */
  changing<T>(
    entity: Pick<Entity, 'id' | 'partnerId'>,
    change: () => T,
  ): { result: T; riskRecalculated: boolean } {
    return this.store.db.transaction(() => {
      const scoreNow = (): { stored: Entity; score: EntityRiskScore } | null => {
        const stored = this.store.entities.get(entity.partnerId, entity.id);
        if (!stored) return null;
        const score = entityScore(
          stored,
          this.store.ubos.listForEntity(stored.id),
          this.store.trusts.listForEntity(stored.id),
        );
        return { stored, score };
      };
      const before = scoreNow();
      const result = change();
      const after = scoreNow();
      if (!before || !after || after.stored.riskScore === null || sameScore(before.score, after.score))
        return { result, riskRecalculated: false };
      this.store.entities.save(withRisk(after.stored, this.riskOf(after.stored, after.score)));
      return { result, riskRecalculated: true };
    })();
  }

  private riskOf(entity: Pick<Entity, 'partnerId'>, result: EntityRiskScore): EntityRisk {
    const partner = this.store.partners.get(entity.partnerId);
    const band = bandFromScore(result.score, partner?.riskSettings);
    return { score: result.score, band, reason: entityRiskReason(result, band) };
  }
}

export function newUbo(
  clock: Clock,
  entity: Pick<Entity, 'id' | 'partnerId'>,
  origin: Ubo['origin'],
  firstName: string,
  lastName: string,
  flags: { isDirector?: boolean; isShareholder?: boolean } = {},
): Ubo {
  const now = isoNow(clock);
  return {
    id: randomUUID(),
    entityId: entity.id,
    partnerId: entity.partnerId,
    origin,
    firstName,
    lastName,
    details: {},
    detailsCaptured: false,
    isDirector: flags.isDirector ?? false,
    isShareholder: flags.isShareholder ?? false,
    isTrustMember: false,
    shareholderPercentage: null,
    uboPercentage: null,
    nodeGuid: null,
    entityTrustId: null,
    trustRelatedPartyTypes: null,
    screening: null,
    ficaStatus: INITIAL_STATUS,
    riskStatus: UNDETERMINED,
    riskReason: null,
    uboVerifiedStatus: UNDETERMINED,
    pepConfirmed: false,
    adverseSearchKYC: false,
    docsUploadedReviewed: false,
    active: true,
    createdAt: now,
    updatedAt: now,
  };
}

/** Lookup ids in a KYB body must name lookup rows; an unknown id is a 400 naming the field. */
function checkKybLookups(body: KybRequest): void {
  const problems: Array<{ path: string; message: string }> = [];
  const check = (path: string, id: number | undefined, table: ReadonlyArray<{ id: number }>): void => {
    if (id !== undefined && !table.some((row) => row.id === id))
      problems.push({ path, message: `${id} is not in the lookup` });
  };
  check('addressCountry', body.addressCountry, COUNTRIES);
  body.countriesTransactedWith?.forEach((id, i) => check(`countriesTransactedWith.${i}`, id, COUNTRIES));
  check('entityIndustry', body.entityIndustry, INDUSTRIES);
  check('transactionFrequency', body.transactionFrequency, TRANSACTION_FREQUENCIES);
  check('transactionType', body.transactionType, TRANSACTION_TYPES);
  check('transactionFundingSource', body.transactionFundingSource, FUNDING_SOURCES);
  check('transactionSourceWealth', body.transactionSourceWealth, SOURCES_OF_WEALTH);
  if (problems.length > 0)
    throw badRequest(problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
}
