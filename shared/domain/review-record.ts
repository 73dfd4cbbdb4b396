// The review record: what a person saw and decided about one subject of a case (the entity, one of
// its people, or the individual client), attached to that subject on the service so that reviewers
// at other desks see it. The service's own API carries only `adverseSearchKYC` and
// `pepConfirmReviewed`; the dispositions (who, when, why), the fingerprint of the results they were
// made on, the ownership tree and the bank account check travel in this record. It is a PDF a person
// can read with this JSON embedded as a file (the service accepts only PDF and images), filed under
// the partner's "Additional documents" group (contract.md §9).
import { z } from 'zod';
import { BankAccountVerificationResponseSchema } from '../api/bank.js';
import { OrganigramNodeRequestSchema } from '../api/organigram.js';
import { DispositionSchema } from './screening-review.js';

export const REVIEW_RECORD_FORMAT = 'fica-desk/review-record@1';
/** The name of the JSON file embedded in the PDF. */
export const REVIEW_RECORD_ATTACHMENT = 'review-record.json';
/** Filenames of review records start with this; the content decides, the name only finds candidates. */
export const REVIEW_RECORD_PREFIX = 'review-record';

export const ReviewRecordSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity'), serverId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('ubo'), serverId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('individual'), serverId: z.string(), name: z.string() }),
]);

export const ReviewRecordScreeningSchema = z.object({
  /** SHA-256 of the canonical results the review was made on (screeningFingerprint). */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  dispositions: z.array(DispositionSchema).max(500),
  /** The service user who recorded the review. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string(),
  /** What the service was told. */
  adverseSearchKYC: z.boolean(),
});
export type ReviewRecordScreening = z.infer<typeof ReviewRecordScreeningSchema>;

export const ReviewRecordSchema = z.object({
  format: z.literal(REVIEW_RECORD_FORMAT),
  /** The case's id on the service (the entity or individual). */
  caseServerId: z.string(),
  subject: ReviewRecordSubjectSchema,
  recordedAt: z.string(),
  /** The service user on whose laptop the record was made. */
  recordedBy: z.string().nullable(),
  /** The screening review of the subject; null when none was recorded. */
  screening: ReviewRecordScreeningSchema.nullable(),
  /** Everyone who captured or changed the case (maker and checker), the creator first. */
  makers: z.array(z.string()).max(100),
  /** The ownership tree as captured (entity, ownership-tree path): effective shares travel with it. */
  ownershipTree: z.array(OrganigramNodeRequestSchema).nullable().default(null),
  /** The individual's bank account check, when one was made. */
  bankVerification: BankAccountVerificationResponseSchema.nullable().default(null),
});
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

/** Where a review record is filed: by subject, `entity`, `ubo:<service id>` or `individual`. */
export const reviewSubjectKey = (kind: 'entity' | 'ubo' | 'individual', serverId?: string): string =>
  kind === 'ubo' ? `ubo:${(serverId ?? '').toLowerCase()}` : kind;

/** The partner's "Additional documents" group of one side (contract.md §9), where records are filed. */
export function additionalGroupId(
  groups: ReadonlyArray<{ id: number; name: string; active: boolean }>,
): number | null {
  return groups.find((g) => g.active && g.name.trim().toLowerCase() === 'additional documents')?.id ?? null;
}

/** The group's "Other" type, under which a record is filed. */
export function otherTypeId(
  types: ReadonlyArray<{ id: number; docID: number; name: string }>,
  groupId: number,
): number | null {
  return types.find((t) => t.docID === groupId && t.name.trim().toLowerCase() === 'other')?.id ?? null;
}
