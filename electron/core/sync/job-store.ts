// The jobs table. Rows are validated by JobPayloadSchema when read back; a row that no longer
// parses is marked failed with a plain reason rather than run or silently dropped.
import { randomUUID } from 'node:crypto';
import type { Db } from '../cases/case-store.js';
import { JobPayloadSchema, type JobPayload } from './job-kinds.js';
import { statement } from '../cases/statements.js';

export type StoredJobState = 'ready' | 'running' | 'failed';

export interface StoredJob {
  seq: number;
  id: string;
  caseId: string;
  payload: JobPayload;
  state: StoredJobState;
  attempts: number;
  nextAttemptAt: number;
  idempotencyKey: string;
  maybeSent: boolean;
  error: string | null;
  errorPermanent: boolean;
  createdAt: string;
}

interface JobRow {
  seq: number;
  id: string;
  case_id: string;
  kind: string;
  payload: string;
  state: StoredJobState;
  attempts: number;
  next_attempt_at: number;
  idempotency_key: string;
  maybe_sent: number;
  error: string | null;
  error_permanent: number;
  created_at: string;
}

// Read as arrays in this column order (better-sqlite3's raw mode): building a keyed object per row
// cost twice the query itself, and the queue reads every job on each scheduling pass.
const COLUMNS = 'seq, id, case_id, kind, payload, state, attempts, next_attempt_at, idempotency_key, maybe_sent, error, error_permanent, created_at';
type RawJobRow = [number, string, string, string, string, StoredJobState, number, number, string, number, string | null, number, string];

function rowOf(r: RawJobRow): JobRow {
  return {
    seq: r[0],
    id: r[1],
    case_id: r[2],
    kind: r[3],
    payload: r[4],
    state: r[5],
    attempts: r[6],
    next_attempt_at: r[7],
    idempotency_key: r[8],
    maybe_sent: r[9],
    error: r[10],
    error_permanent: r[11],
    created_at: r[12],
  };
}

export class JobStore {
  private readonly payloads = new Map<string, JobPayload>();

  constructor(readonly db: Db) {}

  /** Enqueues a job; call inside the transaction that records the change it sends. */
  add(caseId: string, payload: JobPayload, now = new Date()): string {
    const id = randomUUID();
    statement(this.db, 
        `INSERT INTO jobs (id, case_id, kind, payload, state, idempotency_key, created_at)
         VALUES (?, ?, ?, ?, 'ready', ?, ?)`,
      )
      .run(id, caseId, payload.kind, JSON.stringify(JobPayloadSchema.parse(payload)), randomUUID(), now.toISOString());
    return id;
  }

  private fromRow(row: JobRow): StoredJob {
    let payload: JobPayload;
    let state = row.state;
    let error = row.error;
    let permanent = row.error_permanent === 1;
    // A payload never changes once written: validated on first read, then reused.
    const known = this.payloads.get(row.payload);
    const parsed = known ? { success: true as const, data: known } : JobPayloadSchema.safeParse(safeJson(row.payload));
    if (parsed.success) {
      payload = parsed.data;
      if (!known) this.payloads.set(row.payload, parsed.data);
    }
    else {
      // Keep it visible, never run it: nothing is discarded silently.
      payload = { kind: 'entity.kyb' };
      state = 'failed';
      error = 'This queued item was saved by another version of FICA Desk and cannot be sent. Discard it and capture the change again.';
      permanent = true;
    }
    return {
      seq: row.seq,
      id: row.id,
      caseId: row.case_id,
      payload,
      state,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      idempotencyKey: row.idempotency_key,
      maybeSent: row.maybe_sent === 1,
      error,
      errorPermanent: permanent,
      createdAt: row.created_at,
    };
  }

  private raw(sql: string) {
    return statement(this.db, sql).raw(true);
  }

