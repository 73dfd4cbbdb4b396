// Rows of cases, people, documents and drafts, with their personal data (the title too) encrypted
// per row under the case's own key (vault/case-keys.ts). A case whose key the retention purge has
// destroyed is no longer listed or read. All methods are synchronous (better-sqlite3), so a caller
// can combine several in one transaction with the job it enqueues.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type {
  DocPair,
  DocumentCounts,
  DocumentCursor,
  DocumentOwner,
  DocumentState,
} from '../../../shared/ipc/model.js';
import type { OwnerDocuments } from './checklists.js';
import {
  CaseDataSchema,
  DocumentTextRecordSchema,
  DraftPageRecordSchema,
  UboDataSchema,
  type CaseData,
  type DocumentTextRecord,
  type DraftPageRecord,
  type UboData,
} from './case-data.js';
import { statement } from '../../../node-shared/sqlite/statements.js';

export type Db = Database.Database;

/** A service document id recorded for a second local document. */
export class ServerIdTakenError extends Error {
  override readonly name = 'ServerIdTakenError';
  constructor(readonly serverId: number) {
    super(`Service document ${serverId} already belongs to another document of this case`);
  }
}

/** Encryption of single values with one case's key; a FieldCipher in production. */
export interface CaseCipher {
  encrypt(plaintext: string, context?: string): string;
  decrypt(payload: string, context?: string): string;
}

/** The case keys (CaseKeys): `forCase` creates a missing key, `existing` is null once destroyed. */
export interface CaseCiphers {
  forCase(caseId: string): CaseCipher;
  existing(caseId: string): CaseCipher | null;
}

/** A row of a case whose key was destroyed by the purge: its personal data is gone for good. */
export class CaseDataDestroyedError extends Error {
  override readonly name = 'CaseDataDestroyedError';
  constructor(readonly caseId: string) {
    super('The personal data of this case was removed from this computer after the retention period.');
  }
}

const WITH_KEY = 'SELECT c.* FROM cases c JOIN case_keys k ON k.case_id = c.id';

/** What the case list narrows on in SQL: the columns the status refresh keeps current. */
export interface CaseColumnsFilter {
  kind?: 'entity' | 'individual';
  status?: string;
  origin?: 'captured' | 'desk';
}

function columnsWhere(profileId: string, filter: CaseColumnsFilter): { where: string; params: string[] } {
  const clauses = ['c.profile_id = ?'];
  const params = [profileId];
  if (filter.kind) {
    clauses.push('c.kind = ?');
    params.push(filter.kind);
  }
  if (filter.status) {
    clauses.push('c.status = ?');
    params.push(filter.status);
  }
  if (filter.origin) {
    clauses.push('c.origin = ?');
    params.push(filter.origin);
  }
  return { where: clauses.join(' AND '), params };
}

/** Captured on this laptop, or opened from the service on the reviewer's desk. */
export type CaseOrigin = 'captured' | 'desk';

export interface StoredCase {
  id: string;
  kind: 'entity' | 'individual';
  origin: CaseOrigin;
  profileId: string | null;
  title: string;
  clientReference: string;
  status: string;
  serverId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  blockedReason: string | null;
  decidedAt: string | null;
  purgedAt: string | null;
  reportCachedAt: string | null;
  data: CaseData;
}

export interface StoredUbo {
  id: string;
  caseId: string;
  position: number;
  serverId: string | null;
  origin: 'registry' | 'manual' | 'organigram';
  removed: boolean;
  data: UboData;
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

export interface StoredDraft {
  id: string;
  caseId: string;
  owner: DocumentOwner;
  pages: DraftPageRecord[];
  createdAt: string;
}

interface CaseRow {
  id: string;
  kind: 'entity' | 'individual';
  origin: CaseOrigin;
  profile_id: string | null;
  title: string;
  client_reference: string;
  status: string;
  server_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  blocked_reason: string | null;
  decided_at: string | null;
  purged_at: string | null;
  report_cached_at: string | null;
  data: string;
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
const OwnerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity') }),
  z.object({ kind: z.literal('ubo'), uboId: z.string() }),
  z.object({ kind: z.literal('individual') }),
]);

