// The encrypted part of case, person and document rows. Read back through these schemas so a row
// written by an older build (or damaged on disk) fails loudly instead of flowing on half-parsed.
import { z } from 'zod';
import { DraftPageStateSchema, PageQualitySchema } from '../../../shared/ipc/model.js';
import {
  AmlScreeningResultSchema,
  BankAccountVerificationResponseSchema,
  EntityCreateRequestSchema,
  ExternalValidationRequestSchema,
  ExternalValidationResponseSchema,
  IndividualCreateFieldsSchema,
  IndividualUpdateRequestSchema,
  KybRequestSchema,
  OrganigramNodeRequestSchema,
  PepReviewRequestSchema,
  RiskDescriptionSchema,
  SanctionsSearchResultsSchema,
  VerifyOrganigramResponseSchema,
} from '../../../shared/api/index.js';
import {
  DecisionViewSchema,
  ScreeningReviewRecordSchema,
  UboDetailsSchema,
} from '../../../shared/ipc/model.js';

export const EntityDecisionBodySchema = z.object({
  onboardingDecision: z.enum(['Approved', 'Declined', 'Refer', 'In Progress']),
  approvedComments: z.string().optional(),
  declinedComments: z.string().optional(),
  referComments: z.string().optional(),
  nextFicaReviewDate: z.string().optional(),
});

/** What both kinds keep about who worked on the case and what the service's copy holds. */
const reviewFields = {
  /**
   * Everyone besides the creator (`StoredCase.createdBy`) who captured or changed the case's data,
   * here or, as its review records and record say, elsewhere: none of them may decide it.
   */
  makers: z.array(z.string()).default([]),
  /** Kept on this laptop for review offline: its documents and report are in the vault. */
  taken: z.object({ at: z.string(), by: z.string() }).nullable().default(null),
  /** A case from the service (desk): when its whole record was last read from there. */
  serviceReadAt: z.string().nullable().default(null),
  /**
   * Review records of this case: by subject (`entity`, `ubo:<serverId>`, `individual`), the digest
   * of the last one made here (so one is made only when what it says changed) or the service
   * document id of the one read from the service.
   */
  reviewRecords: z
    .record(
      z.string(),
      z.object({ digest: z.string().nullable(), serviceDocId: z.number().int().nullable() }),
    )
    .default({}),
};

/** A new case's review fields: nobody else worked on it, nothing taken, nothing read from the service. */
export const noReviewYet = (): {
  makers: string[];
  taken: null;
  serviceReadAt: null;
  reviewRecords: Record<string, never>;
} => ({
  makers: [],
  taken: null,
  serviceReadAt: null,
  reviewRecords: {},
});

export const EntityDataSchema = z.object({
  kind: z.literal('entity'),
  create: EntityCreateRequestSchema,
  entityTypeName: z.string(),
  showOrganigram: z.boolean(),
  foreignEntityType: z.boolean(),
  registryCommercialName: z.string().nullable().default(null),
  registryFound: z.boolean().nullable().default(null),
  sanctionsSearchResults: SanctionsSearchResultsSchema.nullable().default(null),
  kyb: KybRequestSchema.nullable().default(null),
  kybSynced: z.boolean().default(false),
  sanctionsReview: PepReviewRequestSchema.nullable().default(null),
  sanctionsReviewSynced: z.boolean().default(false),
  /** The results the sanctions review was made on and the disposition of each hit. */
  sanctionsReviewRecord: ScreeningReviewRecordSchema.nullable().default(null),
  organigramDraft: z.array(OrganigramNodeRequestSchema).nullable().default(null),
  organigramRequested: z.boolean().default(false),
  organigramVerified: z.boolean().default(false),
  organigramResponse: VerifyOrganigramResponseSchema.nullable().default(null),
  shareholdingRequested: z.boolean().default(false),
  shareholdingConfirmed: z.boolean().default(false),
  docsConfirmRequested: z.boolean().default(false),
  docsConfirmed: z.boolean().default(false),
  riskBand: RiskDescriptionSchema.default('Undetermined'),
  riskReason: z.string().nullable().default(null),
  decisionBody: EntityDecisionBodySchema.nullable().default(null),
  decision: DecisionViewSchema.nullable().default(null),
  reportVaultId: z.string().nullable().default(null),
  /** The state of the case the cached report was made from (report-freshness.ts). */
  reportFingerprint: z.string().nullable().default(null),
  ...reviewFields,
});
export type EntityData = z.infer<typeof EntityDataSchema>;

