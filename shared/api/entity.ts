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
  customQuestions,
  optionalText,
  pageOf,
  requiredText,
  responseDate,
} from './common.js';
import { SanctionsSearchResultsSchema } from './screening.js';

export const EntityCreateRequestSchema = z.object({
  entityRegName: requiredText(),
  entityRegNumber: requiredText(100),
  entityType: LookupIdSchema,
  clientReference: optionalText(MAX_REFERENCE),
  externalSystemId: optionalText(MAX_REFERENCE),
});
export type EntityCreateRequest = z.infer<typeof EntityCreateRequestSchema>;

export const CreatedUboSchema = z.looseObject({
  uboUUID: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  isDirector: z.boolean(),
  shareholderType: z.string(),
});
export type CreatedUbo = z.infer<typeof CreatedUboSchema>;

const createResponseShape = {
  id: UuidSchema,
  entityRegName: z.string(),
  entityRegNumber: z.string(),
  clientReference: z.string().nullish(),
  externalSystemId: z.string().nullish(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  registryCommercialName: z.string().nullish(),
  registryCommercialResponse: z.record(z.string(), z.unknown()).nullish(),
  sanctionsSearchResults: SanctionsSearchResultsSchema.nullish(),
};

export const EntityCreateResponseSchema = z.looseObject({
  ...createResponseShape,
  createdUbos: z.array(CreatedUboSchema),
});
export type EntityCreateResponse = z.infer<typeof EntityCreateResponseSchema>;

const filter = z.string().max(MAX_REFERENCE).optional();

// The published list names more filters than these; the date filters match the individual list's
// whole-day rule (contract §4: "like the individual list").
export const EntityListQuerySchema = PageQuerySchema.extend({
  clientReference: filter,
  ficaStatus: filter,
  riskDescription: filter,
  entityRegName: filter,
  entityRegNumber: filter,
  externalSystemId: filter,
  approvalDate: IsoDateSchema.optional(),
  lastUpdated: IsoDateSchema.optional(),
  nextFicaReviewDate: IsoDateSchema.optional(),
});
export type EntityListQuery = z.infer<typeof EntityListQuerySchema>;

export const EntityListItemSchema = z.looseObject({
  id: UuidSchema,
  entityRegName: z.string(),
  entityRegNumber: z.string(),
  ficaStatus: z.string(),
  riskDescription: z.string(),
  clientReference: z.string().nullish(),
  externalSystemId: z.string().nullish(),
  entityType: z.number().int().nullish(),
  onboardingDecision: z.string().nullish(),
  lastUpdated: responseDate.nullish(),
});
export type EntityListItem = z.infer<typeof EntityListItemSchema>;

export const EntityPageSchema = pageOf(EntityListItemSchema);
export type EntityPage = z.infer<typeof EntityPageSchema>;

// Required status of KYB fields is not published, so every field is optional.
export const KybRequestSchema = z.object({
  sameEntityName: z.boolean().optional(),
  entityTradingName: optionalText(),
  entityTelNumber: optionalText(50),
  physicalAddress1: optionalText(),
  physicalAddress2: optionalText(),
  physicalAddress3: optionalText(),
  zipCode: optionalText(20),
  addressCountry: LookupIdSchema.optional(),
  countriesTransactedWith: z.array(LookupIdSchema).max(300).optional(),
  entityIndustry: LookupIdSchema.optional(),
  entityIndustryDescription: optionalText(MAX_FREE_TEXT),
  transactionFrequency: LookupIdSchema.optional(),
  transactionType: LookupIdSchema.optional(),
  transactionFundingSource: LookupIdSchema.optional(),
  sourceFundingDescription: optionalText(MAX_FREE_TEXT),
  transactionSourceWealth: LookupIdSchema.optional(),
  sourceWealthDescription: optionalText(MAX_FREE_TEXT),
  additionalVerification: z.boolean().optional(),
  additionalVerificationReason: z.string().max(MAX_FREE_TEXT).nullable().optional(),
  transactionConsistent: BoolTextSchema.optional(),
  transactionInconsistantReason: z.string().max(MAX_FREE_TEXT).nullable().optional(),
  entityDetailsConfirmed: z.boolean().optional(),
  customQuestions: customQuestions.optional(),
  userID: UuidSchema.optional(),
});
export type KybRequest = z.infer<typeof KybRequestSchema>;

/** Body of entity sanctions-review and of ubo-pep-confirm. */
export const PepReviewRequestSchema = z.object({
  adverseSearchKYC: z.boolean(),
  pepConfirmReviewed: z.boolean(),
});
export type PepReviewRequest = z.infer<typeof PepReviewRequestSchema>;

export const UpdateExternalSystemIdRequestSchema = z.object({
  id: UuidSchema,
  externalSystemId: requiredText(MAX_REFERENCE),
});
export type UpdateExternalSystemIdRequest = z.infer<typeof UpdateExternalSystemIdRequestSchema>;

export const ShareholdingConfirmRequestSchema = z.object({ ownershipConfirmation: z.boolean() });
export type ShareholdingConfirmRequest = z.infer<typeof ShareholdingConfirmRequestSchema>;

export const ShareholdingConfirmResponseSchema = z.looseObject({
  message: z.string(),
  riskStatus: z.string(),
  riskReason: z.string(),
});
export type ShareholdingConfirmResponse = z.infer<typeof ShareholdingConfirmResponseSchema>;

const comment = z.string().max(MAX_FREE_TEXT).optional();

export const EntityDecisionRequestSchema = z
  .object({
    onboardingDecision: OnboardingDecisionSchema,
    approvedComments: comment,
    declinedComments: comment,
    referComments: comment,
    nextFicaReviewDate: IsoDateTimeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.onboardingDecision === 'Declined' && !value.declinedComments?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['declinedComments'],
        message: 'declinedComments is required when onboardingDecision is Declined',
      });
    }
    if (value.onboardingDecision === 'Refer' && !value.referComments?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['referComments'],
        message: 'referComments is required when onboardingDecision is Refer',
      });
    }
  });
