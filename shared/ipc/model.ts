// The local model the core shows the renderer: cases as staff see them, their steps, documents and
// queued jobs. These are the app's own shapes (not the service's); the service's bodies inside them
// come from shared/api so a field means the same thing on every side.
import { z } from 'zod';
import { DOCUMENTS_FIRST_PAGE, DOCUMENTS_PAGE_MAX } from './document-paging.js';
import { QualityProblemSchema } from '../domain/page-quality.js';
import {
  AmlScreeningResultSchema,
  BankAccountVerificationResponseSchema,
  EntityCreateRequestSchema,
  ExternalValidationResponseSchema,
  IndividualCreateFieldsSchema,
  KybRequestSchema,
  OnboardingDecisionSchema,
  OrganigramNodeRequestSchema,
  PepReviewRequestSchema,
  RiskDescriptionSchema,
  SanctionsSearchResultsSchema,
  VerifyOrganigramResponseSchema,
} from '../api/index.js';
import { DispositionSchema } from '../domain/screening-review.js';
import { DecisionFactsSchema } from '../domain/decision-rules.js';
import { StaffStatusSchema } from './staff.js';

export const BytesSchema = z.instanceof(Uint8Array);

export const ProfileKindSchema = z.enum(['sandbox', 'test', 'live']);
export type ProfileKind = z.infer<typeof ProfileKindSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: ProfileKindSchema,
  baseUrl: z.string(),
  tokenUrl: z.string().nullable(),
  issuerUrl: z.string().nullable(),
  hasCredentials: z.boolean(),
  active: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ConnectivitySchema = z.enum(['online', 'offline', 'checking', 'needs-sign-in', 'no-profile']);
export type Connectivity = z.infer<typeof ConnectivitySchema>;

/** Work kept on this laptop under an environment profile other than the active one: counted, never listed. */
export const ElsewhereSchema = z.object({
  profileId: z.string(),
  /** Null when the profile has been removed from this laptop. */
  profileName: z.string().nullable(),
  kind: ProfileKindSchema.nullable(),
  cases: z.number().int().nonnegative(),
  unsent: z.number().int().nonnegative(),
});
export type Elsewhere = z.infer<typeof ElsewhereSchema>;

export const StatusSchema = z.object({
  profile: ProfileSchema.nullable(),
  connectivity: ConnectivitySchema,
  /** Items captured under the active profile that its service has not yet acknowledged. */
  unsentCount: z.number().int().nonnegative(),
  /** Items the service refused, to retry or discard. */
  failedCount: z.number().int().nonnegative(),
  /** Items stopped because their application was decided (here or elsewhere): kept, to discard. */
  notSentCount: z.number().int().nonnegative(),
  queuePaused: z.boolean(),
  lastSyncAt: z.string().nullable(),
  /** The signed-in, unlocked person's service user id: who acts now. */
  currentUserId: z.string().nullable(),
  /** The person signed in to the active environment (locked or not); null when nobody is. */
  staff: StaffStatusSchema.nullable(),
  /** A sign-in through the browser is under way. */
  signInPending: z.boolean(),
  /** Why the last sign-in through the browser did not sign the person in. */
  signInRefusal: z.string().nullable(),
  /** Cases and unsent items of the other environment profiles, one entry per profile that has any. */
  elsewhere: z.array(ElsewhereSchema),
});
export type Status = z.infer<typeof StatusSchema>;

export const CaseKindSchema = z.enum(['entity', 'individual']);
export type CaseKind = z.infer<typeof CaseKindSchema>;

/** What the cases list shows; derived by the core from steps, jobs and the server's answers. */
export const CaseStatusSchema = z.enum([
  'draft',
  'waiting',
  'synced',
  'needs-review',
  'approved',
  'declined',
  'referred',
]);
export type CaseStatus = z.infer<typeof CaseStatusSchema>;

