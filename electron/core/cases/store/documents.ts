// A case's documents: one row per captured document (its file name sealed under the case's key), read
// by owner, by page in the screens' order, by state tallies, and noted when written so the screens
// are told which changed.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type {
  DocPair,
  DocumentCounts,
  DocumentCursor,
  DocumentOwner,
  DocumentState,
} from '../../../../shared/ipc/model.js';
import { statement } from '../../../../node-shared/sqlite/statements.js';
import { DocumentOwnerSchema } from './document-owner.js';
import { ServerIdTakenError, serverIdTakenByOther } from './document-claims.js';
import type { SealedFields } from './sealed-fields.js';

/**
 * What a checklist needs to know of one owner's documents (those not removed): how many serve each
 * document group in each state, and for a group whose every document was refused or not sent, why
 * the last one was. The case's screen reads it from tallies (DocumentStore.documentFactsOf); documents
 * in hand give the same answer through checklists.ts's ownerDocumentsOf.
 */
export interface OwnerDocuments {
  groups: ReadonlyMap<number, Readonly<Partial<Record<DocumentState, number>>>>;
  lastFailure(groupId: number): string | null;
}

export interface StoredDocument {
  id: string;
  caseId: string;
  owner: DocumentOwner;
  pairs: DocPair[];
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  pageCount: number;
  vaultId: string | null;
  state: DocumentState;
  error: string | null;
  serverIds: number[];
  capturedAt: string;
  removed: boolean;
}

interface DocumentRow {
  id: string;
  case_id: string;
  owner_kind: 'entity' | 'ubo' | 'individual';
  ubo_id: string | null;
  pairs: string;
  filename: string;
  mime_type: string;
  size: number;
  sha256: string;
  page_count: number;
  vault_id: string | null;
  state: DocumentState;
  error: string | null;
  server_ids: string;
  captured_at: string;
  removed: number;
}

const PairsSchema = z.array(z.object({ groupId: z.number().int(), typeId: z.number().int() }));
const ServerIdsSchema = z.array(z.number().int());
/** The states of a document not (or no longer) on the service, removed ones aside. */
const UNSENT_STATES = `('captured', 'queued', 'uploading', 'failed')`;

/** One owner's documents among a case's (`ubo_id IS ?` matches the null of the others). */
const OWNER_WHERE = 'case_id = ? AND owner_kind = ? AND ubo_id IS ? AND removed = 0';
const ownerParams = (caseId: string, owner: DocumentOwner) =>
  [caseId, owner.kind, owner.kind === 'ubo' ? owner.uboId : null] as const;

// A page of one owner's documents in the screens' order, from the documents_page index (migration
// 013): those not on the service, then those on file, each in the order captured. The part is an
// equality on the index's expression and the rest a range, so a page reads its own rows only.
const PAGE_PART = `SELECT * FROM documents INDEXED BY documents_page
  WHERE ${OWNER_WHERE} AND (state = 'on-file') = ? AND (captured_at, id) > (?, ?)
  ORDER BY captured_at, id LIMIT ?`;

/** Where one document stands, as the service's list is compared with it (DocumentStore.documentStandings). */
export interface DocumentStanding {
  id: string;
  size: number;
  state: DocumentState;
  removed: boolean;
  serverIds: number[];
  /** Decrypted when called. */
  filename(): string;
}

/** More documents of one case written since the screens were last told than an event names. */
const MOST_CHANGED = 200;

