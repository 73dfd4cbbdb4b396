// The jobs table. Rows are validated by JobPayloadSchema when read back; a row that no longer
// parses is marked failed with a plain reason rather than run or silently dropped.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { isPersonKind, JOB_KINDS, JobPayloadSchema, type JobPayload } from './job-kinds.js';
import { isDecisionStop } from './decision-stop.js';
import { statement } from '../../../node-shared/sqlite/statements.js';

export type StoredJobState = 'ready' | 'running' | 'failed';

export interface StoredJob {
  seq: number;
  id: string;
  caseId: string;
  /** The environment profile of the job's case: the only service it is ever sent to. */
  profileId: string | null;
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

// Read as arrays in this column order (better-sqlite3's raw mode): building a keyed object per row
// cost twice the query itself. The payload and creation time never change once written, so the
// queue's scheduling pass (which reads every job) leaves them out and takes them from memory.
const COLUMNS =
  'seq, id, case_id, state, attempts, next_attempt_at, idempotency_key, maybe_sent, error, error_permanent, profile_id';
type RawJobRow = [
  number,
  string,
  string,
  StoredJobState,
  number,
  number,
  string,
  number,
  string | null,
  number,
  string | null,
];

/** What a job row holds that never changes: its payload (validated once) and creation time. */
interface Fixed {
  payload: JobPayload | null;
  createdAt: string;
}

const COLUMN_COUNT = COLUMNS.split(',').length;

// The heads of a case's order (headsOfCase), read from the (case, kind) index, whose entries are in
// seq order within a kind: the case's first job of the next kind it holds, and for a kind placed per
// person, the first job of each person.
const NEXT_KIND_OF_CASE = `SELECT ${COLUMNS}, kind FROM jobs INDEXED BY jobs_case_kind
  WHERE case_id = ? AND kind > ? ORDER BY kind, seq LIMIT 1`;
const FIRST_OF_EACH_PERSON = `SELECT ${COLUMNS} FROM jobs WHERE seq IN (
  SELECT MIN(seq) FROM jobs INDEXED BY jobs_case_kind WHERE case_id = ? AND kind = ?
   GROUP BY json_extract(payload, '$.uboId'))`;
const LATER_OF_SAME_KIND = `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_kind
  WHERE case_id = ? AND kind = (SELECT kind FROM jobs WHERE seq = ?) AND seq > ? ORDER BY seq`;
// In index order, not seq order: sorting in SQL opens a temporary b-tree, which costs more than the
// read; the caller sorts the few rows it keeps. The limit is written into the text: bound as a
// parameter, the same read took four times as long (measured on SQLite 3 via better-sqlite3).
const someOfCase = (limit: number) =>
  `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_kind WHERE case_id = ? LIMIT ${Math.trunc(limit)}`;
const STATE_COUNTS_OF_CASES = `SELECT case_id, state, count FROM job_case_state_tallies
  WHERE case_id IN (SELECT value FROM json_each(?)) AND count > 0`;
const FIRST_READY_OF_PERSON = `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_kind
  WHERE case_id = ? AND kind = ? AND seq > ? AND seq < ? AND state = 'ready'
    AND json_extract(payload, '$.uboId') = ?
  ORDER BY seq LIMIT ?`;

const UNREADABLE =
  'This queued item was saved by another version of FICA Desk and cannot be sent. Discard it and capture the change again.';

export class JobStore {
  private readonly fixed = new Map<string, Fixed>();
  /** Jobs written since the queue's screens were last told, for the queue.changed delta. */
  private readonly written = new Set<string>();
  private writtenAll = false;

  /** `actingUserId` is the person acting now: every job added is stamped with them. */
  constructor(
    readonly db: Db,
    private readonly actingUserId: () => string | null = () => null,
  ) {}

