// The reviewer's desk: the service's cases (all of the partner's, not only this laptop's), listed
// with the published filters, opened, taken for offline review and decided.
import { z } from 'zod';
import { IsoDateSchema, OnboardingDecisionSchema, PAGE_SIZE_MAX } from '../api/common.js';

export const DeskKindSchema = z.enum(['entity', 'individual']);
export type DeskKind = z.infer<typeof DeskKindSchema>;

/** The published values the screen offers as choices (the service filters by "contains"). */
export const FICA_STATUSES = ['In Progress', 'Approved', 'Declined', 'Referred'] as const;
export const RISK_DESCRIPTIONS = ['Undetermined', 'Low Risk', 'Medium Risk', 'High Risk'] as const;

const filterText = z.string().trim().max(100).optional();

export const DeskListQuerySchema = z.object({
  kind: DeskKindSchema,
  /** At most 100 a page, as the service enforces; a larger page is refused here, not clamped. */
  take: z.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
  skip: z.number().int().min(0).default(0),
  clientReference: filterText,
  ficaStatus: filterText,
  riskDescription: filterText,
  /** Entities: the registered name; individuals: first and last name. */
  name: filterText,
  firstName: filterText,
  lastName: filterText,
  approvalDate: IsoDateSchema.optional(),
  lastUpdated: IsoDateSchema.optional(),
  nextFicaReviewDate: IsoDateSchema.optional(),
});

export const DeskRowSchema = z.object({
  kind: DeskKindSchema,
  serverId: z.string(),
  name: z.string(),
  /** Registration number (entity) or identity or passport number (individual). */
  number: z.string().nullable(),
  clientReference: z.string().nullable(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  onboardingDecision: z.string().nullable(),
  lastUpdated: z.string().nullable(),
});
export type DeskRow = z.infer<typeof DeskRowSchema>;

export const DeskPageSchema = z.object({
  rows: z.array(DeskRowSchema),
  count: z.number().int().nonnegative(),
  take: z.number().int().nonnegative(),
  skip: z.number().int().nonnegative(),
});
export type DeskPage = z.infer<typeof DeskPageSchema>;

export const DeskCaseRefSchema = z.object({ kind: DeskKindSchema, serverId: z.uuid() });
export type DeskCaseRef = z.infer<typeof DeskCaseRefSchema>;

export const DeskPersonSchema = z.object({
  serverId: z.string(),
  name: z.string(),
  roles: z.string(),
  ficaStatus: z.string(),
  riskStatus: z.string(),
});

/** Whose document it is decides where the service keeps it. */
export const DeskDocumentOwnerSchema = z.enum(['entity', 'ubo', 'individual']);

export const DeskDocumentSchema = z.object({
  owner: DeskDocumentOwnerSchema,
  /** The service's document id (entityDocID, uboDocsID or ficaIndividualDocsID). */
  docId: z.number().int().positive(),
  ownerName: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  uploadDate: z.string().nullable(),
});
export type DeskDocument = z.infer<typeof DeskDocumentSchema>;

export const DeskDecisionViewSchema = z.object({
  onboardingDecision: z.string(),
  comments: z.string().nullable(),
  approvalDate: z.string().nullable(),
  /** The person the service names for the decision, when it does. */
  decidedBy: z.string().nullable(),
});

/** A decision recorded here and not yet accepted by the service. */
export const DeskPendingDecisionSchema = z.object({
  onboardingDecision: OnboardingDecisionSchema,
  comments: z.string().nullable(),
  nextFicaReviewDate: z.string().nullable(),
  decidedBy: z.string(),
  recordedAt: z.string(),
  /** Sent with the decision so a resend after an unknown outcome is recognised by the service. */
  idempotencyKey: z.string().optional(),
});
export type DeskPendingDecision = z.infer<typeof DeskPendingDecisionSchema>;

export const DeskCaseSchema = z.object({
  kind: DeskKindSchema,
  serverId: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  clientReference: z.string().nullable(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  riskReason: z.string().nullable(),
  lastUpdated: z.string().nullable(),
  nextFicaReviewDate: z.string().nullable(),
  /** The service user who created the record (null when the record does not say). */
  createdBy: z.string().nullable(),
  decision: DeskDecisionViewSchema.nullable(),
  people: z.array(DeskPersonSchema),
  documents: z.array(DeskDocumentSchema),
  /** Set once taken for review: the copy on this laptop and when it was read from the service. */
  taken: z.object({ takenAt: z.string(), refreshedAt: z.string() }).nullable(),
  /** Where this view comes from: the service now, or the copy taken for review (offline). */
  source: z.enum(['service', 'taken']),
  pendingDecision: DeskPendingDecisionSchema.nullable(),
  /** Why the last decision sent from here was not accepted ("Decided elsewhere: …"). */
  decisionRefused: z.string().nullable(),
  /** Why this person may not decide the case, when they may not (mirrors the core's refusal). */
  mayNotDecide: z.string().nullable(),
});
export type DeskCase = z.infer<typeof DeskCaseSchema>;

export const DeskTakenSchema = z.object({
  kind: DeskKindSchema,
  serverId: z.string(),
  name: z.string(),
  clientReference: z.string().nullable(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  takenAt: z.string(),
  pendingDecision: z.string().nullable(),
  decisionRefused: z.string().nullable(),
});
export type DeskTaken = z.infer<typeof DeskTakenSchema>;

export const DeskDecisionInputSchema = DeskCaseRefSchema.extend({
  onboardingDecision: OnboardingDecisionSchema,
  comments: z.string().trim().max(5000).optional(),
  nextFicaReviewDate: z.iso.datetime({ offset: true }).optional(),
});
export type DeskDecisionInput = z.infer<typeof DeskDecisionInputSchema>;