/** design.md "Offline model": a step is draft, queued, synced, needs review or done; blocked when it cannot start. */
export const StepStatusSchema = z.enum([
  'draft',
  'queued',
  'synced',
  'needs-review',
  'done',
  'available',
  'blocked',
]);
export type StepStatus = z.infer<typeof StepStatusSchema>;

export const StepViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: StepStatusSchema,
  /** Why the step cannot start yet, in words a person understands. */
  blockedBy: z.string().nullable(),
  /** What a queued step waits for ("waiting for connection", "waiting for PEP review of …"). */
  waitingFor: z.string().nullable(),
});
export type StepView = z.infer<typeof StepViewSchema>;

export const BandSchema = RiskDescriptionSchema;

export const DocumentOwnerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity') }),
  z.object({ kind: z.literal('ubo'), uboId: z.string() }),
  z.object({ kind: z.literal('individual') }),
]);
export type DocumentOwner = z.infer<typeof DocumentOwnerSchema>;

export const DocumentStateSchema = z.enum([
  'captured',
  'queued',
  'uploading',
  'on-file',
  'failed',
  'removing',
]);
export type DocumentState = z.infer<typeof DocumentStateSchema>;

export const ProgressSchema = z.object({ sent: z.number().nonnegative(), total: z.number().nonnegative() });
export type Progress = z.infer<typeof ProgressSchema>;

export const DocPairSchema = z.object({ groupId: z.number().int(), typeId: z.number().int() });
export type DocPair = z.infer<typeof DocPairSchema>;

/**
 * What the core read on a captured document: a proof of address's date and address, a CIPC
 * registration certificate's number and name. Never a gate: the clerk and the reviewer see it.
 */
export const DocumentReadingSchema = z.object({
  kind: z.enum(['proof-of-address', 'registration-certificate']),
  /** `reading`: waiting or being read; `unreadable`: no text could be got from the file. */
  state: z.enum(['reading', 'read', 'unreadable']),
  /** The PDF's own text, or OCR of its image (worth checking by eye). */
  source: z.enum(['text-layer', 'ocr']).nullable(),
  /** A proof of address's date (YYYY-MM-DD), as found; null when none was found. */
  date: z.string().nullable(),
  /** How old the document is against the limit of the settings. */
  age: z
    .object({
      words: z.string(),
      stale: z.boolean(),
      limitMonths: z.number().int().positive(),
    })
    .nullable(),
  /** The address the document shows, and each way it differs from the one typed. */
  address: z
    .object({
      found: z.array(z.string()).nullable(),
      differences: z.array(z.string()),
      /** Nothing was typed to compare with. */
      nothingTyped: z.boolean(),
    })
    .nullable(),
  /** A registration certificate: what it says, and where it disagrees with the entity. */
  certificate: z
    .object({
      form: z.enum(['CoR 14.3', 'CK1']).nullable(),
      registrationNumber: z.string().nullable(),
      name: z.string().nullable(),
      disagreements: z.array(z.string()),
      unread: z.array(z.string()),
    })
    .nullable(),
  /** Each finding in plain words, for the document's line and the reviewer's summary. */
  findings: z.array(z.object({ tone: z.enum(['ok', 'warn', 'info']), text: z.string() })),
});
export type DocumentReading = z.infer<typeof DocumentReadingSchema>;

export const LocalDocumentSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  owner: DocumentOwnerSchema,
  /** One pair for entity and UBO documents; an individual document may serve several. */
  pairs: z.array(DocPairSchema).min(1),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  pageCount: z.number().int().nonnegative(),
  state: DocumentStateSchema,
  progress: ProgressSchema.nullable(),
  error: z.string().nullable(),
  serverIds: z.array(z.number().int()),
  capturedAt: z.string(),
  /** What was read on it at the desk; null for a document that is not read (or not held here). */
  reading: DocumentReadingSchema.nullable().default(null),
});
export type LocalDocument = z.infer<typeof LocalDocumentSchema>;