export type EntityDecisionRequest = z.infer<typeof EntityDecisionRequestSchema>;

export const EntityDocumentSummarySchema = z.looseObject({
  entityDocID: z.number().int().positive(),
  entityDocsID: z.number().int().positive(),
  entityDocTypesID: z.number().int().positive(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  uploadDate: responseDate,
});
export type EntityDocumentSummary = z.infer<typeof EntityDocumentSummarySchema>;

export const UboSummarySchema = z.looseObject({
  uboID: UuidSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isDirector: z.boolean().nullish(),
  isShareholder: z.boolean().nullish(),
  ficaStatus: z.string(),
  riskStatus: z.string(),
  pepConfirmed: z.boolean().nullish(),
  docsUploadedReviewed: z.boolean().nullish(),
});
export type UboSummary = z.infer<typeof UboSummarySchema>;

const flag = z.boolean().nullish();
const text = z.string().nullish();
const lookupId = z.number().int().nullish();

export const EntityRecordSchema = z.looseObject({
  ...createResponseShape,
  createdUbos: z.array(CreatedUboSchema).optional(),
  entityType: z.number().int().positive(),
  // KYB fields: absent or null until the KYB step is saved.
  sameEntityName: flag,
  entityTradingName: text,
  entityTelNumber: text,
  physicalAddress1: text,
  physicalAddress2: text,
  physicalAddress3: text,
  zipCode: text,
  addressCountry: lookupId,
  countriesTransactedWith: z.array(z.number().int()).nullish(),
  entityIndustry: lookupId,
  entityIndustryDescription: text,
  transactionFrequency: lookupId,
  transactionType: lookupId,
  transactionFundingSource: lookupId,
  sourceFundingDescription: text,
  transactionSourceWealth: lookupId,
  sourceWealthDescription: text,
  additionalVerification: flag,
  additionalVerificationReason: text,
  transactionConsistent: BoolTextSchema.nullish(),
  transactionInconsistantReason: text,
  entityDetailsConfirmed: flag,
  customQuestions: z.record(z.string(), z.unknown()).nullish(),
  userID: UuidSchema.nullish(),
  // Workflow flags of contract §4.
  sanctionSearchCompleted: flag,
  adverseSearchKYC: flag,
  directorsConfirmed: flag,
  organigramReviewed: flag,
  shareholdersAdminConfirmed: flag,
  docsUploadedReviewed: flag,
  riskStatus: text,
  riskReason: text,
  onboardingDecision: text,
  approvedComments: text,
  declinedComments: text,
  referComments: text,
  nextFicaReviewDate: responseDate.nullish(),
  approvalDate: responseDate.nullish(),
  lastUpdated: responseDate.nullish(),
  documents: z.array(EntityDocumentSummarySchema).default([]),
  ubos: z.array(UboSummarySchema).default([]),
});
export type EntityRecord = z.infer<typeof EntityRecordSchema>;

export const PDF_REPORT_FILENAME = /^fica-report-[0-9a-f-]{36}\.pdf$/i;

export const PdfReportResponseSchema = z.looseObject({
  base64Content: z.string().min(1),
  mimeType: z.string(),
  filename: z.string().regex(PDF_REPORT_FILENAME, 'filename must be fica-report-<id>.pdf'),
});
export type PdfReportResponse = z.infer<typeof PdfReportResponseSchema>;

export const PdfReportQuerySchema = z.object({ format: z.literal('binary').optional() });
export type PdfReportQuery = z.infer<typeof PdfReportQuerySchema>;
