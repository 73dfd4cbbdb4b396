// What a job is: its kind with references to local rows (never personal data: that stays in the
// encrypted case rows and is read when the job runs), and where it sits in its case's order.
import { z } from 'zod';

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

/**
 * Position in the case's order (contract §5). A job waits for every pending job of its case with a
 * lower rank in the same scope (the whole case, or one person); jobs of one rank and scope run in
 * order except uploads, which run side by side.
 */
export const JOB_RANK: Record<JobKind, number> = {
  'entity.create': 1,
  'entity.kyb': 2,
  'entity.sanctions-review': 3,
  'entity.verify-organigram': 4,
  'ubo.create': 5,
  'ubo.update': 5,
  'ubo.delete': 5,
  'ubo.pep-confirm': 6,
  'ubo.doc-upload': 7,
  'ubo.doc-confirm': 8,
  'entity.shareholding-confirm': 9,
  'entity.doc-upload': 10,
  'entity.doc-confirm': 11,
  'entity.decision': 12,
  'individual.create': 1,
  'individual.update': 2,
  'individual.aml-screening': 3,
  'individual.external-validation': 4,
  'individual.pep-decision': 5,
  'individual.doc-upload': 6,
  'individual.confirm-docs': 7,
  'individual.decision': 8,
  // Deleting an uploaded document sits with the uploads of its owner.
  'document.delete': 0,
};

const PARALLEL: ReadonlySet<JobKind> = new Set([
  'ubo.doc-upload',
  'entity.doc-upload',
  'individual.doc-upload',
  'document.delete',
]);

export const isUpload = (kind: JobKind): boolean =>
  kind === 'ubo.doc-upload' || kind === 'entity.doc-upload' || kind === 'individual.doc-upload';

export interface Ordered {
  seq: number;
  payload: JobPayload;
  /** Rank of document.delete depends on its owner; given by the caller. */
  caseKind: 'entity' | 'individual';
  /** A decision other than Approved: the service takes it at any time once the record exists. */
  early?: boolean;
}

export function rankOf(job: Ordered): number {
  if (job.payload.kind !== 'document.delete') return JOB_RANK[job.payload.kind];
  if (job.caseKind === 'individual') return JOB_RANK['individual.doc-upload'];
  return job.payload.uboId ? JOB_RANK['ubo.doc-upload'] : JOB_RANK['entity.doc-upload'];
}

export function scopeOf(payload: JobPayload): string {
  if ('uboId' in payload && payload.uboId && payload.kind.startsWith('ubo.')) return `ubo:${payload.uboId}`;
  if (payload.kind === 'document.delete' && payload.uboId) return `ubo:${payload.uboId}`;
  return 'case';
}

/** True when `earlier` (pending, same case) must finish before `job` may start. */
export function mustWaitFor(job: Ordered, earlier: Ordered): boolean {
  if (earlier.seq === job.seq) return false;
  if (job.early) return rankOf(earlier) === 1;
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
