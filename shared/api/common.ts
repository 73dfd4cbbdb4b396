import { z } from 'zod';

// Bounds keep oversized input out of storage: validation refuses it before anything is written.
export const MAX_NAME = 500;
export const MAX_REFERENCE = 200;
export const MAX_FREE_TEXT = 5000;

/** A required, trimmed, non-empty string of at most `max` characters. */
export const requiredText = (max: number = MAX_NAME) => z.string().trim().min(1).max(max);
/** An optional string of at most `max` characters (request bodies). */
export const optionalText = (max: number = MAX_NAME) => z.string().max(max).optional();

export const UuidSchema = z.uuid();
export type Uuid = z.infer<typeof UuidSchema>;

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

export const IsoDateSchema = z.iso.date();
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** Dates in responses: a date-time (any offset, or none) or a plain date, so a service that
 * sends either still parses. */
export const responseDate = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]);

export const BoolTextSchema = z.enum(['true', 'false']);
export type BoolText = z.infer<typeof BoolTextSchema>;

export const LookupIdSchema = z.number().int().positive();
export type LookupId = z.infer<typeof LookupIdSchema>;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

export const PageQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  skip: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    count: z.number().int().nonnegative(),
    take: z.number().int().nonnegative(),
    skip: z.number().int().nonnegative(),
  });
}

export const RISK_BANDS = ['Low Risk', 'Medium Risk', 'High Risk'] as const;
export const RiskBandSchema = z.enum(RISK_BANDS);
export type RiskBand = z.infer<typeof RiskBandSchema>;

export const RiskDescriptionSchema = z.enum([...RISK_BANDS, 'Undetermined']);
export type RiskDescription = z.infer<typeof RiskDescriptionSchema>;

export const ONBOARDING_DECISIONS = ['Approved', 'Declined', 'Refer', 'In Progress'] as const;
export const OnboardingDecisionSchema = z.enum(ONBOARDING_DECISIONS);
export type OnboardingDecision = z.infer<typeof OnboardingDecisionSchema>;

export const SuccessResponseSchema = z.looseObject({ success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

export const MessageResponseSchema = z.looseObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * An answer whose body the published documents do not show ("Deletes the document", "Updated on
 * the existing record"): a JSON object with any fields, or no body at all.
 */
export const UnshownAnswerSchema = z.union([z.looseObject({}), z.literal('')]);
export type UnshownAnswer = z.infer<typeof UnshownAnswerSchema>;

/** The answer of a 204: no body. */
export const NoContentSchema = z.literal('');

/** Bounded answers to custom questions: plain values only, so a client cannot store arbitrary trees. */
export const customQuestions = z
  .record(
    z.string().min(1).max(MAX_REFERENCE),
    z.union([
      z.string().max(MAX_FREE_TEXT),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(z.string().max(MAX_FREE_TEXT)).max(100),
    ]),
  )
  .refine((answers) => Object.keys(answers).length <= 200, {
    message: 'customQuestions may hold at most 200 answers',
  });

/** The citizenship rule shared by the UBO body and the individual create body. */
export function checkCitizenIdentity(
  value: { clientSACitizen: boolean; idNumber?: string; passportNumber?: string; passportCountry?: number },
  ctx: z.RefinementCtx,
): void {
  if (value.clientSACitizen) {
    if (value.idNumber === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['idNumber'],
        message: 'idNumber is required when clientSACitizen is true',
      });
    }
    return;
  }
  if (value.passportNumber === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['passportNumber'],
      message: 'passportNumber is required when clientSACitizen is false',
    });
  }
  if (value.passportCountry === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['passportCountry'],
      message: 'passportCountry is required when clientSACitizen is false',
    });
  }
}

/** Refinement for PATCH-style bodies: at least one field present. */
export function atLeastOneField(value: object): boolean {
  return Object.values(value).some((v) => v !== undefined);
}
