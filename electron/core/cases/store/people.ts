// The people of an entity application (its owners and related persons, the service's UBOs), in
// their order on the case, their details sealed under the case's key.
import type Database from 'better-sqlite3';
import { statement } from '../../../../node-shared/sqlite/statements.js';
import { UboDataSchema, type UboData } from '../case-data.js';
import type { SealedFields } from './sealed-fields.js';

export interface StoredUbo {
  id: string;
  caseId: string;
  position: number;
  serverId: string | null;
  origin: 'registry' | 'manual' | 'organigram';
  removed: boolean;
  data: UboData;
}

interface UboRow {
  id: string;
  case_id: string;
  position: number;
  server_id: string | null;
  origin: StoredUbo['origin'];
  removed: number;
  data: string;
}

export class PeopleStore {
  constructor(
    private readonly db: Database.Database,
    private readonly sealed: SealedFields,
  ) {}

  insertUbo(u: StoredUbo): void {
    statement(
      this.db,
      'INSERT INTO ubos (id, case_id, position, server_id, origin, removed, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      u.id,
      u.caseId,
      u.position,
      u.serverId,
      u.origin,
      u.removed ? 1 : 0,
      this.sealed.seal(u.caseId, u.data, `ubos.data:${u.id}`),
    );
  }

  private uboFromRow(row: UboRow): StoredUbo {
    return {
      id: row.id,
      caseId: row.case_id,
      position: row.position,
      serverId: row.server_id,
      origin: row.origin,
      removed: row.removed === 1,
      data: this.sealed.open(row.case_id, row.data, `ubos.data:${row.id}`, UboDataSchema),
    };
  }

  getUbo(id: string): StoredUbo | null {
    const row = statement(this.db, 'SELECT * FROM ubos WHERE id = ?').get(id) as UboRow | undefined;
    return row ? this.uboFromRow(row) : null;
  }

  listUbos(caseId: string, includeRemoved = false): StoredUbo[] {
    const rows = statement(this.db, 'SELECT * FROM ubos WHERE case_id = ? ORDER BY position').all(
      caseId,
    ) as UboRow[];
    return rows.map((r) => this.uboFromRow(r)).filter((u) => includeRemoved || !u.removed);
  }

  saveUbo(u: StoredUbo): void {
    statement(this.db, 'UPDATE ubos SET server_id = ?, removed = ?, data = ? WHERE id = ?').run(
      u.serverId,
      u.removed ? 1 : 0,
      this.sealed.seal(u.caseId, u.data, `ubos.data:${u.id}`),
      u.id,
    );
  }

  deleteUbo(id: string): void {
    statement(this.db, 'DELETE FROM ubos WHERE id = ?').run(id);
  }

  nextUboPosition(caseId: string): number {
    const row = statement(
      this.db,
      'SELECT COALESCE(MAX(position), 0) + 1 AS next FROM ubos WHERE case_id = ?',
    ).get(caseId) as {
      next: number;
    };
    return row.next;
  }
}