export { DOCUMENTS_FIRST_PAGE, DOCUMENTS_PAGE_MAX };

/**
 * One owner's documents by state (a state none is in is left out), and how many in all: what the
 * documents' table says of the documents not shown yet.
 */
export const DocumentCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  byState: z.partialRecord(DocumentStateSchema, z.number().int().nonnegative()),
});
export type DocumentCounts = z.infer<typeof DocumentCountsSchema>;

/**
 * Where a page of an owner's documents continues: after this document, in the order the screens
 * show them (those not on the service first, then those on file, each part in the order captured).
 */
export const DocumentCursorSchema = z.object({
  sent: z.boolean(),
  capturedAt: z.string().max(40),
  id: z.string().max(100),
});
export type DocumentCursor = z.infer<typeof DocumentCursorSchema>;

/** The next page of one owner's documents, or the named documents of a case (those still there). */
export const CaseDocumentsRequestSchema = z.union([
  z.object({
    caseId: z.string().max(100),
    owner: DocumentOwnerSchema,
    after: DocumentCursorSchema.nullable().optional(),
    limit: z.number().int().min(1).max(DOCUMENTS_PAGE_MAX).optional(),
  }),
  z.object({ caseId: z.string().max(100), ids: z.array(z.string().max(100)).max(DOCUMENTS_PAGE_MAX) }),
]);
export type CaseDocumentsRequest = z.infer<typeof CaseDocumentsRequestSchema>;

export const CaseDocumentsPageSchema = z.object({ documents: z.array(LocalDocumentSchema) });
export type CaseDocumentsPage = z.infer<typeof CaseDocumentsPageSchema>;

export const ChecklistItemSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string(),
  types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** A document for it is captured here or on the service; a refused one does not count. */
  onFile: z.boolean(),
  /**
   * on the service; captured here and not sent yet; refused by the service; not sent because a
   * person cancelled or discarded it; or nothing at all.
   */
  status: z.enum(['sent', 'captured', 'refused', 'not-sent', 'missing']),
  /** Why the last document for it was refused or not sent, in plain words. */
  problem: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const ChecklistSchema = z.object({
  band: BandSchema,
  /** True until the service has given the band: the list is the client's prediction. */
  provisional: z.boolean(),
  items: z.array(ChecklistItemSchema),
});
export type Checklist = z.infer<typeof ChecklistSchema>;

/** A person's details as captured; registry-created directors start with only their names. */
export const UboDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  addressLine3: z.string().optional(),
  addressZipCode: z.string().optional(),
  addressCountry: z.number().int().optional(),
  clientSACitizen: z.boolean().optional(),
  idNumber: z.string().optional(),
  passportNumber: z.string().optional(),
  passportCountry: z.number().int().optional(),
  shareholderPercentage: z.string().optional(),
  isDirector: z.boolean().optional(),
  isShareholder: z.boolean().optional(),
  externalId: z.string().optional(),
});
export type UboDetails = z.infer<typeof UboDetailsSchema>;

/** A recorded review of screening results: the results it was made on and each hit's disposition. */
export const ScreeningReviewRecordSchema = z.object({
  fingerprint: z.string(),
  dispositions: z.array(DispositionSchema),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string(),
  /** Recorded on this laptop, or read from the case's review record on the service. */
  madeOn: z.enum(['here', 'service']).default('here'),
});
export type ScreeningReviewRecord = z.infer<typeof ScreeningReviewRecordSchema>;

/** Screening results on this laptop that a person has not reviewed yet (or that changed since). */
export const ReviewDueSchema = z.object({
  /** The step to open: `sanctions-review`, `people` (with uboId) or `pep-decision`. */
  step: z.string(),
  uboId: z.string().nullable(),
  subject: z.string(),
  /** "2 sanctions matches arrived for Thabo". */
  message: z.string(),
});
export type ReviewDue = z.infer<typeof ReviewDueSchema>;