export class DocumentStore {
  constructor(
    private readonly db: Database.Database,
    private readonly sealed: SealedFields,
  ) {
    // The documents written (or read: document_readings) since each case was last told
    // (takeChangedDocuments), noted by triggers of this connection whoever writes them; a
    // rolled-back write takes its note with it.
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS changed_documents (
        case_id TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (case_id, id)) WITHOUT ROWID;
      CREATE TEMP TRIGGER IF NOT EXISTS changed_documents_inserted AFTER INSERT ON main.documents BEGIN
        INSERT OR IGNORE INTO changed_documents (case_id, id) VALUES (NEW.case_id, NEW.id);
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS changed_documents_updated AFTER UPDATE ON main.documents BEGIN
        INSERT OR IGNORE INTO changed_documents (case_id, id) VALUES (NEW.case_id, NEW.id);
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS changed_documents_deleted AFTER DELETE ON main.documents BEGIN
        INSERT OR IGNORE INTO changed_documents (case_id, id) VALUES (OLD.case_id, OLD.id);
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS changed_documents_read AFTER INSERT ON main.document_readings BEGIN
        INSERT OR IGNORE INTO changed_documents (case_id, id) VALUES (NEW.case_id, NEW.document_id);
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS changed_documents_read_again AFTER UPDATE ON main.document_readings BEGIN
        INSERT OR IGNORE INTO changed_documents (case_id, id) VALUES (NEW.case_id, NEW.document_id);
      END;
    `);
  }

  insertDocument(d: StoredDocument): void {
    statement(
      this.db,
      `INSERT INTO documents (id, case_id, owner_kind, ubo_id, pairs, filename, mime_type, size, sha256, page_count,
          vault_id, state, error, server_ids, captured_at, removed)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      d.id,
      d.caseId,
      d.owner.kind,
      d.owner.kind === 'ubo' ? d.owner.uboId : null,
      JSON.stringify(d.pairs),
      this.sealed.sealText(d.caseId, d.filename, `documents.filename:${d.id}`),
      d.mimeType,
      d.size,
      d.sha256,
      d.pageCount,
      d.vaultId,
      d.state,
      d.error,
      JSON.stringify(d.serverIds),
      d.capturedAt,
      d.removed ? 1 : 0,
    );
  }

  private documentFromRow(row: DocumentRow): StoredDocument {
    return {
      id: row.id,
      caseId: row.case_id,
      owner: DocumentOwnerSchema.parse(
        row.owner_kind === 'ubo' ? { kind: 'ubo', uboId: row.ubo_id } : { kind: row.owner_kind },
      ),
      pairs: PairsSchema.parse(JSON.parse(row.pairs)),
      filename: this.sealed.openText(row.case_id, row.filename, `documents.filename:${row.id}`),
      mimeType: row.mime_type,
      size: row.size,
      sha256: row.sha256,
      pageCount: row.page_count,
      vaultId: row.vault_id,
      state: row.state,
      error: row.error,
      serverIds: ServerIdsSchema.parse(JSON.parse(row.server_ids)),
      capturedAt: row.captured_at,
      removed: row.removed === 1,
    };
  }

  getDocument(id: string): StoredDocument | null {
    const row = statement(this.db, 'SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined;
    return row ? this.documentFromRow(row) : null;
  }

  listDocuments(caseId: string, includeRemoved = false): StoredDocument[] {
    const rows = statement(
      this.db,
      'SELECT * FROM documents WHERE case_id = ? ORDER BY captured_at, rowid',
    ).all(caseId) as DocumentRow[];
    return rows.map((r) => this.documentFromRow(r)).filter((d) => includeRemoved || !d.removed);
  }

  /**
   * A page of one owner's documents (not removed) in the order the screens show them: those not on
   * the service first, then those on file, each part in the order captured; after `after`, or from
   * the first. Reads the page's rows only, however many documents the owner has.
   */
  documentPage(
    caseId: string,
    owner: DocumentOwner,
    after: DocumentCursor | null,
    limit: number,
  ): StoredDocument[] {
    const part = (sent: boolean, capturedAt: string, id: string, wanted: number) =>
      (
        statement(this.db, PAGE_PART).all(
          ...ownerParams(caseId, owner),
          sent ? 1 : 0,
          capturedAt,
          id,
          wanted,
        ) as DocumentRow[]
      ).map((r) => this.documentFromRow(r));
    const rows = after && after.sent ? [] : part(false, after?.capturedAt ?? '', after?.id ?? '', limit);
    if (rows.length < limit)
      rows.push(
        ...(after?.sent
          ? part(true, after.capturedAt, after.id, limit)
          : part(true, '', '', limit - rows.length)),
      );
    return rows;
  }

  /**
   * One owner's documents as the service's list is compared with them (removed ones included), in
   * the order captured: what says where each stands, read without decrypting anything, so a case of
   * ten thousand documents is compared in milliseconds. `filename` decrypts on demand.
   */
  documentStandings(caseId: string, owner: DocumentOwner): DocumentStanding[] {
    const rows = statement(
      this.db,
      `SELECT id, case_id, filename, size, state, removed, server_ids FROM documents
        WHERE case_id = ? AND owner_kind = ? AND ubo_id IS ? ORDER BY captured_at, rowid`,
    ).all(...ownerParams(caseId, owner)) as Pick<
      DocumentRow,
      'id' | 'case_id' | 'filename' | 'size' | 'state' | 'removed' | 'server_ids'
    >[];
    return rows.map((r) => ({
      id: r.id,
      size: r.size,
      state: r.state,
      removed: r.removed === 1,
      serverIds: ServerIdsSchema.parse(JSON.parse(r.server_ids)),
      filename: () => this.sealed.openText(r.case_id, r.filename, `documents.filename:${r.id}`),
    }));
  }

  /**
   * What of the case's documents may change while its service record is read (which document is in
   * which state, removed or not, with which service ids), as one string compared before and after:
   * read by SQL alone, nothing decrypted.
   */
  documentsFingerprint(caseId: string): string {
    const row = statement(
      this.db,
      `SELECT group_concat(id || ':' || state || ':' || removed || ':' || server_ids, ',') AS key
         FROM (SELECT id, state, removed, server_ids FROM documents WHERE case_id = ? ORDER BY rowid)`,
    ).get(caseId) as { key: string | null };
    return row.key ?? '';
  }

  /** The named documents of a case that are still there (not removed), in no particular order. */
  documentsNamed(caseId: string, ids: readonly string[]): StoredDocument[] {
    if (ids.length === 0) return [];
    return (
      statement(
        this.db,
        'SELECT * FROM documents WHERE id IN (SELECT value FROM json_each(?)) AND case_id = ? AND removed = 0',
      ).all(JSON.stringify(ids), caseId) as DocumentRow[]
    ).map((r) => this.documentFromRow(r));
  }

  /** Each owner's documents (not removed) counted by state, from the tallies the triggers keep. */
  documentCountsOf(caseId: string): (owner: DocumentOwner) => DocumentCounts {
    const rows = statement(
      this.db,
      'SELECT owner_kind, ubo_key, state, count FROM document_state_tallies WHERE case_id = ? AND count > 0',
    ).all(caseId) as { owner_kind: string; ubo_key: string; state: DocumentState; count: number }[];
    const byOwner = new Map<string, DocumentCounts>();
    for (const r of rows) {
      const key = `${r.owner_kind}:${r.ubo_key}`;
      const counts = byOwner.get(key) ?? { total: 0, byState: {} };
      counts.byState[r.state] = r.count;
      counts.total += r.count;
      byOwner.set(key, counts);
    }
    return (owner) =>
      byOwner.get(`${owner.kind}:${owner.kind === 'ubo' ? owner.uboId : ''}`) ?? { total: 0, byState: {} };
  }

  /**
   * Each owner's documents as the checklists see them, from the tallies by document group; the
   * problem of a group whose every document was refused is read when asked, from the owner's
   * refused documents, newest first.
   */
  documentFactsOf(caseId: string): (owner: DocumentOwner) => OwnerDocuments {
    const rows = statement(
      this.db,
      `SELECT owner_kind, ubo_key, group_id, state, count FROM document_group_tallies
        WHERE case_id = ? AND count > 0`,
    ).all(caseId) as {
      owner_kind: string;
      ubo_key: string;
      group_id: number;
      state: DocumentState;
      count: number;
    }[];
    const byOwner = new Map<string, Map<number, Partial<Record<DocumentState, number>>>>();
    for (const r of rows) {
      const key = `${r.owner_kind}:${r.ubo_key}`;
      const groups = byOwner.get(key) ?? new Map<number, Partial<Record<DocumentState, number>>>();
      const counts = groups.get(r.group_id) ?? {};
      counts[r.state] = r.count;
      groups.set(r.group_id, counts);
      byOwner.set(key, groups);
    }
    return (owner) => ({
      groups: byOwner.get(`${owner.kind}:${owner.kind === 'ubo' ? owner.uboId : ''}`) ?? new Map(),
      lastFailure: (groupId) => {
        const row = statement(
          this.db,
          `SELECT error FROM documents INDEXED BY documents_failed
            WHERE ${OWNER_WHERE} AND state = 'failed'
              AND EXISTS (SELECT 1 FROM json_each(pairs) WHERE json_extract(value, '$.groupId') = ?)
            ORDER BY captured_at DESC, rowid DESC LIMIT 1`,
        ).get(...ownerParams(caseId, owner), groupId) as { error: string | null } | undefined;
        return row?.error ?? null;
      },
    });
  }

  /**
   * The ids of the case's documents written since the last call for the case (added, changed or
   * deleted), or null when more than an event names: the screens then read again what they show.
   */
  takeChangedDocuments(caseId: string): string[] | null {
    const ids = (
      statement(this.db, 'DELETE FROM changed_documents WHERE case_id = ? RETURNING id').all(caseId) as {
        id: string;
      }[]
    ).map((r) => r.id);
    return ids.length > MOST_CHANGED ? null : ids;
  }

  /**
   * The case's documents of this content not (or not yet) on the service, removed ones aside, in no
   * particular order: an index range per state (documents_content_state), so the copies already
   * sent are never read.
   */
  unsentWithContent(caseId: string, sha256: string, size: number): StoredDocument[] {
    return (
      statement(
        this.db,
        `SELECT * FROM documents INDEXED BY documents_content_state
          WHERE case_id = ? AND sha256 = ? AND size = ? AND state IN ${UNSENT_STATES} AND removed = 0`,
      ).all(caseId, sha256, size) as DocumentRow[]
    ).map((r) => this.documentFromRow(r));
  }

  saveDocumentState(
    id: string,
    fields: {
      state?: DocumentState;
      error?: string | null;
      serverIds?: number[];
      removed?: boolean;
      vaultId?: string | null;
    },
  ): void {
    if (fields.serverIds?.length) {
      const taken = serverIdTakenByOther(this.db, id, fields.serverIds);
      // A second local document pointing at one service document would lose a copy and delete
      // the other's: refused here whatever the caller.
      if (taken !== undefined) throw new ServerIdTakenError(taken);
    }
    this.writeDocumentState(id, fields);
  }

  /** saveDocumentState's write, for a caller that has checked the service ids itself. */
  private writeDocumentState(id: string, fields: Parameters<DocumentStore['saveDocumentState']>[1]): void {
    const current = statement(
      this.db,
      'SELECT state, error, server_ids, removed, vault_id FROM documents WHERE id = ?',
    ).get(id) as Pick<DocumentRow, 'state' | 'error' | 'server_ids' | 'removed' | 'vault_id'> | undefined;
    if (!current) return;
    statement(
      this.db,
      'UPDATE documents SET state = ?, error = ?, server_ids = ?, removed = ?, vault_id = ? WHERE id = ?',
    ).run(
      fields.state ?? current.state,
      fields.error === undefined ? current.error : fields.error,
      fields.serverIds ? JSON.stringify(fields.serverIds) : current.server_ids,
      fields.removed === undefined ? current.removed : fields.removed ? 1 : 0,
      fields.vaultId === undefined ? current.vault_id : fields.vaultId,
      id,
    );
  }

  /** A document whose upload starts shows it, unless it was removed meanwhile. */
  markUploading(id: string): void {
    statement(
      this.db,
      "UPDATE documents SET state = 'uploading', error = NULL WHERE id = ? AND removed = 0",
    ).run(id);
  }

  setDocumentState(id: string, state: DocumentState, error: string | null): void {
    statement(this.db, 'UPDATE documents SET state = ?, error = ? WHERE id = ?').run(state, error, id);
  }

  deleteDocument(id: string): void {
    statement(this.db, 'DELETE FROM documents WHERE id = ?').run(id);
  }

  /** Vault ids of the files of a case's documents. */
  vaultIdsOf(caseId: string): string[] {
    const rows = statement(
      this.db,
      'SELECT vault_id FROM documents WHERE case_id = ? AND vault_id IS NOT NULL',
    ).all(caseId) as { vault_id: string }[];
    return rows.map((r) => r.vault_id);
  }
}