/**
 * A deep copy of a value parsed from JSON (objects, arrays and primitives only): several times
 * quicker than structuredClone for the small records the queue reads a few times per job.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}

// A service document id that another document of the case (same owner kind) holds: one id, or any
// of a JSON list of them.
const HELD_BY_OTHER = `SELECT held.server_id AS taken FROM documents AS me JOIN document_server_ids AS held
  ON held.case_id = me.case_id AND held.owner_kind = me.owner_kind AND held.document_id <> me.id
  WHERE me.id = ? AND held.server_id`;
const ONE_HELD_BY_OTHER = `${HELD_BY_OTHER} = ? LIMIT 1`;
const ANY_HELD_BY_OTHER = `${HELD_BY_OTHER} IN (SELECT value FROM json_each(?)) LIMIT 1`;

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

/** Where one document stands, as the service's list is compared with it (CaseStore.documentStandings). */
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

export class CaseStore {
  constructor(
    readonly db: Db,
    private readonly keys: CaseCiphers,
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

  private seal(caseId: string, value: unknown, context: string): string {
    return this.keys.forCase(caseId).encrypt(JSON.stringify(value), context);
  }

  private decrypt(caseId: string, payload: string, context: string): string {
    const cipher = this.keys.existing(caseId);
    if (!cipher) throw new CaseDataDestroyedError(caseId);
    return cipher.decrypt(payload, context);
  }

  /**
   * The last decrypted, validated value of each encrypted field (by its context, which names the
   * row), with the ciphertext it came from: a write changes the ciphertext, so a stale value is
   * never answered. The queue and the case list re-read the same rows many times a second.
   */
  private readonly opened = new Map<string, { payload: string; value: unknown }>();

  /** Callers get a copy they may change. */
  private open<S extends z.ZodType>(
    caseId: string,
    payload: string,
    context: string,
    schema: S,
  ): z.output<S> {
    let entry = this.opened.get(context);
    if (entry?.payload !== payload) {
      entry = { payload, value: schema.parse(JSON.parse(this.decrypt(caseId, payload, context))) };
      this.remember(context, entry);
    }
    return copyJson(entry.value) as z.output<S>;
  }

  /** A decrypted text, from the same cache (a string needs no copy). */
  private openText(caseId: string, payload: string, context: string): string {
    let entry = this.opened.get(context);
    if (entry?.payload !== payload) {
      entry = { payload, value: this.decrypt(caseId, payload, context) };
      this.remember(context, entry);
    }
    return entry.value as string;
  }

  /** Bounded: the case list reads each case's title and data at least twice per call, for a few
   * thousand cases (beyond that the cache starts afresh). */
  private remember(context: string, entry: { payload: string; value: unknown }): void {
    if (this.opened.size >= 4000 && !this.opened.has(context)) this.opened.clear();
    this.opened.set(context, entry);
  }

  /** Drops every decrypted value kept (when a case's key is destroyed). */
  forgetDecrypted(): void {
    this.opened.clear();
  }

  // ---- cases
  insertCase(c: Omit<StoredCase, 'data' | 'origin'> & { data: CaseData; origin?: CaseOrigin }): void {
    statement(
      this.db,
      `INSERT INTO cases (id, kind, origin, profile_id, title, client_reference, status, server_id, created_by,
          created_at, updated_at, blocked_reason, decided_at, purged_at, report_cached_at, data)
         VALUES (@id, @kind, @origin, @profileId, @title, @clientReference, @status, @serverId, @createdBy,
          @createdAt, @updatedAt, @blockedReason, @decidedAt, @purgedAt, @reportCachedAt, @data)`,
    ).run({
      ...c,
      origin: c.origin ?? 'captured',
      title: this.keys.forCase(c.id).encrypt(c.title, `cases.title:${c.id}`),
      data: this.seal(c.id, c.data, `cases.data:${c.id}`),
    });
  }

  private caseFromRow(row: CaseRow): StoredCase {
    return {
      id: row.id,
      kind: row.kind,
      origin: row.origin,
      profileId: row.profile_id,
      title: this.openText(row.id, row.title, `cases.title:${row.id}`),
      clientReference: row.client_reference,
      status: row.status,
      serverId: row.server_id,
      createdBy: row.created_by,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      blockedReason: row.blocked_reason,
      decidedAt: row.decided_at,
      purgedAt: row.purged_at,
      reportCachedAt: row.report_cached_at,
      data: this.open(row.id, row.data, `cases.data:${row.id}`, CaseDataSchema),
    };
  }

  getCase(id: string): StoredCase | null {
    const row = statement(this.db, `${WITH_KEY} WHERE c.id = ?`).get(id) as CaseRow | undefined;
    return row ? this.caseFromRow(row) : null;
  }

  listCases(): StoredCase[] {
    return (statement(this.db, `${WITH_KEY} ORDER BY c.updated_at DESC`).all() as CaseRow[]).map((r) =>
      this.caseFromRow(r),
    );
  }

  /** The environment's case of this service record (captured here or opened from the desk), if any. */
  caseOfService(profileId: string, kind: StoredCase['kind'], serverId: string): StoredCase | null {
    const row = statement(
      this.db,
      `${WITH_KEY} WHERE c.profile_id = ? AND c.server_id = ? AND c.kind = ? ORDER BY c.created_at LIMIT 1`,
    ).get(profileId, serverId, kind) as CaseRow | undefined;
    return row ? this.caseFromRow(row) : null;
  }

  /** The environment's cases opened from the service on the desk, newest first. */
  deskCasesOf(profileId: string): StoredCase[] {
    return (
      statement(
        this.db,
        `${WITH_KEY} WHERE c.profile_id = ? AND c.origin = 'desk' ORDER BY c.updated_at DESC`,
      ).all(profileId) as CaseRow[]
    ).map((r) => this.caseFromRow(r));
  }

  /** The cases of one environment profile, newest first. */
  listCasesOf(profileId: string): StoredCase[] {
    return (
      statement(this.db, `${WITH_KEY} WHERE c.profile_id = ? ORDER BY c.updated_at DESC`).all(
        profileId,
      ) as CaseRow[]
    ).map((r) => this.caseFromRow(r));
  }

  /**
   * One page of an environment's cases, newest first, narrowed by the kind and status columns
   * (the index on profile and update time): only the page's rows are read and decrypted.
   */
  pageOf(profileId: string, filter: CaseColumnsFilter, offset: number, limit: number): StoredCase[] {
    const { where, params } = columnsWhere(profileId, filter);
    return (
      statement(this.db, `${WITH_KEY} WHERE ${where} ORDER BY c.updated_at DESC LIMIT ? OFFSET ?`).all(
        ...params,
        limit,
        offset,
      ) as CaseRow[]
    ).map((r) => this.caseFromRow(r));
  }

  /** How many of an environment's cases match the kind and status columns. */
  countOf(profileId: string, filter: CaseColumnsFilter): number {
    const { where, params } = columnsWhere(profileId, filter);
    return (
      statement(
        this.db,
        `SELECT COUNT(*) AS n FROM cases c WHERE ${where} AND EXISTS (SELECT 1 FROM case_keys k WHERE k.case_id = c.id)`,
      ).get(...params) as { n: number }
    ).n;
  }

  /**
   * How many of an environment's cases match the kind and status columns, and how many of all its
   * cases need review: the two figures of the case list, in one read.
   */
  listCountsOf(profileId: string, filter: CaseColumnsFilter): { total: number; needsReview: number } {
    const { where, params } = columnsWhere(profileId, {});
    const matches = [filter.kind ? 'c.kind = ?' : '1', filter.status ? 'c.status = ?' : '1'].join(' AND ');
    const row = statement(
      this.db,
      `SELECT COALESCE(SUM(${matches}), 0) AS total, COALESCE(SUM(c.status = 'needs-review'), 0) AS needsReview
         FROM cases c WHERE ${where} AND EXISTS (SELECT 1 FROM case_keys k WHERE k.case_id = c.id)`,
    ).get(...[filter.kind, filter.status].filter((v): v is string => v !== undefined), ...params) as {
      total: number;
      needsReview: number;
    };
    return row;
  }

  /**
   * The ids, titles and references of the matching cases, newest first, for a search over the
   * titles (encrypted at rest): each title is decrypted once and kept while its row is unchanged,
   * and the case data is not read at all.
   */
  searchableOf(
    profileId: string,
    filter: CaseColumnsFilter,
  ): { id: string; title: string; clientReference: string }[] {
    const { where, params } = columnsWhere(profileId, filter);
    const rows = statement(
      this.db,
      `SELECT c.id, c.title, c.client_reference FROM cases c JOIN case_keys k ON k.case_id = c.id
        WHERE ${where} ORDER BY c.updated_at DESC`,
    ).all(...params) as Pick<CaseRow, 'id' | 'title' | 'client_reference'>[];
    return rows.map((r) => ({
      id: r.id,
      title: this.openText(r.id, r.title, `cases.title:${r.id}`),
      clientReference: r.client_reference,
    }));
  }

  /** The named cases of an environment that match the columns, newest first. */
  casesOf(profileId: string, filter: CaseColumnsFilter, ids: readonly string[]): StoredCase[] {
    if (ids.length === 0) return [];
    const { where, params } = columnsWhere(profileId, filter);
    const marks = ids.map(() => '?').join(', ');
    return (
      statement(this.db, `${WITH_KEY} WHERE ${where} AND c.id IN (${marks}) ORDER BY c.updated_at DESC`).all(
        ...params,
        ...ids,
      ) as CaseRow[]
    ).map((r) => this.caseFromRow(r));
  }

  /** Saves the case's changed fields; `data` is re-encrypted when given. */
  saveCase(c: StoredCase): void {
    statement(
      this.db,
      `UPDATE cases SET title = @title, client_reference = @clientReference, status = @status, server_id = @serverId,
          updated_at = @updatedAt, blocked_reason = @blockedReason, decided_at = @decidedAt, purged_at = @purgedAt,
          report_cached_at = @reportCachedAt, data = @data WHERE id = @id`,
    ).run({
      ...c,
      title: this.keys.forCase(c.id).encrypt(c.title, `cases.title:${c.id}`),
      data: this.seal(c.id, c.data, `cases.data:${c.id}`),
    });
  }

  // ---- people
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
      this.seal(u.caseId, u.data, `ubos.data:${u.id}`),
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
      data: this.open(row.case_id, row.data, `ubos.data:${row.id}`, UboDataSchema),
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
      this.seal(u.caseId, u.data, `ubos.data:${u.id}`),
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

  // ---- documents
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
      this.keys.forCase(d.caseId).encrypt(d.filename, `documents.filename:${d.id}`),
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
      owner: OwnerSchema.parse(
        row.owner_kind === 'ubo' ? { kind: 'ubo', uboId: row.ubo_id } : { kind: row.owner_kind },
      ),
      pairs: PairsSchema.parse(JSON.parse(row.pairs)),
      filename: this.openText(row.case_id, row.filename, `documents.filename:${row.id}`),
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
      filename: () => this.openText(r.case_id, r.filename, `documents.filename:${r.id}`),
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

  /**
   * Notes that copies of this content may be on the service that no document of the case holds, so
   * the next upload of an identical scan settles them (sync/document-jobs.ts); or, with `due` false,
   * that they are settled.
   */
  setFreeCopyCheck(caseId: string, sha256: string, size: number, due: boolean): void {
    statement(
      this.db,
      due
        ? 'INSERT OR IGNORE INTO free_copy_checks (case_id, sha256, size) VALUES (?, ?, ?)'
        : 'DELETE FROM free_copy_checks WHERE case_id = ? AND sha256 = ? AND size = ?',
    ).run(caseId, sha256, size);
  }

  /** Whether copies of this content on the service are still to be settled (one index probe). */
  freeCopyCheckDue(caseId: string, sha256: string, size: number): boolean {
    return (
      statement(this.db, 'SELECT 1 FROM free_copy_checks WHERE case_id = ? AND sha256 = ? AND size = ?').get(
        caseId,
        sha256,
        size,
      ) !== undefined
    );
  }

  /** Whether another document of the case (same owner kind) holds this service document id. */
  serverIdHeldByOther(id: string, serverId: number): boolean {
    return this.serverIdTakenByOther(id, [serverId]) !== undefined;
  }

  /** The first of `serverIds` another document of the case (same owner kind) holds, if any. */
  private serverIdTakenByOther(id: string, serverIds: number[]): number | undefined {
    // One index probe per id (document_server_ids, kept by triggers), however many documents the case
    // has; the usual claim (a document of one pair) probes its id without building a list first.
    const row = (
      serverIds.length === 1
        ? statement(this.db, ONE_HELD_BY_OTHER).get(id, serverIds[0])
        : statement(this.db, ANY_HELD_BY_OTHER).get(id, JSON.stringify(serverIds))
    ) as { taken: number } | undefined;
    return row?.taken;
  }

  /**
   * Gives the service documents `serverIds` to this document unless another document of the case
   * already holds one of them; answers whether it did. The check and the write are one statement
   * sequence on the single connection, so call it inside the transaction that records the answer.
   */
  claimServerIds(
    id: string,
    serverIds: number[],
    fields: { state?: DocumentState; error?: string | null } = {},
  ): boolean {
    if (
      new Set(serverIds).size !== serverIds.length ||
      this.serverIdTakenByOther(id, serverIds) !== undefined
    )
      return false;
    // One statement: the fields not given keep their values (an upload's answer is recorded per job).
    statement(
      this.db,
      `UPDATE documents SET server_ids = ?, state = COALESCE(?, state),
         error = CASE WHEN ? THEN ? ELSE error END WHERE id = ?`,
    ).run(
      JSON.stringify(serverIds),
      fields.state ?? null,
      fields.error === undefined ? 0 : 1,
      fields.error ?? null,
      id,
    );
    return true;
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
      const taken = this.serverIdTakenByOther(id, fields.serverIds);
      // A second local document pointing at one service document would lose a copy and delete
      // the other's: refused here whatever the caller.
      if (taken !== undefined) throw new ServerIdTakenError(taken);
    }
    this.writeDocumentState(id, fields);
  }

