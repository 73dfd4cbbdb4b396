// The people of an entity: flat-list add, edit and delete (path A), the update every person needs
// (both paths), and the PEP confirm that decides each person's band.
import type { PepReviewRequest } from '../../shared/api/entity.js';
import type { UboBody } from '../../shared/api/ubo.js';
import { personBand, personRiskReason } from '../../shared/domain/risk.js';
import type { Store } from '../context.js';
import type { Entity } from '../store/entities.js';
import type { Ubo, UboDetails } from '../store/ubos.js';
import { COUNTRIES } from '../fixtures/lookups.js';
import { badRequest, notFound } from '../http/errors.js';
import { screenName } from '../providers/screening.js';
import { newUbo, uboName, type EntityService } from './entity-service.js';

export class UboService {
  constructor(
    private readonly store: Store,
    private readonly entities: EntityService,
  ) {}

  /** A UBO of the partner together with its entity; another partner's UBO is not found. */
  get(partnerId: string, uboId: string): { ubo: Ubo; entity: Entity } {
    const ubo = this.store.ubos.get(partnerId, uboId);
    if (!ubo) throw notFound('UBO not found');
    return { ubo, entity: this.entities.get(partnerId, ubo.entityId) };
  }

  list(entity: Entity): Ubo[] {
    return this.store.ubos.listForEntity(entity.id);
  }

  create(entity: Entity, body: UboBody): Ubo {
    this.entities.check(entity, { type: 'ubo-create' });
    checkCountries(body);
    const ubo = newUbo(this.store.clock, entity, 'api', body.firstName, body.lastName);
    const created = applyBody(ubo, body);
    created.screening = screenName(uboName(created));
    this.entities.changing(entity, () => {
      this.store.ubos.insert(created);
      this.store.entities.save(entity);
    });
    return created;
  }

  update(partnerId: string, uboId: string, body: UboBody): Ubo {
    const { ubo, entity } = this.get(partnerId, uboId);
    this.entities.check(entity, { type: 'ubo-update', uboId: ubo.id });
    checkCountries(body);
    const updated = applyBody(ubo, body);
    // Published rule: screening runs again only when no results are stored yet.
    if (updated.screening === null) updated.screening = screenName(uboName(updated));
    return this.saveWithEntity(updated, entity);
  }

  remove(partnerId: string, uboId: string): Ubo {
    const { ubo, entity } = this.get(partnerId, uboId);
    this.entities.check(entity, { type: 'ubo-delete', uboId: ubo.id });
    return this.saveWithEntity({ ...ubo, active: false }, entity);
  }

  pepConfirm(partnerId: string, uboId: string, body: PepReviewRequest): Ubo {
    const { ubo, entity } = this.get(partnerId, uboId);
    this.entities.check(entity, { type: 'ubo-pep-confirm', uboId: ubo.id });
    const partner = this.store.partners.get(partnerId);
    // UBOs carry no foreign-official flag in the published body, so only adverse results and citizenship count.
    const inputs = {
      adverse: body.adverseSearchKYC,
      foreignOfficial: false,
      saCitizen: ubo.details.clientSACitizen !== false,
    };
    return this.saveWithEntity(
      {
        ...ubo,
        riskStatus: personBand(inputs, partner?.riskSettings),
        riskReason: personRiskReason(inputs, partner?.riskSettings),
        adverseSearchKYC: body.adverseSearchKYC,
        pepConfirmed: body.pepConfirmReviewed,
        uboVerifiedStatus: body.pepConfirmReviewed ? 'Verified' : 'In Progress',
      },
      entity,
    );
  }

  /**
   * A person's change is a change of the entity too: its lastUpdated moves with it, and so does its
   * risk when the person's adverse results or their removal move the entity's score.
   */
  private saveWithEntity(ubo: Ubo, entity: Entity): Ubo {
    return this.entities.changing(entity, () => {
      const saved = this.store.ubos.save(ubo);
      this.store.entities.save(entity);
      return saved;
    }).result;
  }
}

function applyBody(ubo: Ubo, body: UboBody): Ubo {
  const details: UboDetails = {
    addressLine1: body.addressLine1,
    addressLine2: body.addressLine2,
    addressLine3: body.addressLine3,
    addressZipCode: body.addressZipCode,
    addressCountry: body.addressCountry,
    clientSACitizen: body.clientSACitizen,
    idNumber: body.idNumber,
    passportNumber: body.passportNumber,
    passportCountry: body.passportCountry,
    externalId: body.externalId,
  };
  return {
    ...ubo,
    firstName: body.firstName,
    lastName: body.lastName,
    details,
    detailsCaptured: true,
    isDirector: body.isDirector ?? ubo.isDirector,
    isShareholder: body.isShareholder ?? ubo.isShareholder,
    shareholderPercentage: body.shareholderPercentage ?? ubo.shareholderPercentage,
  };
}

function checkCountries(body: UboBody): void {
  for (const field of ['addressCountry', 'passportCountry'] as const) {
    const id = body[field];
    if (id !== undefined && !COUNTRIES.some((c) => c.id === id)) {
      throw badRequest(`${field}: ${id} is not in the countries lookup`, [
        { path: field, message: 'Unknown country' },
      ]);
    }
  }
}
