import { z } from 'zod';
import {
  BoolTextSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  LookupIdSchema,
  MAX_FREE_TEXT,
  MAX_REFERENCE,
  OnboardingDecisionSchema,
  PageQuerySchema,
  UuidSchema,
  atLeastOneField,
  checkCitizenIdentity,
  customQuestions,
  optionalText,
  pageOf,
  requiredText,
  responseDate,
} from './common.js';
import { AmlScreeningResultSchema } from './screening.js';

const email = z.email().max(320);

// Required status of create fields is not published: only the identity fields are required.
/** The create body's fields, without the identity rule (a record read back is kept as the service has it). */
export const IndividualCreateFieldsSchema = z.object({
  externalSystemId: optionalText(MAX_REFERENCE),
  clientRef: optionalText(MAX_REFERENCE),
  firstName: requiredText(),
  lastName: requiredText(),
  clientEmail: email.optional(),
  telNumber: optionalText(50),
  userID: UuidSchema.optional(),
  idNumber: requiredText(50).optional(),
  passportNumber: requiredText(50).optional(),
  taxNumber: optionalText(50),
  addressLineOne: optionalText(),
  addressLineTwo: optionalText(),
  townCity: optionalText(),
  zipCode: optionalText(20),
  employmentStatus: LookupIdSchema.optional(),
  occupation: optionalText(),
  employmentIndustry: LookupIdSchema.optional(),
  employerName: optionalText(),
  employerIndustry: optionalText(),
  transactionFrequency: LookupIdSchema.optional(),
  transactionType: LookupIdSchema.optional(),
  transactionFundingSource: LookupIdSchema.optional(),
  transactionSourceWealth: LookupIdSchema.optional(),
  sourceFundingDescription: optionalText(MAX_FREE_TEXT),
  sourceWealthDescription: optionalText(MAX_FREE_TEXT),
  additionalVerification: z.boolean().optional(),
  additionalVerificationReason: z.string().max(MAX_FREE_TEXT).nullable().optional(),
  transactionConsistent: BoolTextSchema.optional(),
  transactionInconsistantReason: z.string().max(MAX_FREE_TEXT).nullable().optional(),
  customerPermission: z.boolean().optional(),
  partnerID: UuidSchema.optional(),
  countryResidence: LookupIdSchema.optional(),
  passportCountry: LookupIdSchema.optional(),
  addressCountry: LookupIdSchema.optional(),
  clientFaceToFace: z.boolean().optional(),
  clientSACitizen: z.boolean(),
  customQuestions: customQuestions.optional(),
});
export const IndividualCreateRequestSchema = IndividualCreateFieldsSchema.superRefine(checkCitizenIdentity);
export type IndividualCreateRequest = z.infer<typeof IndividualCreateRequestSchema>;

export const IndividualCreateResponseSchema = z.looseObject({ id: UuidSchema });
export type IndividualCreateResponse = z.infer<typeof IndividualCreateResponseSchema>;

export const IndividualUpdateRequestSchema = z
  .object({
    firstName: requiredText().optional(),
    lastName: requiredText().optional(),
    clientEmail: email.optional(),
    clientPhone: optionalText(50),
    externalSystemId: optionalText(MAX_REFERENCE),
  })
  .refine(atLeastOneField, { message: 'At least one field must be given' });
export type IndividualUpdateRequest = z.infer<typeof IndividualUpdateRequestSchema>;

export const ExternalValidationRequestSchema = z.object({
  identificationNumber: optionalText(50),
  passportNumber: optionalText(50),
  firstName: optionalText(),
  lastName: optionalText(),
  residentialLine1: optionalText(),
  residentialLine2: optionalText(),
  residentialLine3: optionalText(),
  residentialZIPCode: optionalText(20),
});
export type ExternalValidationRequest = z.infer<typeof ExternalValidationRequestSchema>;

export const ExternalValidationResponseSchema = z.looseObject({
  consumerDetail: z.looseObject({
    FirstName: z.string().nullish(),
    Surname: z.string().nullish(),
    IDNo: z.string().nullish(),
    BirthDate: z.string().nullish(),
    Gender: z.string().nullish(),
    EmailAddress: z.string().nullish(),
  }),
  kycResult: z.looseObject({
    IDStatusDesc: z.string().nullish(),
    KYCStatusDesc: z.string().nullish(),
  }),
  consumerEmploymentHistory: z.array(z.unknown()),
});
export type ExternalValidationResponse = z.infer<typeof ExternalValidationResponseSchema>;

export const PepSanctionsDecisionRequestSchema = z
  .object({
    pepConfirmReviewed: z.boolean(),
    adverseSearchKYC: z.boolean(),
    clientForeignOfficial: z.boolean(),
    clientForeignOfficialType: LookupIdSchema.nullable().optional(),
    userID: UuidSchema,
    partnerID: UuidSchema,
  })
  .superRefine((value, ctx) => {
    if (value.clientForeignOfficial && value.clientForeignOfficialType == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientForeignOfficialType'],
        message: 'clientForeignOfficialType is required when clientForeignOfficial is true',
      });
    }
  });
export type PepSanctionsDecisionRequest = z.infer<typeof PepSanctionsDecisionRequestSchema>;