  /**
   * Enqueues a job; call inside the transaction that records the change it sends. The job takes
   * its case's environment profile, in the same statement.
   */
  add(caseId: string, payload: JobPayload, now = new Date()): string {
    const id = randomUUID();
    const stamped = { ...payload, actor: payload.actor ?? this.actingUserId() ?? undefined };
    statement(
      this.db,
      `INSERT INTO jobs (id, case_id, kind, payload, state, idempotency_key, created_at, profile_id)
         VALUES (?, ?, ?, ?, 'ready', ?, ?, (SELECT profile_id FROM cases WHERE id = ?))`,
    ).run(
      id,
      caseId,
      payload.kind,
      JSON.stringify(JobPayloadSchema.parse(stamped)),
      randomUUID(),
      now.toISOString(),
      caseId,
    );
    this.written.add(id);
    return id;
  }

  /**
   * A waiting job that will send a newer change (the same kind of job, reused) is sent under the
   * person who made that change; so is a job a person retries that recorded nobody.
   */
  setActor(id: string, actor: string): void {
    const current = this.fixedOf(id).payload;
    if (!current || current.actor === actor) return;
    statement(this.db, 'UPDATE jobs SET payload = ? WHERE id = ?').run(
      JSON.stringify(JobPayloadSchema.parse({ ...current, actor })),
      id,
    );
    this.fixed.delete(id);
  }

  private fixedOf(id: string): Fixed {
    let known = this.fixed.get(id);
    if (!known) {
      const row = statement(this.db, 'SELECT payload, created_at FROM jobs WHERE id = ?').get(id) as
        { payload: string; created_at: string } | undefined;
      const parsed = row ? JobPayloadSchema.safeParse(safeJson(row.payload)) : null;
      known = { payload: parsed?.success ? parsed.data : null, createdAt: row?.created_at ?? '' };
      // Only a row that exists is remembered (the lookup may race a deletion).
      if (row) this.fixed.set(id, known);
    }
    return known;
  }

  private fromRow(r: RawJobRow): StoredJob {
    const { payload, createdAt } = this.fixedOf(r[1]);
    // A payload that does not parse is kept visible and never run: nothing is discarded silently.
    const readable = payload !== null;
    return {
      seq: r[0],
      id: r[1],
      caseId: r[2],
      profileId: r[10],
      payload: payload ?? { kind: 'entity.kyb' },
      state: readable ? r[3] : 'failed',
      attempts: r[4],
      nextAttemptAt: r[5],
      idempotencyKey: r[6],
      maybeSent: r[7] === 1,
      error: readable ? r[8] : UNREADABLE,
      errorPermanent: readable ? r[9] === 1 : true,
      createdAt,
    };
  }

  private raw(sql: string) {
    return statement(this.db, sql).raw(true);
  }

  all(): StoredJob[] {
    return (this.raw(`SELECT ${COLUMNS} FROM jobs ORDER BY seq`).all() as RawJobRow[]).map((r) =>
      this.fromRow(r),
    );
  }

