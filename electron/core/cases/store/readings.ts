// What was read on documents (their text and fields), sealed under the case's key, and which
// documents are still to be read.
import type Database from 'better-sqlite3';
import { statement } from '../../../../node-shared/sqlite/statements.js';
import { DocumentTextRecordSchema, type DocumentTextRecord } from '../case-data.js';
import type { SealedFields } from './sealed-fields.js';

export class ReadingStore {
  constructor(
    private readonly db: Database.Database,
    private readonly sealed: SealedFields,
  ) {}

  saveReading(documentId: string, caseId: string, reading: DocumentTextRecord, readAt: string): void {
    statement(
      this.db,
      `INSERT INTO document_readings (document_id, case_id, data, read_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (document_id) DO UPDATE SET data = excluded.data, read_at = excluded.read_at`,
    ).run(
      documentId,
      caseId,
      this.sealed.seal(caseId, reading, `document_readings.data:${documentId}`),
      readAt,
    );
  }

  /** The kept readings of the named documents of a case, by document id. */
  readingsOfDocuments(caseId: string, ids: readonly string[]): Map<string, DocumentTextRecord> {
    const rows = statement(
      this.db,
      `SELECT document_id, data FROM document_readings
        WHERE document_id IN (SELECT value FROM json_each(?)) AND case_id = ?`,
    ).all(JSON.stringify(ids), caseId) as { document_id: string; data: string }[];
    return new Map(
      rows.map((r) => [
        r.document_id,
        this.sealed.open(caseId, r.data, `document_readings.data:${r.document_id}`, DocumentTextRecordSchema),
      ]),
    );
  }

  /**
   * Documents whose file is here and not removed, with no reading yet, oldest first: of one case,
   * or of every case those not yet on the service.
   */
  unreadDocuments(caseId?: string): { id: string; caseId: string }[] {
    const unread = `SELECT d.id, d.case_id FROM documents d JOIN case_keys k ON k.case_id = d.case_id
       WHERE d.vault_id IS NOT NULL AND d.removed = 0
         AND NOT EXISTS (SELECT 1 FROM document_readings r WHERE r.document_id = d.id)`;
    const rows = (
      caseId === undefined
        ? statement(this.db, `${unread} AND d.state <> 'on-file' ORDER BY d.captured_at, d.rowid`).all()
        : statement(this.db, `${unread} AND d.case_id = ? ORDER BY d.captured_at, d.rowid`).all(caseId)
    ) as { id: string; case_id: string }[];
    return rows.map((r) => ({ id: r.id, caseId: r.case_id }));
  }
}
