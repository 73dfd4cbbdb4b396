// Drafts: the pages of a document still being scanned, sealed under the case's key, until it is
// submitted as one document.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { DocumentOwner } from '../../../../shared/ipc/model.js';
import { statement } from '../../../../node-shared/sqlite/statements.js';
import { DraftPageRecordSchema, type DraftPageRecord } from '../case-data.js';
import { DocumentOwnerSchema } from './document-owner.js';
import type { SealedFields } from './sealed-fields.js';

export interface StoredDraft {
  id: string;
  caseId: string;
  owner: DocumentOwner;
  pages: DraftPageRecord[];
  createdAt: string;
}

export class DraftStore {
  constructor(
    private readonly db: Database.Database,
    private readonly sealed: SealedFields,
  ) {}

  insertDraft(d: StoredDraft): void {
    statement(
      this.db,
      'INSERT INTO drafts (id, case_id, owner, pages, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(
      d.id,
      d.caseId,
      JSON.stringify(d.owner),
      this.sealed.seal(d.caseId, d.pages, `drafts.pages:${d.id}`),
      d.createdAt,
    );
  }

  getDraft(id: string): StoredDraft | null {
    const row = statement(this.db, 'SELECT * FROM drafts WHERE id = ?').get(id) as
      { id: string; case_id: string; owner: string; pages: string; created_at: string } | undefined;
    if (!row) return null;
    return {
      id: row.id,
      caseId: row.case_id,
      owner: DocumentOwnerSchema.parse(JSON.parse(row.owner)),
      pages: this.sealed.open(
        row.case_id,
        row.pages,
        `drafts.pages:${row.id}`,
        z.array(DraftPageRecordSchema),
      ),
      createdAt: row.created_at,
    };
  }

  /** Every draft of every case, for work that outlives a restart. */
  listDraftIds(): string[] {
    return (statement(this.db, 'SELECT id FROM drafts').all() as { id: string }[]).map((r) => r.id);
  }

  listDrafts(caseId: string): StoredDraft[] {
    const ids = statement(this.db, 'SELECT id FROM drafts WHERE case_id = ?').all(caseId) as { id: string }[];
    return ids.map((r) => this.getDraft(r.id)).filter((d): d is StoredDraft => d !== null);
  }

  saveDraftPages(id: string, pages: DraftPageRecord[]): void {
    const row = statement(this.db, 'SELECT case_id FROM drafts WHERE id = ?').get(id) as
      { case_id: string } | undefined;
    if (!row) return;
    statement(this.db, 'UPDATE drafts SET pages = ? WHERE id = ?').run(
      this.sealed.seal(row.case_id, pages, `drafts.pages:${id}`),
      id,
    );
  }

  deleteDraft(id: string): void {
    statement(this.db, 'DELETE FROM drafts WHERE id = ?').run(id);
  }
}