export const LocalUboSchema = z.object({
  id: z.string(),
  serverId: z.string().nullable(),
  origin: z.enum(['registry', 'manual', 'organigram']),
  details: UboDetailsSchema,
  /** False for a registry director whose details nobody has completed yet. */
  detailsCompleted: z.boolean(),
  screening: SanctionsSearchResultsSchema.nullable(),
  pepReview: PepReviewRequestSchema.nullable(),
  pepReviewRecord: ScreeningReviewRecordSchema.nullable(),
  riskStatus: BandSchema,
  riskReason: z.string().nullable(),
  docsConfirmed: z.boolean(),
  /** The person's first documents (DOCUMENTS_FIRST_PAGE), those not on the service first. */
  documents: z.array(LocalDocumentSchema),
  documentCounts: DocumentCountsSchema,
  checklist: ChecklistSchema,
  steps: z.array(StepViewSchema),
});
export type LocalUbo = z.infer<typeof LocalUboSchema>;

export const DecisionViewSchema = z.object({
  onboardingDecision: OnboardingDecisionSchema,
  comments: z.string().nullable(),
  nextFicaReviewDate: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
  synced: z.boolean(),
  /** Recorded on this laptop, or learned from the service (decided elsewhere). */
  source: z.enum(['here', 'service']).default('here'),
});
export type DecisionView = z.infer<typeof DecisionViewSchema>;

/** Reading a case back from the service: when, and the problem when it could not be read. */
export const ServiceCheckSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  problem: z.string().nullable(),
});
export type ServiceCheck = z.infer<typeof ServiceCheckSchema>;

const caseBase = {
  id: z.string(),
  status: CaseStatusSchema,
  title: z.string(),
  serverId: z.string().nullable(),
  clientReference: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  riskBand: BandSchema,
  riskReason: z.string().nullable(),
  decision: DecisionViewSchema.nullable(),
  /**
   * The first documents (DOCUMENTS_FIRST_PAGE) of the entity itself or of the individual client,
   * those not on the service first; `cases.documents` answers the rest.
   */
  documents: z.array(LocalDocumentSchema),
  documentCounts: DocumentCountsSchema,
  checklist: ChecklistSchema,
  steps: z.array(StepViewSchema),
  unsentJobs: z.number().int().nonnegative(),
  /** A permanent error that stopped this case's jobs, in plain words. */
  blockedReason: z.string().nullable(),
  reportCachedAt: z.string().nullable(),
  reviewsDue: z.array(ReviewDueSchema),
  /** Approved or Declined: why nothing of this case can change any more; null while it can. */
  readOnly: z.string().nullable(),
  /** The last time this session read the case back from the service; null before the first. */
  serviceCheck: ServiceCheckSchema.nullable().default(null),
  /** The newest entry of the case's history (null while it has none): the history changed when this did. */
  lastHistoryId: z.number().int().nullable(),
  /** Captured on this laptop, or opened from the service on the reviewer's desk. */
  origin: z.enum(['captured', 'desk']),
  /** Kept here for review offline (documents and report in the vault): when and by whom. */
  taken: z.object({ at: z.string(), by: z.string() }).nullable(),
  /** A case from the service: when its whole record was last read from there. */
  serviceReadAt: z.string().nullable(),
  /** Everyone besides the creator who captured or changed the case (maker and checker). */
  makers: z.array(z.string()),
  /** What the one decision rule weighs about the case (shared/domain/decision-rules.ts). */
  decisionFacts: DecisionFactsSchema,
  /**
   * The reviewers of the partner who may still decide the case (not its creator or a maker), by
   * name; null while the partner's users are not known here.
   */
  mayDecide: z.array(z.string()).nullable(),
};

