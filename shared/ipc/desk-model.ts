// The reviewer's desk: the service's cases (all of the partner's, not only this laptop's), listed
// with the published filters. Opening one makes it a case of this laptop, decided like any other.
import { z } from 'zod';
import { IsoDateSchema, PAGE_SIZE_MAX } from '../api/common.js';

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
  /** The case of this laptop for it, when it was captured or opened here. */
  caseId: z.string().nullable(),
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
