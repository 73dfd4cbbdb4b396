// What a waiting job waits for, named after the job in front of it ("waiting for PEP review of
// Jane Doe"), so the queue screen and the case's steps say the same thing. The words are the
// workflow table's (shared/domain/workflow-table.ts).
import { waitingBehind, type WorkflowJobKind } from '../../../shared/domain/workflow-table.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredUbo } from '../cases/store/people.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import { uboName } from './record.js';

export function waitPhrase(blocker: JobPayload, store: Pick<CaseStore, 'people'>): string {
  return waitingBehind(blocker.kind, () =>
    'uboId' in blocker && blocker.uboId ? uboName(store.people.getUbo(blocker.uboId)) : 'this person',
  );
}

/** The words of a step a person has yet to record for this job (JobHandler.awaitsPerson). */
export function gatePhrase(kind: WorkflowJobKind, job: JobPayload, store: Pick<CaseStore, 'people'>): string {
  return waitingBehind(kind, () =>
    'uboId' in job && job.uboId ? uboName(store.people.getUbo(job.uboId)) : 'this person',
  );
}

/** The same words for a job whose prerequisite a handler finds missing on this laptop. */
export const waitingOn = (kind: WorkflowJobKind, person?: StoredUbo | null): string =>
  waitingBehind(kind, () => uboName(person));
