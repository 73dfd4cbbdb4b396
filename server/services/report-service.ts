// Gathers what the entity report shows and renders it.
import type { Store } from '../context.js';
import type { Entity } from '../store/entities.js';
import { renderEntityReport } from '../reports/entity-report.js';
import type { EntityService } from './entity-service.js';

export class ReportService {
  constructor(
    private readonly store: Store,
    private readonly entities: EntityService,
  ) {}

  entityReport(entity: Entity): Promise<Buffer> {
    const ubos = this.store.ubos.listForEntity(entity.id);
    return renderEntityReport({
      entity,
      entityType: this.entities.entityType(entity),
      partnerName: this.store.partners.get(entity.partnerId)?.name ?? '',
      ubos,
      uboDocuments: new Map(ubos.map((u) => [u.id, this.store.documents.listActive('ubo', u.id)])),
      entityDocuments: this.store.documents.listActive('entity', entity.id),
      trusts: this.store.trusts.listForEntity(entity.id),
      generatedAt: new Date(this.store.clock()),
    });
  }
}