  all(): StoredJob[] {
    return (this.raw(`SELECT ${COLUMNS} FROM jobs ORDER BY seq`).all() as RawJobRow[]).map((r) => this.fromRow(rowOf(r)));
  }

  get(id: string): StoredJob | null {
    const row = this.raw(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`).get(id) as RawJobRow | undefined;
    return row ? this.fromRow(rowOf(row)) : null;
  }

  ofCase(caseId: string): StoredJob[] {
    return (this.raw(`SELECT ${COLUMNS} FROM jobs WHERE case_id = ? ORDER BY seq`).all(caseId) as RawJobRow[]).map((r) => this.fromRow(rowOf(r)));
  }

  /** Just the states of a case's jobs, without reading their payloads. */
  statesOfCase(caseId: string): { state: StoredJobState }[] {
    return statement(this.db, 'SELECT state FROM jobs WHERE case_id = ?').all(caseId) as { state: StoredJobState }[];
  }

  count(): { pending: number; failed: number } {
    const row = statement(this.db, `SELECT COUNT(*) AS total, SUM(CASE WHEN state = 'failed' THEN 1 ELSE 0 END) AS failed FROM jobs`)
      .get() as { total: number; failed: number | null };
    return { pending: row.total, failed: row.failed ?? 0 };
  }

  /** Start-up: a job that was running when the process died is ready again (Signal's "inactive"). */
  markInactive(): number {
    return statement(this.db, `UPDATE jobs SET state = 'ready' WHERE state = 'running'`).run().changes;
  }

  markRunning(id: string, maybeSent: boolean): void {
    statement(this.db, `UPDATE jobs SET state = 'running', attempts = attempts + 1, maybe_sent = CASE WHEN ? THEN 1 ELSE maybe_sent END WHERE id = ?`)
      .run(maybeSent ? 1 : 0, id);
  }

  setMaybeSent(id: string, value: boolean): void {
    statement(this.db, 'UPDATE jobs SET maybe_sent = ? WHERE id = ?').run(value ? 1 : 0, id);
  }

  retryLater(id: string, at: number, error: string, maybeSent: boolean): void {
    statement(this.db, `UPDATE jobs SET state = 'ready', next_attempt_at = ?, error = ?, error_permanent = 0, maybe_sent = ? WHERE id = ?`)
      .run(at, error, maybeSent ? 1 : 0, id);
  }

  /** Back to ready without counting an attempt (paused, offline, waiting for sign-in). */
  release(id: string, maybeSent: boolean, error: string | null = null): void {
    statement(this.db, `UPDATE jobs SET state = 'ready', attempts = MAX(attempts - 1, 0), maybe_sent = ?, error = ? WHERE id = ?`)
      .run(maybeSent ? 1 : 0, error, id);
  }

  fail(id: string, error: string): void {
    statement(this.db, `UPDATE jobs SET state = 'failed', error = ?, error_permanent = 1 WHERE id = ?`).run(error, id);
  }

  /** A person asked to try again: ready now, and a fresh key unless the old request may have arrived. */
  retryNow(id: string): boolean {
    return statement(this.db, `UPDATE jobs SET state = 'ready', next_attempt_at = 0, error = NULL, error_permanent = 0 WHERE id = ? AND state != 'running'`).run(id).changes > 0;
  }

  wakeAll(): void {
    statement(this.db, `UPDATE jobs SET next_attempt_at = 0 WHERE state = 'ready'`).run();
  }

  newKey(id: string): void {
    statement(this.db, 'UPDATE jobs SET idempotency_key = ? WHERE id = ?').run(randomUUID(), id);
  }

  remove(id: string): void {
    const row = statement(this.db, 'DELETE FROM jobs WHERE id = ? RETURNING payload').get(id) as { payload: string } | undefined;
    if (row) this.payloads.delete(row.payload);
  }

  pendingOfKind(caseId: string, kind: JobPayload['kind']): StoredJob[] {
    return this.ofCase(caseId).filter((j) => j.payload.kind === kind);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