  get(id: string): StoredJob | null {
    const row = this.raw(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`).get(id) as RawJobRow | undefined;
    return row ? this.fromRow(row) : null;
  }

  ofCase(caseId: string): StoredJob[] {
    return (
      this.raw(`SELECT ${COLUMNS} FROM jobs WHERE case_id = ? ORDER BY seq`).all(caseId) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /**
   * The first job (lowest seq) of each order group of a case (orderGroupOf: its kind, and its person
   * for a person's jobs). A job waits on its case's order only through these (blockerAmong): a few
   * rows, whatever the number of the case's jobs. The kinds the case holds are found by skipping
   * from one to the next in the (case, kind) index, so a probe is made per kind present, not per
   * kind there is.
   */
  headsOfCase(caseId: string): StoredJob[] {
    const heads: StoredJob[] = [];
    const next = this.raw(NEXT_KIND_OF_CASE);
    for (let after = ''; ;) {
      const row = next.get(caseId, after) as RawJobRow | undefined;
      if (!row) break;
      // The kind column follows the job's columns.
      const kind = (row as unknown[])[COLUMN_COUNT] as JobPayload['kind'];
      after = kind;
      if (!isPersonKind(kind)) heads.push(this.fromRow(row));
      else
        for (const r of this.raw(FIRST_OF_EACH_PERSON).all(caseId, kind) as RawJobRow[])
          heads.push(this.fromRow(r));
    }
    return heads.sort((a, b) => a.seq - b.seq);
  }

  /**
   * How many jobs each of the cases holds in each state (a case with none is not listed): a few rows
   * of the tallies the triggers keep (migration 012) for a page of the case list, however many jobs
   * each case holds.
   */
  stateCountsOfCases(caseIds: readonly string[]): Map<string, { state: StoredJobState; count: number }[]> {
    const out = new Map<string, { state: StoredJobState; count: number }[]>();
    const rows = this.raw(STATE_COUNTS_OF_CASES).all(JSON.stringify(caseIds)) as [
      string,
      StoredJobState,
      number,
    ][];
    for (const [caseId, state, count] of rows) {
      let list = out.get(caseId);
      if (!list) out.set(caseId, (list = []));
      list.push({ state, count });
    }
    return out;
  }

  /**
   * All of a case's jobs in the order they were queued when it holds at most `limit` and each still
   * parses, in one read; null otherwise (its heads are then read from the index, headsOfCase).
   */
  allOfFewOfCase(caseId: string, limit: number): StoredJob[] | null {
    const rows = this.raw(someOfCase(limit + 1)).all(caseId) as RawJobRow[];
    if (rows.length > limit) return null;
    const out = rows.map((r) => this.fromRow(r)).sort((a, b) => a.seq - b.seq);
    return out.some((j) => j.error === UNREADABLE) ? null : out;
  }

  /**
   * The jobs of a case queued after job `seq` that are of its kind (the kind column, which stands
   * even when the job's payload no longer parses), in the order they were queued.
   */
  laterOfSameKind(caseId: string, seq: number): StoredJob[] {
    return (this.raw(LATER_OF_SAME_KIND).all(caseId, seq, seq) as RawJobRow[]).map((r) => this.fromRow(r));
  }

  /**
   * The first `limit` ready jobs of one person's kind of a case queued after `afterSeq` and before
   * `beforeSeq` (an owner's uploads, each owner waiting on their own order).
   */
  firstReadyOfPerson(
    caseId: string,
    kind: JobPayload['kind'],
    uboId: string,
    afterSeq: number,
    beforeSeq: number,
    limit: number,
  ): StoredJob[] {
    return (
      this.raw(FIRST_READY_OF_PERSON).all(caseId, kind, afterSeq, beforeSeq, uboId, limit) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /**
   * A case's jobs whose request may have reached the service without its answer recorded: those
   * being sent, and those marked "may have been sent" (jobs_maybe_sent), a few whatever the case holds.
   */
  mayHaveBeenSentOfCase(caseId: string): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_maybe_sent WHERE case_id = ? AND maybe_sent = 1
         UNION SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_state WHERE case_id = ? AND state = 'running'`,
      ).all(caseId, caseId) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** The upload of a document, if one is queued (jobs_document: one index probe). */
  uploadOf(documentId: string): StoredJob | null {
    const row = this.raw(
      `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_document
        WHERE json_extract(payload, '$.documentId') = ? AND json_extract(payload, '$.documentId') IS NOT NULL
          AND kind <> 'document.delete' LIMIT 1`,
    ).get(documentId) as RawJobRow | undefined;
    return row ? this.fromRow(row) : null;
  }

  /**
   * The first failed job of each order group of a case (its kind, and its person for a person's
   * jobs), in the order queued: what a step shows as its failure. Reads the case's failed jobs only.
   */
  failedHeadsOfCase(caseId: string): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs WHERE seq IN (
           SELECT MIN(seq) FROM jobs INDEXED BY jobs_case_state WHERE case_id = ? AND state = 'failed'
            GROUP BY kind, json_extract(payload, '$.uboId'))
         ORDER BY seq`,
      ).all(caseId) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** A case's jobs other than those of `kinds`. */
  ofCaseExcept(caseId: string, kinds: readonly JobPayload['kind'][]): StoredJob[] {
    return this.ofCaseOfKinds(
      caseId,
      JOB_KINDS.filter((k) => !kinds.includes(k)),
    );
  }

  /**
   * A case's jobs of `kinds`, in the order they were queued: one index range per kind, so the
   * case's thousands of jobs of other kinds are never read.
   */
  ofCaseOfKinds(caseId: string, kinds: readonly JobPayload['kind'][]): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_kind WHERE case_id = ? AND kind IN (SELECT value FROM json_each(?)) ORDER BY seq`,
      ).all(caseId, JSON.stringify(kinds)) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** The first `limit` ready jobs of one kind of a case queued after `afterSeq` and before `beforeSeq`. */
  firstReadyOfKind(
    caseId: string,
    kind: JobPayload['kind'],
    afterSeq: number,
    beforeSeq: number,
    limit: number,
  ): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_kind
          WHERE case_id = ? AND kind = ? AND seq > ? AND seq < ? AND state = 'ready'
          ORDER BY seq LIMIT ?`,
      ).all(caseId, kind, afterSeq, beforeSeq, limit) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** A case's jobs in one state, in the order they were queued. */
  ofCaseInState(caseId: string, state: StoredJobState): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_state WHERE case_id = ? AND state = ? ORDER BY seq`,
      ).all(caseId, state) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** Ready jobs of a profile that are due at `now`, after `afterSeq`, in the order they were queued. */
  dueOf(profileId: string, now: number, afterSeq: number, limit: number): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs
          WHERE profile_id = ? AND state = 'ready' AND seq > ? AND next_attempt_at <= ?
          ORDER BY seq LIMIT ?`,
      ).all(profileId, afterSeq, now, limit) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** When the soonest ready job of a profile waiting for a retry is due, or null when none waits. */
  nextRetryAt(profileId: string, now: number): number | null {
    const row = statement(
      this.db,
      `SELECT MIN(next_attempt_at) AS at FROM jobs WHERE profile_id = ? AND state = 'ready' AND next_attempt_at > ?`,
    ).get(profileId, now) as { at: number | null };
    return row.at;
  }

  /** One page of a profile's jobs in the order they were queued. */
  pageOf(profileId: string, offset: number, limit: number): StoredJob[] {
    return (
      this.raw(`SELECT ${COLUMNS} FROM jobs WHERE profile_id = ? ORDER BY seq LIMIT ? OFFSET ?`).all(
        profileId,
        limit,
        offset,
      ) as RawJobRow[]
    ).map((r) => this.fromRow(r));
  }

  /** Which states a case's jobs are in, each once (none when it has no job): for its status. */
  statesOfCase(caseId: string): { state: StoredJobState }[] {
    // One index probe per state rather than a read of every job of the case.
    return statement(
      this.db,
      `SELECT state FROM (SELECT 'ready' AS state UNION ALL SELECT 'running' UNION ALL SELECT 'failed') AS s
        WHERE EXISTS (SELECT 1 FROM jobs WHERE case_id = ? AND jobs.state = s.state)`,
    ).all(caseId) as {
      state: StoredJobState;
    }[];
  }

  /** Whether a job of the case failed, which stops the case's other jobs. */
  hasFailed(caseId: string): boolean {
    return (
      statement(this.db, "SELECT 1 FROM jobs WHERE case_id = ? AND state = 'failed' LIMIT 1").get(caseId) !==
      undefined
    );
  }

  /** Unsent and failed jobs of one environment profile (a tally the triggers keep: one row read). */
  count(profileId: string | null): { pending: number; failed: number } {
    const row = statement(
      this.db,
      `SELECT total, failed FROM job_profile_tallies WHERE profile_key = COALESCE(?, '')`,
    ).get(profileId) as { total: number; failed: number } | undefined;
    return { pending: row?.total ?? 0, failed: row?.failed ?? 0 };
  }

  /**
   * Of the environment's failed jobs, those stopped because their application was decided (kept to
   * be discarded, not a refusal to retry). Read through the (profile, state) index: failed jobs only.
   */
  notSentCount(profileId: string | null): number {
    return (
      statement(this.db, `SELECT error FROM jobs WHERE profile_id IS ? AND state = 'failed'`).all(
        profileId,
      ) as { error: string | null }[]
    ).filter((j) => isDecisionStop(j.error)).length;
  }

  /** Start-up: a job that was running when the process died is ready again (Signal's "inactive"). */
  markInactive(): number {
    this.writtenAll = true;
    return statement(this.db, `UPDATE jobs SET state = 'ready' WHERE state = 'running'`).run().changes;
  }

  markRunning(id: string, maybeSent: boolean): void {
    this.written.add(id);
    statement(
      this.db,
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, maybe_sent = CASE WHEN ? THEN 1 ELSE maybe_sent END WHERE id = ?`,
    ).run(maybeSent ? 1 : 0, id);
  }

  setMaybeSent(id: string, value: boolean): void {
    statement(this.db, 'UPDATE jobs SET maybe_sent = ? WHERE id = ?').run(value ? 1 : 0, id);
  }

  retryLater(id: string, at: number, error: string, maybeSent: boolean): void {
    this.written.add(id);
    statement(
      this.db,
      `UPDATE jobs SET state = 'ready', next_attempt_at = ?, error = ?, error_permanent = 0, maybe_sent = ? WHERE id = ?`,
    ).run(at, error, maybeSent ? 1 : 0, id);
  }

  /** Back to ready without counting an attempt (paused, offline, waiting for sign-in). */
  release(id: string, maybeSent: boolean, error: string | null = null): void {
    this.written.add(id);
    statement(
      this.db,
      `UPDATE jobs SET state = 'ready', attempts = MAX(attempts - 1, 0), maybe_sent = ?, error = ? WHERE id = ?`,
    ).run(maybeSent ? 1 : 0, error, id);
  }

  fail(id: string, error: string): void {
    this.written.add(id);
    statement(this.db, `UPDATE jobs SET state = 'failed', error = ?, error_permanent = 1 WHERE id = ?`).run(
      error,
      id,
    );
  }

  /** A person asked to try again: ready now, and a fresh key unless the old request may have arrived. */
  retryNow(id: string): boolean {
    this.written.add(id);
    return (
      statement(
        this.db,
        `UPDATE jobs SET state = 'ready', next_attempt_at = 0, error = NULL, error_permanent = 0 WHERE id = ? AND state != 'running'`,
      ).run(id).changes > 0
    );
  }

  wakeAll(): void {
    this.writtenAll = true;
    statement(this.db, `UPDATE jobs SET next_attempt_at = 0 WHERE state = 'ready'`).run();
  }

  newKey(id: string): void {
    statement(this.db, 'UPDATE jobs SET idempotency_key = ? WHERE id = ?').run(randomUUID(), id);
  }

  remove(id: string): void {
    this.written.add(id);
    statement(this.db, 'DELETE FROM jobs WHERE id = ?').run(id);
    this.fixed.delete(id);
  }

  /** The jobs written since the last call (added, changed or removed), or `all` after a write to every job. */
  takeWritten(): { ids: string[]; all: boolean } {
    const out = { ids: [...this.written], all: this.writtenAll };
    this.written.clear();
    this.writtenAll = false;
    return out;
  }

  /** Up to `limit` of a case's jobs in the order they were queued. */
  firstOfCase(caseId: string, limit: number): StoredJob[] {
    return (
      this.raw(
        `SELECT ${COLUMNS} FROM jobs INDEXED BY jobs_case_order WHERE case_id = ? ORDER BY seq LIMIT ?`,
      ).all(caseId, limit) as RawJobRow[]
    ).map((r) => this.fromRow(r));
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
