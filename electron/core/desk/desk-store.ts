// Rows of the cases taken for review (desk_cases): the service's record as the desk shows it, the
// vault ids of its documents and report, and a decision waiting to be sent, each sealed under the
// taken case's own key. Synchronous (better-sqlite3), like the case store.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DeskCaseSchema,
  DeskPendingDecisionSchema,
  type DeskKind,
  type DeskPendingDecision,
} from '../../../shared/ipc/desk-model.js';
import type { CaseCiphers, Db } from '../cases/case-store.js';

/** What is kept of a taken case: its view (without the per-reader fields) and where its files are. */
export const TakenDataSchema = z.object({
  view: DeskCaseSchema.omit({
    taken: true,
    source: true,
    pendingDecision: true,
    decisionRefused: true,
    mayNotDecide: true,
  }),
  /** Vault id of each document, by `${owner}:${docId}`. */
  documents: z.record(z.string(), z.string()),
  report: z.object({ vaultId: z.string(), filename: z.string(), fetchedAt: z.string() }).nullable(),
});
export type TakenData = z.infer<typeof TakenDataSchema>;

export interface TakenCase {
  id: string;
  profileId: string;
  kind: DeskKind;
  serverId: string;
  createdBy: string | null;
  takenBy: string;
  takenAt: string;
  refreshedAt: string;
  data: TakenData;
  pendingDecision: DeskPendingDecision | null;
  decisionRefused: string | null;
}

interface Row {
  id: string;
  profile_id: string;
  kind: DeskKind;
  server_id: string;
  created_by: string | null;
  taken_by: string;
  taken_at: string;
  refreshed_at: string;
  data: string;
  pending_decision: string | null;
  decision_refused: string | null;
}

/** The case keys (CaseKeys), with the destruction the retention purge needs. */
export interface DeskCiphers extends CaseCiphers {
  destroy(caseId: string): void;
}

export const documentKey = (owner: string, docId: number): string => `${owner}:${docId}`;

export class DeskStore {
  constructor(
    private readonly db: Db,
    private readonly keys: DeskCiphers,
  ) {}

  find(profileId: string, kind: DeskKind, serverId: string): TakenCase | null {
    const row = this.db
      .prepare('SELECT * FROM desk_cases WHERE profile_id = ? AND kind = ? AND server_id = ?')
      .get(profileId, kind, serverId) as Row | undefined;
    return row ? this.read(row) : null;
  }

  listOf(profileId: string): TakenCase[] {
    const rows = this.db
      .prepare('SELECT * FROM desk_cases WHERE profile_id = ? ORDER BY taken_at DESC')
      .all(profileId) as Row[];
    return rows.map((r) => this.read(r));
  }

  /** Every taken case with a decision waiting to be sent, in any environment. */
  withPendingDecision(): TakenCase[] {
    const rows = this.db
      .prepare('SELECT * FROM desk_cases WHERE pending_decision IS NOT NULL ORDER BY taken_at')
      .all() as Row[];
    return rows.map((r) => this.read(r));
  }

  /** Inserts or replaces the taken copy; answers the rows' id. */
  save(c: Omit<TakenCase, 'id'> & { id?: string }): string {
    const id = c.id ?? `desk-${randomUUID()}`;
    const cipher = this.keys.forCase(id);
    const seal = (value: unknown, column: string) =>
      value === null ? null : cipher.encrypt(JSON.stringify(value), `desk_cases.${column}:${id}`);
    this.db
      .prepare(
        `INSERT INTO desk_cases (id, profile_id, kind, server_id, created_by, taken_by, taken_at, refreshed_at,
           data, pending_decision, decision_refused)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET created_by = excluded.created_by, refreshed_at = excluded.refreshed_at,
           data = excluded.data, pending_decision = excluded.pending_decision,
           decision_refused = excluded.decision_refused`,
      )
      .run(
        id,
        c.profileId,
        c.kind,
        c.serverId,
        c.createdBy,
        c.takenBy,
        c.takenAt,
        c.refreshedAt,
        seal(c.data, 'data'),
        seal(c.pendingDecision, 'pending_decision'),
        seal(c.decisionRefused, 'decision_refused'),
      );
    return id;
  }

  /** Every taken copy of every environment (the retention purge looks at them all). */
  listAll(): TakenCase[] {
    return (this.db.prepare('SELECT * FROM desk_cases ORDER BY taken_at').all() as Row[]).map((r) =>
      this.read(r),
    );
  }

  /** Deletes the row and destroys its key, so no copy of its sealed data can be read again. */
  remove(id: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM desk_cases WHERE id = ?').run(id);
      this.keys.destroy(id);
    })();
  }

  private read(row: Row): TakenCase {
    const cipher = this.keys.existing(row.id);
    if (!cipher) throw new Error('The taken copy of this case was removed from this computer.');
    const open = (payload: string | null, column: string): unknown =>
      payload === null ? null : JSON.parse(cipher.decrypt(payload, `desk_cases.${column}:${row.id}`));
    return {
      id: row.id,
      profileId: row.profile_id,
      kind: row.kind,
      serverId: row.server_id,
      createdBy: row.created_by,
      takenBy: row.taken_by,
      takenAt: row.taken_at,
      refreshedAt: row.refreshed_at,
      data: TakenDataSchema.parse(open(row.data, 'data')),
      pendingDecision: DeskPendingDecisionSchema.nullable().parse(
        open(row.pending_decision, 'pending_decision'),
      ),
      decisionRefused: z.string().nullable().parse(open(row.decision_refused, 'decision_refused')),
    };
  }
}