export const EntityCaseSchema = z.object({
  ...caseBase,
  kind: z.literal('entity'),
  create: EntityCreateRequestSchema,
  entityTypeName: z.string(),
  showOrganigram: z.boolean(),
  foreignEntityType: z.boolean(),
  registryCommercialName: z.string().nullable(),
  registryFound: z.boolean().nullable(),
  sanctionsSearchResults: SanctionsSearchResultsSchema.nullable(),
  kyb: KybRequestSchema.nullable(),
  sanctionsReview: PepReviewRequestSchema.nullable(),
  sanctionsReviewRecord: ScreeningReviewRecordSchema.nullable(),
  ubos: z.array(LocalUboSchema),
  organigram: z.object({
    draft: z.array(OrganigramNodeRequestSchema).nullable(),
    verified: z.boolean(),
    response: VerifyOrganigramResponseSchema.nullable(),
  }),
  shareholdingConfirmed: z.boolean(),
  docsConfirmed: z.boolean(),
});
export type EntityCase = z.infer<typeof EntityCaseSchema>;

export const IndividualCaseSchema = z.object({
  ...caseBase,
  kind: z.literal('individual'),
  create: IndividualCreateFieldsSchema,
  amlScreening: AmlScreeningResultSchema.nullable(),
  externalValidation: ExternalValidationResponseSchema.nullable(),
  pepDecision: z
    .object({
      pepConfirmReviewed: z.boolean(),
      adverseSearchKYC: z.boolean(),
      clientForeignOfficial: z.boolean(),
      clientForeignOfficialType: z.number().int().nullable(),
    })
    .nullable(),
  pepReviewRecord: ScreeningReviewRecordSchema.nullable(),
  docsConfirmed: z.boolean(),
  bankVerification: BankAccountVerificationResponseSchema.nullable(),
});
export type IndividualCase = z.infer<typeof IndividualCaseSchema>;

export const CaseDetailSchema = z.discriminatedUnion('kind', [EntityCaseSchema, IndividualCaseSchema]);
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

