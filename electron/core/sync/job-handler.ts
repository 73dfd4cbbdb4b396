// The contract between the queue and the code that sends one kind of job.
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { ServiceClient } from '../api/client.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import type { StoredDocument } from '../cases/store/documents.js';
import type { Vault } from '../vault/index.js';
import type { EntityJobKind, IndividualJobKind } from '../../../shared/domain/workflow-table.js';
import type { JobKind, JobPayload, PayloadOf } from '../jobs/job-kinds.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';

export interface JobEnv {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents' | 'claims'>;
  jobs: JobStore;
  vault: Vault;
  lookups: () => LookupBundle;
  currentUserId: () => string | null;
  /** Writes a line to the case's history, where a person will see it. */
  audit: (action: string, caseId: string, message: string) => void;
}

export interface ReadyContext<P extends JobPayload = JobPayload> extends JobEnv {
  job: StoredJob & { payload: P };
  case: StoredCase;
  /**
   * The job's document (null: it is gone) when the caller has just read it, in the same synchronous
   * pass; undefined when the handler reads it itself.
   */
  document?: StoredDocument | null;
}

export interface RunContext<P extends JobPayload = JobPayload> extends ReadyContext<P> {
  api: ServiceClient;
  signal: AbortSignal;
  idempotencyKey: string;
  /** Bytes of this job's upload handed to the socket so far. */
  progress(sent: number, total: number): void;
  /**
   * Records the service's answer and deletes the job in one transaction; `record` reads fresh rows
   * (other jobs of the case may have finished meanwhile).
   */
  complete(record: () => void): void;
}

export interface JobHandler<P extends JobPayload = JobPayload> {
  /** What the job does, in plain words. */
  label(ctx: ReadyContext<P>): string;
  /** A prerequisite the local state does not meet yet, in plain words; null when it may start. */
  waitingFor?(ctx: ReadyContext<P>): string | null;
  /**
   * A step of the workflow table this job needs that waits on a person and is neither recorded on
   * this laptop nor queued (an individual's PEP decision, an owner's PEP review), named by the job
   * that will send it. The job waits for it whatever is queued in front, so where it comes later
   * in the order than that work, the job's wait names it.
   */
  awaitsPerson?(ctx: ReadyContext<P>): EntityJobKind | IndividualJobKind | null;
  /**
   * True when `waitingFor` reads only the case and what the job's order group names (its kind, and
   * its person): jobs of one group then wait alike, and a case list tells one for all of them.
   */
  waitsAsItsGroup?: boolean;
  /**
   * What the job shows once it is sent, written in the transaction that marks it running (one
   * commit rather than two per job); not called when the job first looks for an earlier request.
   */
  starting?(ctx: ReadyContext<P>): void;
  /**
   * For a job whose earlier request may have reached the service: look for its effect there. True
   * when found (and recorded via complete); false when it must be sent again.
   */
  reconcile?(ctx: RunContext<P>): Promise<boolean>;
  run(ctx: RunContext<P>): Promise<void>;
}

export type HandlerMap = { [K in JobKind]: JobHandler<PayloadOf<K>> };
