// shareholding-confirm (the entity's band) and the onboarding decision (the state table).
import type { EntityDecisionRequest } from '../../shared/api/entity.js';
import { commentFieldOf } from '../../shared/domain/decision-comments.js';
import type { Store } from '../context.js';
import type { Entity } from '../store/entities.js';
import { badRequest } from '../http/errors.js';
import type { EntityService } from './entity-service.js';
import { withRisk } from './entity-risk.js';
import { isoNow } from '../clock.js';

export interface ShareholdingResult {
  message: string;
  riskStatus: string;
  riskReason: string;
}

const FICA_STATUS_AFTER: Record<EntityDecisionRequest['onboardingDecision'], string> = {
  Approved: 'Approved',
  Declined: 'Declined',
  Refer: 'Referred',
  'In Progress': 'In Progress',
};

const OUTCOME: Record<EntityDecisionRequest['onboardingDecision'], string> = {
  Approved: 'Entity approved: the entity is onboarded',
  Declined: 'Entity declined',
  Refer: 'Entity referred for review',
  'In Progress': 'Decision pending: the entity is in progress',
};

export class DecisionService {
  constructor(
    private readonly store: Store,
    private readonly entities: EntityService,
  ) {}

  confirmShareholding(entity: Entity, ownershipConfirmation: boolean): ShareholdingResult {
    if (!ownershipConfirmation) {
      throw badRequest('ownershipConfirmation must be true to confirm the shareholding', [
        { path: 'ownershipConfirmation', message: 'must be true' },
      ]);
    }
    this.entities.check(entity, { type: 'shareholding-confirm' });
    if (entity.shareholdersAdminConfirmed) {
      // Confirming again changes nothing: the band the documents were collected for stays.
      return {
        message: 'Shareholding already confirmed',
        riskStatus: entity.riskStatus,
        riskReason: entity.riskReason ?? '',
      };
    }
    const risk = this.entities.assessRisk(entity, this.store.ubos.listForEntity(entity.id));
    this.store.entities.save(
      withRisk({ ...entity, shareholdersAdminConfirmed: true, directorsConfirmed: true }, risk),
    );
    return { message: 'Shareholding confirmed', riskStatus: risk.band, riskReason: risk.reason };
  }

  decide(
    entity: Entity,
    body: EntityDecisionRequest,
  ): { message: string; onboardingDecision: string; ficaStatus: string } {
    this.entities.check(entity, { type: 'decision', decision: body.onboardingDecision });
    return this.record(entity, body);
  }

  /** Writes the decision without the API's ordering rules: the dashboard's reviewer may decide at any step. */
  record(
    entity: Entity,
    body: EntityDecisionRequest,
  ): { message: string; onboardingDecision: string; ficaStatus: string } {
    const now = isoNow(this.store.clock);
    // Stored in UTC so the list's whole-day filter compares like with like.
    const reviewDate = body.nextFicaReviewDate ? new Date(body.nextFicaReviewDate).toISOString() : undefined;
    const next: Entity = {
      ...entity,
      onboardingDecision: body.onboardingDecision,
      ficaStatus: FICA_STATUS_AFTER[body.onboardingDecision],
    };
    const field = commentFieldOf(body.onboardingDecision);
    if (field) next[field] = body[field] ?? null;
    if (body.onboardingDecision === 'Approved') {
      next.approvalDate = now;
      next.nextFicaReviewDate = reviewDate ?? entity.nextFicaReviewDate;
    }
    if (reviewDate && body.onboardingDecision !== 'Approved') next.nextFicaReviewDate = reviewDate;
    const saved = this.store.entities.save(next);
    return {
      message: OUTCOME[body.onboardingDecision],
      onboardingDecision: saved.onboardingDecision,
      ficaStatus: saved.ficaStatus,
    };
  }
}