export const CaseSummarySchema = z.object({
  id: z.string(),
  kind: CaseKindSchema,
  title: z.string(),
  subtitle: z.string(),
  clientReference: z.string(),
  status: CaseStatusSchema,
  waitingFor: z.string().nullable(),
  serverId: z.string().nullable(),
  riskBand: BandSchema,
  unsentJobs: z.number().int().nonnegative(),
  /** Screening results waiting for a person's review. */
  reviewsDue: z.number().int().nonnegative(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  origin: z.enum(['captured', 'desk']),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

/** The most rows one `cases.list` answers: a screen reads the window it shows, never everything. */
export const CASES_PAGE_MAX = 200;

export const CasesListRequestSchema = z.object({
  kind: CaseKindSchema.optional(),
  /** Only cases captured here, or only those opened from the service on the desk. */
  origin: z.enum(['captured', 'desk']).optional(),
  status: CaseStatusSchema.optional(),
  search: z.string().max(200).optional(),
  offset: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(CASES_PAGE_MAX).optional(),
  ids: z.array(z.string().max(100)).max(CASES_PAGE_MAX).optional(),
});
export type CasesListRequest = z.infer<typeof CasesListRequestSchema>;

export const CasesPageSchema = z.object({
  cases: z.array(CaseSummarySchema),
  /** How many cases match the filters, whatever the page. */
  total: z.number().int().nonnegative(),
  /** The environment's applications that need a person's review, whatever the filters. */
  needsReview: z.number().int().nonnegative(),
});
export type CasesPage = z.infer<typeof CasesPageSchema>;

/** `not-sent`: stopped because the application was decided (here or on the service); it can only be discarded. */
export const JobStateSchema = z.enum([
  'waiting',
  'ready',
  'running',
  'retrying',
  'failed',
  'not-sent',
  'paused',
]);
export type JobState = z.infer<typeof JobStateSchema>;

export const JobViewSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseTitle: z.string(),
  kind: z.string(),
  /** What the job does, in plain words ("Upload Proof of address for Jane Doe"). */
  label: z.string(),
  state: JobStateSchema,
  waitingFor: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.string().nullable(),
  progress: ProgressSchema.nullable(),
  error: z.object({ message: z.string(), permanent: z.boolean() }).nullable(),
  createdAt: z.string(),
  /** The file an upload sends, and its size in bytes; null for other items. */
  file: z.object({ name: z.string(), size: z.number().int().nonnegative() }).nullable(),
  /** A person may cancel it before it is sent: an upload or a decision that is not being sent. */
  cancellable: z.boolean(),
});
export type JobView = z.infer<typeof JobViewSchema>;

export const PageQualitySchema = z.object({
  problems: z.array(QualityProblemSchema),
  /** The person saw the problems and chose to keep the page as it is. */
  kept: z.boolean(),
});

export const DraftPageStateSchema = z.enum(['processing', 'ready', 'refused']);

export const DraftPageSchema = z.object({
  id: z.string(),
  mimeType: z.string(),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  sourceName: z.string(),
  /** Page of a multi-page PDF input, counted from 1; null for images. */
  pdfPage: z.number().int().positive().nullable(),
  /** Null when nothing was found wrong with the page. */
  quality: PageQualitySchema.nullable(),
  /**
   * `processing`: the picked file is safe in the vault and being prepared (normalised, its PDF
   * pages counted); `refused`: preparing it found a reason it cannot be used (`refusal`).
   */
  state: DraftPageStateSchema,
  refusal: z.string().nullable(),
});
export type DraftPage = z.infer<typeof DraftPageSchema>;

export const DocumentDraftSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  owner: DocumentOwnerSchema,
  pages: z.array(DraftPageSchema),
  /**
   * Grows with every answer or event that carries the draft: an answer and a \`draft.changed\` can
   * cross on the way to the screen, and the screen keeps the one with the higher revision.
   */
  revision: z.number().int().nonnegative(),
  /** Size limit of the owner's documents in bytes (40 MB entity and UBO, 20 MB individual). */
  limitBytes: z.number().int().positive(),
  /** The pages' files so far (each picked file once): about the size of the document it makes. */
  sizeBytes: z.number().int().nonnegative().default(0),
  createdAt: z.string().default(''),
});
export type DocumentDraft = z.infer<typeof DocumentDraftSchema>;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);

export const SettingsSchema = z.object({
  theme: ThemeSchema,
  /** Days after a case is decided and synced before its captured files are purged from this laptop. */
  retentionDays: z.number().int().min(1).max(3650),
  /** Minutes without activity before FICA Desk locks (the queue keeps sending while locked). */
  idleLockMinutes: z.number().int().min(1).max(240),
  /** Days after a person's last online sign-in during which their offline passphrase unlocks. */
  offlineUnlockDays: z.number().int().min(0).max(90),
  /** Months after which a proof of address is too old (the usual FICA practice is three). */
  proofOfAddressMonths: z.number().int().min(1).max(24),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.string().nullable(),
  action: z.string(),
  caseId: z.string().nullable(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A passphrase the person chooses for an exported-work archive; long enough to resist guessing offline. */
export const ArchivePassphraseSchema = z
  .string()
  .min(12, 'Use at least 12 characters; a few unrelated words work well.')
  .max(1024);

export const ExportedWorkSchema = z.object({
  filename: z.string(),
  bytes: BytesSchema,
  caseCount: z.number().int(),
  documentCount: z.number().int(),
});

export const ImportedWorkSchema = z.object({
  /** Cases added to this computer. */
  imported: z.number().int(),
  /** Cases of the archive this computer already holds, left as they are. */
  alreadyPresent: z.number().int(),
  documentCount: z.number().int(),
  /** Environment profiles created for the archive's work; someone must sign in to them. */
  newProfiles: z.array(z.string()),
});
