// Metadata of entity and UBO documents; the bytes are in the FileStore under generated names.
import type { Db } from './db.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import { bool } from './json.js';

export type DocumentOwner = 'entity' | 'ubo';

export interface StoredDocument {
  id: number;
  ownerId: string;
  groupId: number;
  typeId: number;
  filename: string;
  storedName: string;
  mimeType: string;
  size: number;
  additional: boolean;
  active: boolean;
  uploadDate: string;
}

interface DocumentRow {
  id: number;
  owner_id: string;
  group_id: number;
  type_id: number;
  filename: string;
  stored_name: string;
  mime_type: string;
  size: number;
  additional: number;
  active: number;
  upload_date: string;
}

const toDocument = (r: DocumentRow): StoredDocument => ({
  id: r.id,
  ownerId: r.owner_id,
  groupId: r.group_id,
  typeId: r.type_id,
  filename: r.filename,
  storedName: r.stored_name,
  mimeType: r.mime_type,
  size: r.size,
  additional: bool(r.additional),
  active: bool(r.active),
  uploadDate: r.upload_date,
});

// Table and owner column per kind; both tables share every other column.
const TABLES: Record<DocumentOwner, { table: string; owner: string; ownerTable: string }> = {
  entity: { table: 'entity_documents', owner: 'entity_id', ownerTable: 'entities' },
  ubo: { table: 'ubo_documents', owner: 'ubo_id', ownerTable: 'ubos' },
};

/**
 * The distinct groups of an owner's active documents as a loose index scan: each step asks the
 * (owner, active, group) index for the next larger group, so the cost follows the number of groups,
 * not of documents. Parameters: the owner id, twice.
 */
export function distinctActiveGroups(table: string, ownerColumn: string): string {
  return `WITH RECURSIVE g(groupId) AS (
      SELECT MIN(group_id) FROM ${table} WHERE ${ownerColumn} = ? AND active = 1
      UNION ALL
      SELECT (SELECT MIN(group_id) FROM ${table} WHERE ${ownerColumn} = ? AND active = 1 AND group_id > g.groupId)
      FROM g WHERE g.groupId IS NOT NULL
    )
    SELECT groupId FROM g WHERE groupId IS NOT NULL`;
}

export class DocumentRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  insert(kind: DocumentOwner, doc: Omit<StoredDocument, 'id' | 'active'>): number {
    const t = TABLES[kind];
    const result = this.db
      .prepare(
        `INSERT INTO ${t.table} (${t.owner}, group_id, type_id, filename, stored_name, mime_type, size, additional, active, upload_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      )
      .run(
        doc.ownerId,
        doc.groupId,
        doc.typeId,
        doc.filename,
        doc.storedName,
        doc.mimeType,
        doc.size,
        doc.additional ? 1 : 0,
        doc.uploadDate,
      );
    return Number(result.lastInsertRowid);
  }

  /** An active document, only when its owner belongs to the partner. */
  get(kind: DocumentOwner, partnerId: string, id: number): StoredDocument | undefined {
    const t = TABLES[kind];
    const row = this.db
      .prepare(
        `SELECT d.*, d.${t.owner} AS owner_id FROM ${t.table} d JOIN ${t.ownerTable} o ON o.id = d.${t.owner}
         WHERE d.id = ? AND d.active = 1 AND o.partner_id = ?`,
      )
      .get(id, partnerId) as DocumentRow | undefined;
    return row && toDocument(row);
  }

  listActive(kind: DocumentOwner, ownerId: string): StoredDocument[] {
    const t = TABLES[kind];
    const rows = this.db
      .prepare(
        `SELECT *, ${t.owner} AS owner_id FROM ${t.table} WHERE ${t.owner} = ? AND active = 1 ORDER BY id`,
      )
      .all(ownerId) as DocumentRow[];
    return rows.map(toDocument);
  }

  /** The groups with an active document, for required-document checks that need nothing more. */
  activeGroupIds(kind: DocumentOwner, ownerId: string): Array<{ groupId: number }> {
    const t = TABLES[kind];
    return this.db.prepare(distinctActiveGroups(t.table, t.owner)).all(ownerId, ownerId) as Array<{
      groupId: number;
    }>;
  }

  softDelete(kind: DocumentOwner, id: number): void {
    const t = TABLES[kind];
    this.db
      .prepare(`UPDATE ${t.table} SET active = 0, deleted_at = ? WHERE id = ?`)
      .run(isoNow(this.clock), id);
  }
}
