import { z } from 'zod';
import {
  IsoDateTimeSchema,
  LookupIdSchema,
  MAX_FREE_TEXT,
  MAX_REFERENCE,
  OnboardingDecisionSchema,
  UuidSchema,
  atLeastOneField,
  optionalText,
  requiredText,
} from './common.js';
import { DOCUMENT_LIMITS } from './documents.js';
import { EntityCreateRequestSchema } from './entity.js';
import { RiskSettingsSchema } from './lookups.js';
import { StaffRoleSchema } from '../domain/staff-roles.js';
import { UboBodySchema } from './ubo.js';

const balance = z.number().int().nonnegative();

export const PartnerCreateRequestSchema = z.object({
  name: requiredText(MAX_REFERENCE),
  balance: balance.optional(),
  riskSettings: RiskSettingsSchema.optional(),
});
export type PartnerCreateRequest = z.infer<typeof PartnerCreateRequestSchema>;

/** A partner's sign-in account (capturer, reviewer or admin) as the control API lists it. */
export const StaffAccountSchema = z.looseObject({
  userId: UuidSchema,
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const StaffAccountListSchema = z.array(StaffAccountSchema);

/** An account with its password in clear: only in the answer that created it, and for the demo partner. */
export const StaffAccountWithPasswordSchema = StaffAccountSchema.extend({ password: z.string() });
export type StaffAccountWithPassword = z.infer<typeof StaffAccountWithPasswordSchema>;

export const MIN_STAFF_PASSWORD_LENGTH = 8;

export const StaffPasswordRequestSchema = z.object({
  password: z.string().min(MIN_STAFF_PASSWORD_LENGTH).max(200),
});
export type StaffPasswordRequest = z.infer<typeof StaffPasswordRequestSchema>;

export const PartnerCreateResponseSchema = z.looseObject({
  partnerId: UuidSchema,
  clientId: z.string(),
  clientSecret: z.string(),
  balance: z.number(),
  users: z.array(StaffAccountWithPasswordSchema),
});
export type PartnerCreateResponse = z.infer<typeof PartnerCreateResponseSchema>;

export const PartnerUpdateRequestSchema = z
  .object({
    balance: balance.optional(),
    riskSettings: RiskSettingsSchema.optional(),
  })
  .refine(atLeastOneField, { message: 'At least one of balance and riskSettings must be given' });
export type PartnerUpdateRequest = z.infer<typeof PartnerUpdateRequestSchema>;

/** The partner as the control API shows it: never with its secret. */
export const PartnerPublicSchema = z.looseObject({
  partnerId: UuidSchema,
  name: z.string(),
  clientId: z.string().optional(),
  balance: z.number(),
  riskSettings: RiskSettingsSchema,
});
export type PartnerPublic = z.infer<typeof PartnerPublicSchema>;

const changes = z
  .record(z.string().min(1).max(100), z.unknown())
  .refine((value) => Object.keys(value).length > 0, 'changes must name at least one field');
const filename = z.string().trim().min(1).max(180);
// Base64 of the largest accepted document.
const contentBase64 = z.base64().max(Math.ceil(DOCUMENT_LIMITS.entity / 3) * 4);
const percentage = z.number().min(0).max(100);
const docId = z.number().int().positive();

// The partner's reviewer decides in the dashboard: the decision, its comment and the next review date.
const decision = {
  onboardingDecision: OnboardingDecisionSchema,
  additionalComments: optionalText(MAX_FREE_TEXT),
  nextFicaReviewDate: IsoDateTimeSchema.optional(),
};

const action = <A extends string, S extends z.ZodRawShape>(name: A, shape: S) =>
  z.object({ partnerId: UuidSchema, action: z.literal(name), ...shape });

export const DashboardActionSchema = z.discriminatedUnion('action', [
  action('createEntity', { body: EntityCreateRequestSchema }),
  action('updateEntity', { entityId: UuidSchema, changes }),
  action('uploadEntityDocument', {
    entityId: UuidSchema,
    entityDocsID: LookupIdSchema,
    entityDocTypesID: LookupIdSchema,
    filename,
    contentBase64,
  }),
  action('deleteEntityDocument', { entityId: UuidSchema, entityDocID: docId }),
  action('addTrust', {
    entityId: UuidSchema,
    trustName: requiredText(),
    sharePercentage: percentage,
    uboPercentage: percentage,
  }),
  action('updateTrust', { entityId: UuidSchema, entityTrustId: UuidSchema, changes }),
  action('createUbo', { entityId: UuidSchema, body: UboBodySchema }),
  action('updateUbo', { entityId: UuidSchema, uboId: UuidSchema, changes }),
  action('uploadUboDocument', {
    entityId: UuidSchema,
    uboId: UuidSchema,
    individualDocsID: LookupIdSchema,
    IndividualDocTypesID: LookupIdSchema,
    filename,
    contentBase64,
  }),
  action('deleteUboDocument', { entityId: UuidSchema, uboId: UuidSchema, uboDocID: docId }),
  action('decideEntity', { entityId: UuidSchema, ...decision }),
  action('decideIndividual', { individualId: UuidSchema, ...decision }),
]);
export type DashboardAction = z.infer<typeof DashboardActionSchema>;
export type DashboardActionName = DashboardAction['action'];

export const DashboardActionResponseSchema = z.looseObject({ eventIds: z.array(UuidSchema) });
export type DashboardActionResponse = z.infer<typeof DashboardActionResponseSchema>;

/**
 * The header the /sandbox/v1 control API asks for: the secret the sandbox prints at start (or the
 * desktop app keeps in the keychain for its embedded training sandbox).
 */
export const SANDBOX_CONTROL_SECRET_HEADER = 'x-sandbox-control-secret';

export const SECURITY_AUDIT_EVENTS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.refused',
  'sign-in.locked',
  'sign-in.unlocked',
  'client.failed',
  'client.refused',
  'client.locked',
  'client.unlocked',
] as const;
export const SecurityAuditEventSchema = z.enum(SECURITY_AUDIT_EVENTS);
export type SecurityAuditEvent = z.infer<typeof SecurityAuditEventSchema>;

/**
 * A line of the sandbox's security audit: a staff sign-in or a client's secret that failed, an
 * attempt refused while it had to wait or was locked, a lock and its lifting. `subject` is
 * `account:<email as typed>`, `client:<client id as sent>` or `address:<ip>`.
 */
export const SecurityAuditEntrySchema = z.looseObject({
  id: z.number().int().positive(),
  at: IsoDateTimeSchema,
  event: SecurityAuditEventSchema,
  subject: z.string(),
  address: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type SecurityAuditEntry = z.infer<typeof SecurityAuditEntrySchema>;
export const SecurityAuditListSchema = z.array(SecurityAuditEntrySchema);

export const SecurityAuditQuerySchema = z.object({
  /** Entries after this id (paging forwards). */
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