  /** saveDocumentState's write, for a caller that has checked the service ids itself. */
  private writeDocumentState(id: string, fields: Parameters<CaseStore['saveDocumentState']>[1]): void {
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

  /** Vault ids of every file a case holds (documents and draft pages), for purging. */
  vaultIdsOfCase(caseId: string): string[] {
    const docs = statement(
      this.db,
      'SELECT vault_id FROM documents WHERE case_id = ? AND vault_id IS NOT NULL',
    ).all(caseId) as {
      vault_id: string;
    }[];
    const drafts = this.listDrafts(caseId).flatMap((d) => d.pages.map((p) => p.vaultId));
    return [...new Set([...docs.map((d) => d.vault_id), ...drafts])];
  }

  // ---- what was read on documents
  saveReading(documentId: string, caseId: string, reading: DocumentTextRecord, readAt: string): void {
    statement(
      this.db,
      `INSERT INTO document_readings (document_id, case_id, data, read_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (document_id) DO UPDATE SET data = excluded.data, read_at = excluded.read_at`,
    ).run(documentId, caseId, this.seal(caseId, reading, `document_readings.data:${documentId}`), readAt);
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
        this.open(caseId, r.data, `document_readings.data:${r.document_id}`, DocumentTextRecordSchema),
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

  // ---- drafts
  insertDraft(d: StoredDraft): void {
    statement(
      this.db,
      'INSERT INTO drafts (id, case_id, owner, pages, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(
      d.id,
      d.caseId,
      JSON.stringify(d.owner),
      this.seal(d.caseId, d.pages, `drafts.pages:${d.id}`),
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
      owner: OwnerSchema.parse(JSON.parse(row.owner)),
      pages: this.open(row.case_id, row.pages, `drafts.pages:${row.id}`, z.array(DraftPageRecordSchema)),
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
      this.seal(row.case_id, pages, `drafts.pages:${id}`),
      id,
    );
  }

  deleteDraft(id: string): void {
    statement(this.db, 'DELETE FROM drafts WHERE id = ?').run(id);
  }
}
