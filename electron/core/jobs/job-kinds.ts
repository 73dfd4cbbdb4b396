// What a job is: its kind with references to local rows (never personal data: that stays in the
// encrypted case rows and is read when the job runs), and where it sits in its case's order.
import { z } from 'zod';
import {
  DOCUMENT_DELETE,
  ENTITY_JOBS,
  INDIVIDUAL_JOBS,
  WORKFLOW_RANK,
  workflowJob,
  type WorkflowJobKind,
} from '../../../shared/domain/workflow-table.js';

const Id = z.string().min(1);

/**
 * Every job carries the user who acted (recorded when the action was taken), so the service hears
 * of the person who captured, reviewed or decided, whichever user is selected when the queue sends.
 */
const job = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, actor: Id.optional() });

export const JobPayloadSchema = z.discriminatedUnion('kind', [
  job({ kind: z.literal('entity.create') }),
  job({ kind: z.literal('entity.kyb') }),
  job({ kind: z.literal('entity.sanctions-review') }),
  job({ kind: z.literal('entity.verify-organigram') }),
  job({ kind: z.literal('ubo.create'), uboId: Id }),
  job({ kind: z.literal('ubo.update'), uboId: Id }),
  job({ kind: z.literal('ubo.delete'), uboId: Id }),
  job({ kind: z.literal('ubo.pep-confirm'), uboId: Id }),
  job({ kind: z.literal('ubo.doc-upload'), uboId: Id, documentId: Id }),
  job({ kind: z.literal('ubo.doc-confirm'), uboId: Id }),
  job({ kind: z.literal('entity.shareholding-confirm') }),
  job({ kind: z.literal('entity.doc-upload'), documentId: Id }),
  job({ kind: z.literal('entity.doc-confirm') }),
  job({ kind: z.literal('entity.decision') }),
  job({ kind: z.literal('individual.create') }),
  job({ kind: z.literal('individual.update') }),
  job({ kind: z.literal('individual.aml-screening') }),
  job({ kind: z.literal('individual.external-validation') }),
  job({ kind: z.literal('individual.pep-decision') }),
  job({ kind: z.literal('individual.doc-upload'), documentId: Id }),
  job({ kind: z.literal('individual.confirm-docs') }),
  job({ kind: z.literal('individual.decision') }),
  job({ kind: z.literal('document.delete'), documentId: Id, uboId: Id.nullable() }),
]);
export type JobPayload = z.infer<typeof JobPayloadSchema>;
export type JobKind = JobPayload['kind'];
/** The payload of one kind of job. */
export type PayloadOf<K extends JobKind> = Extract<JobPayload, { kind: K }>;

// The table names every kind of job; a kind here without a row there (or the reverse) does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsMatchTheTable: Same<JobKind, WorkflowJobKind> = true;
void kindsMatchTheTable;

type RankedKind = Exclude<JobKind, typeof DOCUMENT_DELETE.kind>;

/**
 * Position in the case's order (contract §5), from the workflow table. A job waits for every
 * pending job of its case with a lower rank in the same scope (the whole case, or one person);
 * jobs of one rank and scope run in order except uploads, which run side by side.
 */
export const JOB_RANK: Readonly<Record<RankedKind, number>> = WORKFLOW_RANK;

const UPLOADS: ReadonlySet<JobKind> = new Set(
  [...ENTITY_JOBS, ...INDIVIDUAL_JOBS].filter((row) => row.upload).map((row) => row.kind),
);
const PARALLEL: ReadonlySet<JobKind> = new Set([...UPLOADS, DOCUMENT_DELETE.kind]);

export const isUpload = (kind: JobKind): boolean => UPLOADS.has(kind);
export const UPLOAD_KINDS: readonly JobKind[] = [...UPLOADS];

export interface Ordered {
  seq: number;
  payload: JobPayload;
  /** Rank of document.delete depends on its owner's case kind; given by the caller. */
  caseKind: 'entity' | 'individual';
  /** A decision other than Approved: the service takes it at any time once the record exists. */
  early?: boolean;
}

export function rankOf(job: Ordered): number {
  if (job.payload.kind !== DOCUMENT_DELETE.kind) return JOB_RANK[job.payload.kind];
  const { sitsWith } = DOCUMENT_DELETE;
  if (job.caseKind === 'individual') return JOB_RANK[sitsWith.individual];
  return JOB_RANK[job.payload.uboId ? sitsWith.person : sitsWith.entity];
}

/** The job an early decision of this kind still waits for: the one that creates the record. */
const earlyAfter = (kind: JobKind): JobKind | undefined =>
  kind === DOCUMENT_DELETE.kind ? undefined : workflowJob(kind).otherDecisionsAfter;

/** True for a decision job, which the service takes early when it is not an approval. */
export const isDecisionKind = (kind: JobKind): boolean => earlyAfter(kind) !== undefined;

export function scopeOf(payload: JobPayload): string {
  if ('uboId' in payload && payload.uboId && payload.kind.startsWith('ubo.')) return `ubo:${payload.uboId}`;
  if (payload.kind === 'document.delete' && payload.uboId) return `ubo:${payload.uboId}`;
  return 'case';
}

/** True when `earlier` (pending, same case) must finish before `job` may start. */
export function mustWaitFor(job: Ordered, earlier: Ordered): boolean {
  if (earlier.seq === job.seq) return false;
  if (job.early) return earlier.payload.kind === earlyAfter(job.payload.kind);
  const a = scopeOf(job.payload);
  const b = scopeOf(earlier.payload);
  const related = a === 'case' || b === 'case' || a === b;
  if (!related) return false;
  const rj = rankOf(job);
  const re = rankOf(earlier);
  if (re < rj) return true;
  if (re === rj && a === b && earlier.seq < job.seq) {
    return !(PARALLEL.has(job.payload.kind) && PARALLEL.has(earlier.payload.kind));
  }
  return false;
}

/**
 * Jobs of one kind (and one person, for a person's jobs and deletions) share their rank, scope and
 * whether they run side by side: the first of them stands for all in a case's order.
 */
export function orderGroupOf(payload: JobPayload): string {
  return isPersonKind(payload.kind) && 'uboId' in payload && payload.uboId
    ? `${payload.kind} ${payload.uboId}`
    : payload.kind;
}

/** A kind whose jobs take their place in the order per person: a person's jobs, and deletions. */
export const isPersonKind = (kind: JobKind): boolean =>
  kind.startsWith('ubo.') || kind === DOCUMENT_DELETE.kind;

/** Every kind of job. */
export const JOB_KINDS: readonly JobKind[] = [
  ...(Object.keys(JOB_RANK) as RankedKind[]),
  DOCUMENT_DELETE.kind,
];

/**
 * The job in front of `job` that names its wait: of the pending jobs it must wait for, one of the
 * highest rank, the earliest queued of those. `pending` is in seq order; the first job of each
 * order group (orderGroupOf) gives the same answer as all of them.
 */
export function blockerAmong<T extends Ordered>(job: Ordered, pending: readonly T[]): T | undefined {
  let blocker: T | undefined;
  let blockerRank = -1;
  for (const other of pending) {
    const rank = rankOf(other);
    if (rank > blockerRank && mustWaitFor(job, other)) {
      blocker = other;
      blockerRank = rank;
    }
  }
  return blocker;
}