export const IndividualDecisionRequestSchema = z.object({
  onboardingDecision: OnboardingDecisionSchema,
  additionalComments: optionalText(MAX_FREE_TEXT),
  nextFicaReviewDate: IsoDateTimeSchema.optional(),
  userID: UuidSchema.optional(),
  partnerID: UuidSchema.optional(),
});
export type IndividualDecisionRequest = z.infer<typeof IndividualDecisionRequestSchema>;

export const IndividualDocumentRecordSchema = z.looseObject({
  ficaIndividualDocsID: z.number().int().positive(),
  individualDocsID: z.number().int().positive(),
  IndividualDocTypesID: z.number().int().positive(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  uploadDate: responseDate,
});
export type IndividualDocumentRecord = z.infer<typeof IndividualDocumentRecordSchema>;

export const IndividualDocumentsUploadResponseSchema = z.looseObject({
  documents: z.array(IndividualDocumentRecordSchema),
});
export type IndividualDocumentsUploadResponse = z.infer<typeof IndividualDocumentsUploadResponseSchema>;

export const IndividualDocumentContentSchema = z.looseObject({
  ficaIndividualDocsID: z.number().int().positive(),
  base64Content: z.string(),
  mimeType: z.string(),
  filename: z.string(),
});
export type IndividualDocumentContent = z.infer<typeof IndividualDocumentContentSchema>;

export const ConfirmDocsRequestSchema = z.object({ userUUID: UuidSchema });
export type ConfirmDocsRequest = z.infer<typeof ConfirmDocsRequestSchema>;

export const ConfirmDocsResponseSchema = z.looseObject({
  message: z.string(),
  docsUploadedReviewed: z.literal(true),
});
export type ConfirmDocsResponse = z.infer<typeof ConfirmDocsResponseSchema>;

const contains = z.string().max(MAX_REFERENCE).optional();
/** A whole-day filter: a date, or a date-time whose day is meant. */
const dayFilter = z.union([IsoDateSchema, IsoDateTimeSchema]).optional();

export const IndividualListQuerySchema = PageQuerySchema.extend({
  externalUserID: contains,
  clientReference: contains,
  firstName: contains,
  lastName: contains,
  ficaStatus: contains,
  identificationNumber: contains,
  passportNumber: contains,
  riskDescription: contains,
  approvalDate: dayFilter,
  lastUpdated: dayFilter,
  nextFicaReviewDate: dayFilter,
});
export type IndividualListQuery = z.infer<typeof IndividualListQuerySchema>;

const text = z.string().nullish();
const flag = z.boolean().nullish();
const lookupId = z.number().int().nullish();
const date = responseDate.nullish();

export const IndividualListItemSchema = z.looseObject({
  ficaIndividualGUID: UuidSchema,
  externalUserID: text,
  clientReference: text,
  firstName: text,
  lastName: text,
  ficaStatus: text,
  identificationNumber: text,
  passportNumber: text,
  riskDescription: text,
  approvalDate: date,
  lastUpdated: date,
  nextFicaReviewDate: date,
  approvedBy: text,
});
export type IndividualListItem = z.infer<typeof IndividualListItemSchema>;

export const IndividualPageSchema = pageOf(IndividualListItemSchema);
export type IndividualPage = z.infer<typeof IndividualPageSchema>;

export const IndividualRecordSchema = z.looseObject({
  id: UuidSchema,
  externalSystemId: text,
  clientRef: text,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  clientEmail: text,
  telNumber: text,
  userID: text,
  idNumber: text,
  passportNumber: text,
  taxNumber: text,
  addressLineOne: text,
  addressLineTwo: text,
  townCity: text,
  zipCode: text,
  employmentStatus: lookupId,
  occupation: text,
  employmentIndustry: lookupId,
  employerName: text,
  employerIndustry: text,
  transactionFrequency: lookupId,
  transactionType: lookupId,
  transactionFundingSource: lookupId,
  transactionSourceWealth: lookupId,
  sourceFundingDescription: text,
  sourceWealthDescription: text,
  additionalVerification: flag,
  additionalVerificationReason: text,
  transactionConsistent: BoolTextSchema.nullish(),
  transactionInconsistantReason: text,
  customerPermission: flag,
  partnerID: text,
  countryResidence: lookupId,
  passportCountry: lookupId,
  addressCountry: lookupId,
  clientFaceToFace: flag,
  clientSACitizen: flag,
  customQuestions: z.record(z.string(), z.unknown()).nullish(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  riskReason: text,
  amlScreeningResult: AmlScreeningResultSchema.nullish(),
  externalValidationResult: ExternalValidationResponseSchema.nullish(),
  pepConfirmReviewed: flag,
  adverseSearchKYC: flag,
  clientForeignOfficial: flag,
  clientForeignOfficialType: lookupId,
  docsUploadedReviewed: flag,
  onboardingDecision: text,
  additionalComments: text,
  approvalDate: date,
  nextFicaReviewDate: date,
  lastUpdated: date,
  documents: z.array(IndividualDocumentRecordSchema).default([]),
});
export type IndividualRecord = z.infer<typeof IndividualRecordSchema>;

/**
 * "The updated record" that an update and the PEP and sanctions decision answer: the record's
 * fields, any of them possibly absent (the update's answer is not shown beyond that).
 */
export const UpdatedIndividualRecordSchema = IndividualRecordSchema.partial();
export type UpdatedIndividualRecord = z.infer<typeof UpdatedIndividualRecordSchema>;