export const IndividualDecisionBodySchema = z.object({
  onboardingDecision: z.enum(['Approved', 'Declined', 'Refer', 'In Progress']),
  additionalComments: z.string().optional(),
  nextFicaReviewDate: z.string().optional(),
});

export const IndividualDataSchema = z.object({
  kind: z.literal('individual'),
  // Checked against the identity rule when captured; a record read from the service is kept as it is.
  create: IndividualCreateFieldsSchema,
  pendingUpdate: IndividualUpdateRequestSchema.nullable().default(null),
  amlRequested: z.boolean().default(false),
  amlScreening: AmlScreeningResultSchema.nullable().default(null),
  validationRequested: z.boolean().default(false),
  validationOverrides: ExternalValidationRequestSchema.nullable().default(null),
  externalValidation: ExternalValidationResponseSchema.nullable().default(null),
  pepDecision: z
    .object({
      pepConfirmReviewed: z.boolean(),
      adverseSearchKYC: z.boolean(),
      clientForeignOfficial: z.boolean(),
      clientForeignOfficialType: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
  pepReviewRecord: ScreeningReviewRecordSchema.nullable().default(null),
  pepSynced: z.boolean().default(false),
  riskBand: RiskDescriptionSchema.default('Undetermined'),
  riskReason: z.string().nullable().default(null),
  docsConfirmRequested: z.boolean().default(false),
  docsConfirmed: z.boolean().default(false),
  decisionBody: IndividualDecisionBodySchema.nullable().default(null),
  decision: DecisionViewSchema.nullable().default(null),
  bankVerification: BankAccountVerificationResponseSchema.nullable().default(null),
  reportVaultId: z.string().nullable().default(null),
  /** The state of the case the cached report was made from (report-freshness.ts). */
  reportFingerprint: z.string().nullable().default(null),
  ...reviewFields,
});
export type IndividualData = z.infer<typeof IndividualDataSchema>;

export const CaseDataSchema = z.discriminatedUnion('kind', [EntityDataSchema, IndividualDataSchema]);
export type CaseData = z.infer<typeof CaseDataSchema>;

export const UboDataSchema = z.object({
  details: UboDetailsSchema,
  detailsCompleted: z.boolean(),
  /** The latest details the service has accepted. */
  detailsSynced: z.boolean().default(false),
  screening: SanctionsSearchResultsSchema.nullable().default(null),
  pepReview: PepReviewRequestSchema.nullable().default(null),
  pepReviewRecord: ScreeningReviewRecordSchema.nullable().default(null),
  pepSynced: z.boolean().default(false),
  riskStatus: RiskDescriptionSchema.default('Undetermined'),
  riskReason: z.string().nullable().default(null),
  docsConfirmRequested: z.boolean().default(false),
  docsConfirmed: z.boolean().default(false),
});
export type UboData = z.infer<typeof UboDataSchema>;

export const DraftPageRecordSchema = z.object({
  id: z.string(),
  vaultId: z.string(),
  /** The prepared source (normalised image or PDF) this page comes from; several pages share a PDF. */
  sourceId: z.string(),
  mimeType: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  sourceName: z.string(),
  pdfPage: z.number().int().positive().nullable(),
  sourcePages: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  /** Problems found at capture, and whether the person chose to keep the page anyway. */
  quality: PageQualitySchema.optional(),
  /** Pages stored before processing moved off the capture call were prepared at once: ready. */
  state: DraftPageStateSchema.default('ready'),
  /** Why preparing the picked file failed, for a refused page. */
  refusal: z.string().optional(),
});
export type DraftPageRecord = z.infer<typeof DraftPageRecordSchema>;

/** The text read on a captured document (a proof of address, a registration certificate). */
export const DocumentTextRecordSchema = z.object({
  kind: z.enum(['proof-of-address', 'registration-certificate']),
  /** Null when no text could be got from the file. */
  text: z.string().nullable(),
  source: z.enum(['text-layer', 'ocr']).nullable(),
});
export type DocumentTextRecord = z.infer<typeof DocumentTextRecordSchema>;
