// Trusts of an entity's ownership tree, created and updated by verify-organigram.
import type { Db } from './db.js';

export interface EntityTrust {
  id: string;
  entityId: string;
  nodeGuid: string;
  trustName: string;
  sharePercentage: number;
  uboPercentage: number;
  trustStatus: string;
  riskStatus: string;
  createdAt: string;
  updatedAt: string;
}

interface TrustRow {
  id: string;
  entity_id: string;
  node_guid: string;
  trust_name: string;
  share_percentage: number;
  ubo_percentage: number;
  trust_status: string;
  risk_status: string;
  created_at: string;
  updated_at: string;
}

const toTrust = (r: TrustRow): EntityTrust => ({
  id: r.id,
  entityId: r.entity_id,
  nodeGuid: r.node_guid,
  trustName: r.trust_name,
  sharePercentage: r.share_percentage,
  uboPercentage: r.ubo_percentage,
  trustStatus: r.trust_status,
  riskStatus: r.risk_status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class TrustRepository {
  constructor(private readonly db: Db) {}

  listForEntity(entityId: string): EntityTrust[] {
    return (
      this.db
        .prepare('SELECT * FROM entity_trusts WHERE entity_id = ? ORDER BY created_at, rowid')
        .all(entityId) as TrustRow[]
    ).map(toTrust);
  }

  upsert(trust: EntityTrust): void {
    this.db
      .prepare(
        `INSERT INTO entity_trusts (id, entity_id, node_guid, trust_name, share_percentage, ubo_percentage, trust_status, risk_status, created_at, updated_at)
         VALUES (@id, @entityId, @nodeGuid, @trustName, @sharePercentage, @uboPercentage, @trustStatus, @riskStatus, @createdAt, @updatedAt)
         ON CONFLICT(id) DO UPDATE SET trust_name = excluded.trust_name, share_percentage = excluded.share_percentage,
           ubo_percentage = excluded.ubo_percentage, updated_at = excluded.updated_at`,
      )
      .run(trust);
  }
}
