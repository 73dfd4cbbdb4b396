// Who did what, when: the local record a compliance officer asks for. Append-only (triggers refuse
// UPDATE and DELETE). `detail` may name people, so it is sealed (AuditSealer): with the case's key
// for an entry about a case, which the retention purge destroys; the row's who, what and when stay.
import { z } from 'zod';
import type { AuditSealer } from './audit-sealer.js';
import { systemClock, type Clock } from './clock.js';
import type { Db } from './migration.js';

const JsonObjectSchema = z.record(z.string(), z.unknown());

export const AuditActionSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'dotted lower-case name, e.g. case.decision');

export const NewAuditEntrySchema = z.object({
  profileId: z.string().nullable().optional(),
  userId: z.string().min(1).max(200),
  action: AuditActionSchema,
  caseId: z.string().nullable().optional(),
  detail: JsonObjectSchema.optional(),
});
export type NewAuditEntry = z.input<typeof NewAuditEntrySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  profileId: z.string().nullable(),
  userId: z.string(),
  action: z.string(),
  caseId: z.string().nullable(),
  detail: JsonObjectSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const RowSchema = z.object({
  id: z.number(),
  at: z.string(),
  profile_id: z.string().nullable(),
  user_id: z.string(),
  action: z.string(),
  case_id: z.string().nullable(),
  detail: z.string(),
});

export interface AuditQuery {
  caseId?: string;
  profileId?: string;
  /** Newest first; default 200. */
  limit?: number;
  /** Entries with an id below this one (paging backwards). */
  beforeId?: number;
}

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    /** Null only in tests of the log's own rules; the core always seals. */
    private readonly sealer: AuditSealer | null = null,
  ) {}

  append(input: NewAuditEntry): AuditEntry {
    const entry = NewAuditEntrySchema.parse(input);
    const at = this.clock().toISOString();
    const detail = entry.detail ?? {};
    const result = this.db
      .prepare(
        'INSERT INTO audit_log (at, profile_id, user_id, action, case_id, detail) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        at,
        entry.profileId ?? null,
        entry.userId,
        entry.action,
        entry.caseId ?? null,
        this.sealer ? this.sealer.seal(JSON.stringify(detail), entry.caseId ?? null) : JSON.stringify(detail),
      );
    return {
      id: Number(result.lastInsertRowid),
      at,
      profileId: entry.profileId ?? null,
      userId: entry.userId,
      action: entry.action,
      caseId: entry.caseId ?? null,
      detail,
    };
  }

  /** The id of the newest entry of a case, or null when it has none (one probe of audit_log_case). */
  lastIdOf(caseId: string): number | null {
    const row = this.db.prepare('SELECT MAX(id) AS id FROM audit_log WHERE case_id = ?').get(caseId) as {
      id: number | null;
    };
    return row.id;
  }

  list(query: AuditQuery = {}): AuditEntry[] {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (query.caseId !== undefined) {
      where.push('case_id = ?');
      params.push(query.caseId);
    }
    if (query.profileId !== undefined) {
      where.push('profile_id = ?');
      params.push(query.profileId);
    }
    if (query.beforeId !== undefined) {
      where.push('id < ?');
      params.push(query.beforeId);
    }
    const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 200)), 10_000);
    const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`;
    return this.db
      .prepare(sql)
      .all(...params)
      .map((raw) => {
        const row = RowSchema.parse(raw);
        const detail = this.sealer ? this.sealer.open(row.detail, row.case_id) : row.detail;
        return AuditEntrySchema.parse({
          id: row.id,
          at: row.at,
          profileId: row.profile_id,
          userId: row.user_id,
          action: row.action,
          caseId: row.case_id,
          detail: JSON.parse(detail),
        });
      });
  }
}
