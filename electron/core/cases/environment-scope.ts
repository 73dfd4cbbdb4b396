// The environment rule (design.md "Offline model"): every case and job belongs to the environment
// profile it was captured under, and a person only ever sees and works on the active profile's
// cases. This answers which profile a case, draft, document or job belongs to, refuses what is not
// the active one's, and counts what the other profiles hold.
import type { Elsewhere, ProfileKind } from '../../../shared/ipc/model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { Profile, ProfileRepository } from '../db/index.js';
import type { Db } from './case-store.js';
import { statement } from '../../../node-shared/sqlite/statements.js';

const KIND_LABELS: Record<ProfileKind, string> = { sandbox: 'Sandbox', test: 'Test', live: 'Live' };

export interface EnvironmentScopeDeps {
  db: Db;
  profiles: ProfileRepository;
  activeProfile(): Profile | null;
}

/** What a reference points to, or nothing when it does not exist (the handler then says not-found). */
type Owner = { profileId: string | null } | undefined;

export class EnvironmentScope {
  constructor(private readonly deps: EnvironmentScopeDeps) {}

  /** The active profile, for capturing new work under it; refused when there is none. */
  requireActive(): Profile {
    const active = this.deps.activeProfile();
    if (!active) throw new DeskError('other-environment', 'Choose an environment profile in Settings first.');
    return active;
  }

  requireCase(caseId: string): void {
    this.check(
      statement(this.deps.db, 'SELECT profile_id AS profileId FROM cases WHERE id = ?').get(caseId) as Owner,
    );
  }

  requireDraft(draftId: string): void {
    this.check(
      statement(
        this.deps.db,
        'SELECT c.profile_id AS profileId FROM drafts d JOIN cases c ON c.id = d.case_id WHERE d.id = ?',
      ).get(draftId) as Owner,
    );
  }

  requireDocument(documentId: string): void {
    this.check(
      statement(
        this.deps.db,
        'SELECT c.profile_id AS profileId FROM documents d JOIN cases c ON c.id = d.case_id WHERE d.id = ?',
      ).get(documentId) as Owner,
    );
  }

  requireJob(jobId: string): void {
    this.check(
      statement(this.deps.db, 'SELECT profile_id AS profileId FROM jobs WHERE id = ?').get(jobId) as Owner,
    );
  }

  private check(owner: Owner): void {
    if (owner === undefined) return;
    const active = this.deps.activeProfile();
    if (active && owner.profileId === active.id) return;
    throw new DeskError('other-environment', this.refusal(owner.profileId, active));
  }

  private refusal(profileId: string | null, active: Profile | null): string {
    const owner = profileId === null ? null : this.deps.profiles.get(profileId);
    if (!owner) {
      return profileId === null
        ? 'This case is not assigned to an environment yet. Make an environment active in Settings to work on it.'
        : 'This case was captured under an environment that was removed from this laptop; it cannot be opened or sent.';
    }
    const where = `${owner.name} (${KIND_LABELS[owner.kind]})`;
    return active
      ? `This case was captured under ${where}, not ${active.name}. Switch to ${owner.name} in Settings to work on it.`
      : `This case was captured under ${where}. Switch to ${owner.name} in Settings to work on it.`;
  }

  /** Cases and unsent items of every profile but the active one, for "3 cases and 5 unsent items under Live". */
  elsewhere(): Elsewhere[] {
    const activeId = this.deps.activeProfile()?.id ?? null;
    // The active profile's jobs are never counted here (the status asks this on every queue event):
    // the other profiles are found one index probe each, and only their jobs are counted.
    const rows = statement(
      this.deps.db,
      `WITH RECURSIVE queued(id) AS (
         SELECT (SELECT MIN(profile_id) FROM jobs WHERE profile_id IS NOT NULL)
         UNION ALL
         SELECT (SELECT MIN(profile_id) FROM jobs WHERE profile_id > queued.id) FROM queued WHERE queued.id IS NOT NULL
       )
       SELECT profile_id AS profileId, SUM(cases) AS cases, SUM(unsent) AS unsent FROM (
         SELECT profile_id, COUNT(*) AS cases, 0 AS unsent FROM cases
          WHERE profile_id IS NOT NULL AND profile_id IS NOT @active GROUP BY profile_id
         UNION ALL
         SELECT id, 0, (SELECT COUNT(*) FROM jobs WHERE profile_id = queued.id) FROM queued
          WHERE id IS NOT NULL AND id IS NOT @active
       ) GROUP BY profile_id ORDER BY profile_id`,
    ).all({ active: activeId }) as { profileId: string; cases: number; unsent: number }[];
    return rows.map((r) => {
      const profile = this.deps.profiles.get(r.profileId);
      return {
        profileId: r.profileId,
        profileName: profile?.name ?? null,
        kind: profile?.kind ?? null,
        cases: r.cases,
        unsent: r.unsent,
      };
    });
  }

  /** Unsent items of one profile (removing or re-pointing a profile must not strand them). */
  unsentOf(profileId: string): number {
    return (
      statement(this.deps.db, 'SELECT COUNT(*) AS n FROM jobs WHERE profile_id = ?').get(profileId) as {
        n: number;
      }
    ).n;
  }

  /**
   * Cases the migration could not place (captured before profiles were recorded, with several
   * profiles and none active) go to the first profile made active afterwards, as they would have
   * been sent before; answers their ids. From then on they stay there.
   */
  assignUnassigned(profileId: string): string[] {
    return this.deps.db.transaction(() => {
      const ids = (
        statement(this.deps.db, 'SELECT id FROM cases WHERE profile_id IS NULL').all() as { id: string }[]
      ).map((r) => r.id);
      if (ids.length === 0) return ids;
      statement(this.deps.db, 'UPDATE cases SET profile_id = ? WHERE profile_id IS NULL').run(profileId);
      statement(this.deps.db, 'UPDATE jobs SET profile_id = ? WHERE profile_id IS NULL').run(profileId);
      return ids;
    })();
  }
}
