// The job counts the status bar reads (the environments' tallies the triggers keep) and the case
// list reads (each case's jobs by state, kept by triggers too) against a count of the rows
// themselves, through every way jobs are written: added, started, failed, retried, sent, and
// deleted with their case by the foreign key.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/core/db/migrate.js';
import type { Db } from '../../../electron/core/db/migration.js';
import { MIGRATIONS } from '../../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { JobStore } from '../../../electron/core/jobs/job-store.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-tallies-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function addCase(db: Db, id: string, profileId: string): void {
  db.prepare(
    "INSERT INTO cases (id, kind, profile_id, title, client_reference, status, created_at, updated_at, data) VALUES (?, 'entity', ?, 't', ?, 'waiting', '', '', 'x')",
  ).run(id, profileId, `FD-${id}`);
}

/** What the tallies must say: the rows counted. */
function counted(db: Db, profileId: string | null) {
  const row = db
    .prepare(
      "SELECT COUNT(*) AS pending, COALESCE(SUM(state = 'failed'), 0) AS failed FROM jobs WHERE profile_id IS ?",
    )
    .get(profileId) as { pending: number; failed: number };
  return row;
}

/** A case's jobs, summed over the states the case list reads. */
function countOf(byState: ReturnType<JobStore['stateCountsOfCases']>, caseId: string): number {
  return (byState.get(caseId) ?? []).reduce((sum, s) => sum + s.count, 0);
}

describe('job tallies', () => {
  it('match the rows through adds, failures, retries, sends, and a case deleted with its jobs', () => {
    const db = openDatabase(join(root, 'desk.sqlite'));
    migrate(db, MIGRATIONS);
    const jobs = new JobStore(db);
    addCase(db, 'a', 'p1');
    addCase(db, 'b', 'p1');
    addCase(db, 'c', 'p2');
    const check = () => {
      for (const profile of ['p1', 'p2', null]) expect(jobs.count(profile)).toEqual(counted(db, profile));
      const byState = jobs.stateCountsOfCases(['a', 'b', 'c']);
      for (const caseId of ['a', 'b', 'c']) {
        const rows = db
          .prepare(
            'SELECT state, COUNT(*) AS count FROM jobs WHERE case_id = ? GROUP BY state ORDER BY state',
          )
          .all(caseId) as { state: string; count: number }[];
        const told = [...(byState.get(caseId) ?? [])].sort((x, y) => x.state.localeCompare(y.state));
        expect(told).toEqual(rows);
      }
    };
    const ids = ['a', 'a', 'a', 'b', 'b', 'c', 'c'].map((caseId) => jobs.add(caseId, { kind: 'entity.kyb' }));
    check();
    expect(jobs.count('p1')).toEqual({ pending: 5, failed: 0 });
    expect(jobs.count('p2')).toEqual({ pending: 2, failed: 0 });
    jobs.markRunning(ids[0]!, true);
    check();
    jobs.fail(ids[0]!, 'refused');
    jobs.fail(ids[3]!, 'refused');
    check();
    expect(jobs.count('p1')).toEqual({ pending: 5, failed: 2 });
    jobs.retryNow(ids[0]!);
    jobs.markRunning(ids[1]!, true);
    jobs.remove(ids[1]!);
    jobs.remove(ids[5]!);
    check();
    db.prepare("DELETE FROM cases WHERE id = 'a'").run();
    check();
    expect(jobs.count('p1')).toEqual({ pending: 2, failed: 1 });
    expect(countOf(jobs.stateCountsOfCases(['a']), 'a')).toBe(0);
    db.close();
  });
});
