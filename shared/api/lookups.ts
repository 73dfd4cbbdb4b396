import { z } from 'zod';
import { LookupIdSchema, UuidSchema } from './common.js';

export const EntityTypeSchema = z.looseObject({
  id: LookupIdSchema,
  name: z.string(),
  showOrganigram: z.boolean(),
  foreignEntityType: z.boolean(),
  active: z.boolean(),
  country: z.union([z.string(), z.number()]).nullish(),
  description: z.string().nullish(),
});
export type EntityType = z.infer<typeof EntityTypeSchema>;

export const TrustRelatedPartyTypeSchema = z.looseObject({
  id: LookupIdSchema,
  name: z.string(),
  active: z.boolean().optional(),
});
export type TrustRelatedPartyType = z.infer<typeof TrustRelatedPartyTypeSchema>;

export const EntityDocGroupSchema = z.looseObject({
  id: LookupIdSchema,
  name: z.string(),
  descriptionLowRisk: z.string().nullable(),
  descriptionMediumRisk: z.string().nullable(),
  descriptionHighRisk: z.string().nullable(),
  requiredLowRisk: z.boolean(),
  requiredMediumRisk: z.boolean(),
  requiredHighRisk: z.boolean(),
  active: z.boolean(),
});
export type EntityDocGroup = z.infer<typeof EntityDocGroupSchema>;

// The word order differs from the entity group on purpose: it is the published spelling.
export const IndividualDocGroupSchema = z.looseObject({
  id: LookupIdSchema,
  name: z.string(),
  lowRiskDescription: z.string().nullable(),
  mediumRiskDescription: z.string().nullable(),
  highRiskDescription: z.string().nullable(),
  lowRiskRequired: z.boolean(),
  mediumRiskRequired: z.boolean(),
  highRiskRequired: z.boolean(),
  active: z.boolean(),
});
export type IndividualDocGroup = z.infer<typeof IndividualDocGroupSchema>;

/** A document type: `docID` is the `id` of its group. */
const docType = z.looseObject({
  id: LookupIdSchema,
  docID: LookupIdSchema,
  name: z.string(),
  active: z.boolean().optional(),
});

export const EntityDocTypeSchema = docType;
export type EntityDocType = z.infer<typeof EntityDocTypeSchema>;

export const IndividualDocTypeSchema = docType;
export type IndividualDocType = z.infer<typeof IndividualDocTypeSchema>;

export const SimpleLookupSchema = z.looseObject({
  id: LookupIdSchema,
  name: z.string(),
  active: z.boolean(),
});
export type SimpleLookup = z.infer<typeof SimpleLookupSchema>;

export const CountrySchema = SimpleLookupSchema.extend({
  code: z.string().regex(/^[A-Z]{2}$/, 'code must be an ISO 3166 alpha-2 code'),
  highRisk: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;

export const RiskSettingsSchema = z
  .object({
    mediumFrom: z.number().int().positive().nullable().optional(),
    highFrom: z.number().int().positive().optional(),
  })
  .superRefine((value, ctx) => {
    const highFrom = value.highFrom ?? 15;
    if (value.mediumFrom != null && value.mediumFrom >= highFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['mediumFrom'],
        message: `mediumFrom must be below highFrom (${highFrom})`,
      });
    }
  });
export type RiskSettings = z.infer<typeof RiskSettingsSchema>;

export const PartnerSchema = z.looseObject({
  id: UuidSchema,
  name: z.string(),
  balance: z.number(),
  riskSettings: RiskSettingsSchema,
});
export type Partner = z.infer<typeof PartnerSchema>;

export const USER_ROLES = ['capturer', 'reviewer', 'admin'] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const UserSchema = z.looseObject({
  id: UuidSchema,
  name: z.string(),
  email: z.string(),
  // Any text is accepted so a service with more roles still parses; compare with USER_ROLES.
  role: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const EntityTypeListSchema = z.array(EntityTypeSchema);
export type EntityTypeList = z.infer<typeof EntityTypeListSchema>;
export const TrustRelatedPartyTypeListSchema = z.array(TrustRelatedPartyTypeSchema);
export type TrustRelatedPartyTypeList = z.infer<typeof TrustRelatedPartyTypeListSchema>;
export const EntityDocGroupListSchema = z.array(EntityDocGroupSchema);
export type EntityDocGroupList = z.infer<typeof EntityDocGroupListSchema>;
export const EntityDocTypeListSchema = z.array(EntityDocTypeSchema);
export type EntityDocTypeList = z.infer<typeof EntityDocTypeListSchema>;
export const IndividualDocGroupListSchema = z.array(IndividualDocGroupSchema);
export type IndividualDocGroupList = z.infer<typeof IndividualDocGroupListSchema>;
export const IndividualDocTypeListSchema = z.array(IndividualDocTypeSchema);
export type IndividualDocTypeList = z.infer<typeof IndividualDocTypeListSchema>;
export const SimpleLookupListSchema = z.array(SimpleLookupSchema);
export type SimpleLookupList = z.infer<typeof SimpleLookupListSchema>;
export const CountryListSchema = z.array(CountrySchema);
export type CountryList = z.infer<typeof CountryListSchema>;
export const UserListSchema = z.array(UserSchema);
export type UserList = z.infer<typeof UserListSchema>;
