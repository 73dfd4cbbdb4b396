// Reads a case of the service into this laptop's store as a desk case and follows it afterwards: the
// desk's open and take, and the case refresh of a desk case, all read it through here, one read of a
// case at a time.
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { DeskCaseRef } from '../../../shared/ipc/desk-model.js';
import type { FormDraftRef } from '../../../shared/ipc/form-drafts.js';
import type { ServiceClient } from '../api/client.js';
import type { CaseStore } from '../cases/case-store.js';
import type { JobStore } from '../jobs/job-store.js';
import { applyServiceCase, readServiceCase } from './service-case.js';

/** Typed input kept for a case under another address (form drafts), moved when the case is opened. */
export interface DraftMover {
  move(from: FormDraftRef, to: FormDraftRef): boolean;
}

export interface DeskCaseFollowerDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents'>;
  jobs: JobStore;
  lookups: (profileId: string) => LookupBundle;
  drafts: DraftMover;
  audit: (action: string, caseId: string | null, detail: string) => void;
  changed: (caseId: string) => void;
  now?: () => Date;
}

/** Where a decision typed on the desk before it was one path waits for its case (migration 013). */
const legacyDecision = (ref: DeskCaseRef): FormDraftRef => ({
  form: 'decision',
  caseId: null,
  subject: `desk:${ref.kind}:${ref.serverId}`,
});

export class DeskCaseFollower {
  private readonly reading = new Map<string, Promise<string>>();

  constructor(private readonly deps: DeskCaseFollowerDeps) {}

  /** Reads the service's case (through `api`, of `profileId`) and writes it here; answers the case id. */
  follow(api: ServiceClient, profileId: string, ref: DeskCaseRef): Promise<string> {
    const key = `${profileId}:${ref.kind}:${ref.serverId.toLowerCase()}`;
    let running = this.reading.get(key);
    if (!running) {
      running = this.read(api, profileId, ref).finally(() => this.reading.delete(key));
      this.reading.set(key, running);
    }
    return running;
  }

  private async read(api: ServiceClient, profileId: string, ref: DeskCaseRef): Promise<string> {
    const { store } = this.deps;
    const lookups = this.deps.lookups(profileId);
    const before = store.cases.caseOfService(profileId, ref.kind, ref.serverId);
    const applied = (key: string) => before?.data.reviewRecords[key]?.serviceDocId ?? null;
    const service = await readServiceCase(api, ref, lookups, applied);
    const now = (this.deps.now?.() ?? new Date()).toISOString();
    const caseId = store.db.transaction(() => {
      const existing = store.cases.caseOfService(profileId, ref.kind, ref.serverId);
      const id = applyServiceCase(
        {
          store,
          jobs: this.deps.jobs,
          lookups,
          profileId,
          audit: (action, id, message) => this.deps.audit(action, id, message),
          now,
        },
        service,
        existing?.origin === 'desk' ? existing : null,
      );
      if (!existing) this.deps.audit('desk.open', id, 'Opened from the service on the reviewer’s desk');
      return id;
    })();
    if (this.deps.drafts.move(legacyDecision(ref), { form: 'decision', caseId, subject: '' }))
      this.deps.audit(
        'desk.decision-kept',
        caseId,
        'A decision typed on the desk before this version was never sent: it is in the decision form, to be recorded again',
      );
    this.deps.changed(caseId);
    return caseId;
  }
}
