import { z } from 'zod';
import {
  LookupIdSchema,
  MAX_REFERENCE,
  UuidSchema,
  checkCitizenIdentity,
  optionalText,
  requiredText,
  responseDate,
} from './common.js';
import { SanctionsSearchResultsSchema } from './screening.js';

/** A percentage carried as text, e.g. "25" or "12.5", between 0 and 100. */
const percentageText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'shareholderPercentage must be a number as text, e.g. "25.5"')
  .refine((text) => Number(text) <= 100, 'shareholderPercentage must be at most 100');

/** Body of ubo-create and director-ubo-update (same shape). */
export const UboBodySchema = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    addressLine1: optionalText(),
    addressLine2: optionalText(),
    addressLine3: optionalText(),
    addressZipCode: optionalText(20),
    addressCountry: LookupIdSchema.optional(),
    clientSACitizen: z.boolean(),
    idNumber: requiredText(50).optional(),
    passportNumber: requiredText(50).optional(),
    passportCountry: LookupIdSchema.optional(),
    shareholderPercentage: percentageText.optional(),
    isDirector: z.boolean().optional(),
    isShareholder: z.boolean().optional(),
    externalId: optionalText(MAX_REFERENCE),
  })
  .superRefine(checkCitizenIdentity);
export type UboBody = z.infer<typeof UboBodySchema>;

export const UboCreateResponseSchema = z.looseObject({
  uboUUID: UuidSchema,
  sanctionsSearchResults: SanctionsSearchResultsSchema.nullish(),
});
export type UboCreateResponse = z.infer<typeof UboCreateResponseSchema>;

export const UboDocumentSummarySchema = z.looseObject({
  uboDocsID: z.number().int().positive(),
  individualDocsID: z.number().int().positive(),
  IndividualDocTypesID: z.number().int().positive(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  uploadDate: responseDate,
});
export type UboDocumentSummary = z.infer<typeof UboDocumentSummarySchema>;

const text = z.string().nullish();
const flag = z.boolean().nullish();
const lookupId = z.number().int().nullish();

export const UboRecordSchema = z.looseObject({
  uboID: UuidSchema,
  uboUUID: UuidSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  addressLine1: text,
  addressLine2: text,
  addressLine3: text,
  addressZipCode: text,
  addressCountry: lookupId,
  clientSACitizen: flag,
  idNumber: text,
  passportNumber: text,
  passportCountry: lookupId,
  // Published as text; a number is tolerated from a service that stores it numerically.
  shareholderPercentage: z.union([z.string(), z.number()]).nullish(),
  isDirector: flag,
  isShareholder: flag,
  externalId: text,
  ficaStatus: z.string(),
  riskStatus: z.string(),
  riskReason: text,
  uboVerifiedStatus: text,
  pepConfirmed: flag,
  adverseSearchKYC: flag,
  docsUploadedReviewed: flag,
  sanctionsSearchResults: SanctionsSearchResultsSchema.nullish(),
  entityTrustID: UuidSchema.nullish(),
  trustRelatedPartyTypes: z
    .union([z.string(), z.array(z.looseObject({ id: z.number().int(), name: z.string() }))])
    .nullish(),
  documents: z.array(UboDocumentSummarySchema).default([]),
});
export type UboRecord = z.infer<typeof UboRecordSchema>;

/** director-ubo-update answers "the updated UBO": the record's fields, any of them possibly absent. */
export const UpdatedUboRecordSchema = UboRecordSchema.partial();
export type UpdatedUboRecord = z.infer<typeof UpdatedUboRecordSchema>;

export const UboListResponseSchema = z.array(UboRecordSchema);
export type UboListResponse = z.infer<typeof UboListResponseSchema>;

export const UboPepConfirmResponseSchema = z.looseObject({
  riskStatus: z.string(),
  riskReason: z.string(),
});
export type UboPepConfirmResponse = z.infer<typeof UboPepConfirmResponseSchema>;

export const ProfileImageResponseSchema = z.looseObject({
  base64Content: z.string().nullable(),
  mimeType: z.string().nullish(),
});
export type ProfileImageResponse = z.infer<typeof ProfileImageResponseSchema>;
