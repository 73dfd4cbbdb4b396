// The case records of this laptop: one row per case, its title and data sealed under the case's key.
// A case whose key the retention purge has destroyed is no longer listed or read.
import type Database from 'better-sqlite3';
import { statement } from '../../../../node-shared/sqlite/statements.js';
import { CaseDataSchema, type CaseData } from '../case-data.js';
import type { SealedFields } from './sealed-fields.js';

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

export class CaseRecords {
  constructor(
    private readonly db: Database.Database,
    private readonly sealed: SealedFields,
  ) {}

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
      title: this.sealed.sealText(c.id, c.title, `cases.title:${c.id}`),
      data: this.sealed.seal(c.id, c.data, `cases.data:${c.id}`),
    });
  }

  private caseFromRow(row: CaseRow): StoredCase {
    return {
      id: row.id,
      kind: row.kind,
      origin: row.origin,
      profileId: row.profile_id,
      title: this.sealed.openText(row.id, row.title, `cases.title:${row.id}`),
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
      data: this.sealed.open(row.id, row.data, `cases.data:${row.id}`, CaseDataSchema),
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
      title: this.sealed.openText(r.id, r.title, `cases.title:${r.id}`),
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
      title: this.sealed.sealText(c.id, c.title, `cases.title:${c.id}`),
      data: this.sealed.seal(c.id, c.data, `cases.data:${c.id}`),
    });
  }
}
