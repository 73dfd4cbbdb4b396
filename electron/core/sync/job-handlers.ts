// The handler of each job kind, and the context it is called with: what the scheduler, the views
// and the failure policy ask of a job ("what are you", "what do you wait for").
import type { StoredCase } from '../cases/store/case-records.js';
import type { StoredDocument } from '../cases/store/documents.js';
import type { HandlerMap, JobEnv, JobHandler, ReadyContext } from './job-handler.js';
import type { EntityJobKind, IndividualJobKind } from '../../../shared/domain/workflow-table.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import type { StoredJob } from '../jobs/job-store.js';
import type { QueueEnvironment } from './queue-types.js';

export class JobHandlers {
  constructor(
    private readonly deps: {
      handlers: HandlerMap;
      env: JobEnv;
      environment: Pick<QueueEnvironment, 'lookupsOf'>;
    },
  ) {}

  of(payload: JobPayload): JobHandler {
    return this.ofKind(payload.kind);
  }

  ofKind(kind: JobPayload['kind']): JobHandler {
    return this.deps.handlers[kind] as JobHandler;
  }

  env(): JobEnv {
    return this.deps.env;
  }

  /** The job's context, with the look-ups of the environment it was captured in. */
  readyContext(job: StoredJob, caseRow: StoredCase, document?: StoredDocument | null): ReadyContext {
    return {
      ...this.deps.env,
      lookups: () => this.deps.environment.lookupsOf(job.profileId),
      job,
      case: caseRow,
      document,
    };
  }

  /** What the job's own handler says it waits for; a handler that throws names the reason. */
  waitingFor(job: StoredJob, caseRow: StoredCase): string | null {
    try {
      return this.of(job.payload).waitingFor?.(this.readyContext(job, caseRow)) ?? null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** The recorded-by-a-person step the job still needs (JobHandler.awaitsPerson), if any. */
  awaitsPerson(job: StoredJob, caseRow: StoredCase): EntityJobKind | IndividualJobKind | null {
    try {
      return this.of(job.payload).awaitsPerson?.(this.readyContext(job, caseRow)) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * What the job does, in plain words; its kind when its case is gone or its handler cannot say.
   * `caseRow` is the job's case, and `document` its document, when the caller has just read them (a
   * page of the queue).
   */
  label(job: StoredJob, caseRow?: StoredCase | null, document?: StoredDocument | null): string {
    const c = caseRow === undefined ? this.deps.env.store.cases.getCase(job.caseId) : caseRow;
    if (!c) return job.payload.kind;
    try {
      return this.of(job.payload).label(this.readyContext(job, c, document));
    } catch {
      return job.payload.kind;
    }
  }
}
