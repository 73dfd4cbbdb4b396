// Which local document holds which service document: a service id belongs to one document of a case
// (per owner kind), so a second local document never points at the first one's copy; and the copies
// of a content the service may hold that no document claims yet.
import type Database from 'better-sqlite3';
import type { DocumentState } from '../../../../shared/ipc/model.js';
import { statement } from '../../../../node-shared/sqlite/statements.js';

/** A service document id recorded for a second local document. */
export class ServerIdTakenError extends Error {
  override readonly name = 'ServerIdTakenError';
  constructor(readonly serverId: number) {
    super(`Service document ${serverId} already belongs to another document of this case`);
  }
}

// A service document id that another document of the case (same owner kind) holds: one id, or any
// of a JSON list of them.
const HELD_BY_OTHER = `SELECT held.server_id AS taken FROM documents AS me JOIN document_server_ids AS held
  ON held.case_id = me.case_id AND held.owner_kind = me.owner_kind AND held.document_id <> me.id
  WHERE me.id = ? AND held.server_id`;
const ONE_HELD_BY_OTHER = `${HELD_BY_OTHER} = ? LIMIT 1`;
const ANY_HELD_BY_OTHER = `${HELD_BY_OTHER} IN (SELECT value FROM json_each(?)) LIMIT 1`;

/**
 * The first of `serverIds` another document of the case (same owner kind) holds, if any. One index
 * probe per id (document_server_ids, kept by triggers), however many documents the case has; the
 * usual claim (a document of one pair) probes its id without building a list first.
 */
export function serverIdTakenByOther(
  db: Database.Database,
  id: string,
  serverIds: number[],
): number | undefined {
  const row = (
    serverIds.length === 1
      ? statement(db, ONE_HELD_BY_OTHER).get(id, serverIds[0])
      : statement(db, ANY_HELD_BY_OTHER).get(id, JSON.stringify(serverIds))
  ) as { taken: number } | undefined;
  return row?.taken;
}

export class DocumentClaims {
  constructor(private readonly db: Database.Database) {}

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
    return serverIdTakenByOther(this.db, id, [serverId]) !== undefined;
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
      serverIdTakenByOther(this.db, id, serverIds) !== undefined
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
}
