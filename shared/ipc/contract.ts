// The one contract between the renderer and the core. Electron's preload and ipcMain wiring and the
// headless host's loopback bridge are all generated from these tables, and the core validates every
// input against them, so nothing else crosses.
import { z } from 'zod';
import type { ChannelName as ListedChannelName, EventName as ListedEventName } from './channels.js';
import { ScannerListSchema, ScanProgressSchema, ScanSettingsSchema } from './scanning.js';
import { IdentityReadingSchema } from '../domain/identity-document.js';
import { FormDraftDataSchema, FormDraftRefSchema, FormDraftSchema } from './form-drafts.js';
import {
  BankAccountVerificationRequestSchema,
  BankAccountVerificationResponseSchema,
  CountrySchema,
  EntityCreateRequestSchema,
  EntityDecisionRequestSchema,
  EntityDocGroupSchema,
  EntityDocTypeSchema,
  EntityTypeSchema,
  ExternalValidationRequestSchema,
  IndividualCreateRequestSchema,
  IndividualDocGroupSchema,
  IndividualDocTypeSchema,
  IndividualUpdateRequestSchema,
  KybRequestSchema,
  OrganigramNodeRequestSchema,
  PartnerSchema,
  SimpleLookupSchema,
  SubscriptionCreateRequestSchema,
  SubscriptionCreatedSchema,
  SubscriptionSchema,
  SubscriptionUpdateRequestSchema,
  TrustRelatedPartyTypeSchema,
  UboBodySchema,
  UserSchema,
} from '../api/index.js';
import {
  ArchivePassphraseSchema,
  AuditEntrySchema,
  BytesSchema,
  CaseDetailSchema,
  CaseDocumentsPageSchema,
  CaseDocumentsRequestSchema,
  CasesListRequestSchema,
  CasesPageSchema,
  DocPairSchema,
  DocumentDraftSchema,
  DocumentOwnerSchema,
  ExportedWorkSchema,
  ImportedWorkSchema,
  JobViewSchema,
  LocalDocumentSchema,
  ProfileKindSchema,
  ProfileSchema,
  SettingsSchema,
  StatusSchema,
} from './model.js';
import { plainHttpEndpointIssues } from './service-endpoint.js';
import { ScreeningAttestationSchema } from '../domain/screening-review.js';
import { StaffRoleSchema } from '../domain/staff-roles.js';
import { KnownStaffSchema, OfflinePassphraseSchema, SignInStartedSchema } from './staff.js';
import { DeskCaseRefSchema, DeskListQuerySchema, DeskPageSchema } from './desk-model.js';

const Empty = z.object({}).strict();
/** The most jobs one queue.list page holds. */
export const QUEUE_PAGE_MAX = 1000;
const Ok = z.object({ ok: z.literal(true) });
/**
 * What changed in the active environment's queue since the last event (sent at most every 250 ms):
 * `version` grows with each event; `total` is how many jobs it holds; `changed` holds the views of
 * the jobs added or whose state, progress, reason or cancellability changed, in queue order;
 * `removed` the ids of jobs gone (sent or discarded); `caseIds` the cases of those jobs. `reset`
 * says that what every item shows may have changed (another environment, sending paused or
 * resumed, connectivity, a failure that stops a large case): a screen reads again what it shows,
 * and `changed` is empty.
 */
export const QueueChangedSchema = z.object({
  version: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  changed: z.array(JobViewSchema),
  removed: z.array(z.string()),
  caseIds: z.array(z.string()),
  reset: z.boolean(),
});
export type QueueChanged = z.infer<typeof QueueChangedSchema>;
const CaseRef = z.object({ caseId: z.string().min(1).max(64) });
const Id = z.string().min(1).max(64);
/** A sanctions or PEP review: `adverseSearchKYC` follows from the dispositions (refused when it disagrees). */
const ReviewInputSchema = z.object({
  pepConfirmReviewed: z.boolean(),
  adverseSearchKYC: z.boolean().optional(),
});

export const LookupBundleSchema = z.object({
  entityTypes: z.array(EntityTypeSchema),
  trustRelatedPartyTypes: z.array(TrustRelatedPartyTypeSchema),
  entityDocGroups: z.array(EntityDocGroupSchema),
  entityDocTypes: z.array(EntityDocTypeSchema),
  individualDocGroups: z.array(IndividualDocGroupSchema),
  individualDocTypes: z.array(IndividualDocTypeSchema),
  countries: z.array(CountrySchema),
  industries: z.array(SimpleLookupSchema),
  transactionFrequencies: z.array(SimpleLookupSchema),
  transactionTypes: z.array(SimpleLookupSchema),
  fundingSources: z.array(SimpleLookupSchema),
  sourcesOfWealth: z.array(SimpleLookupSchema),
  employmentStatuses: z.array(SimpleLookupSchema),
  foreignOfficialTypes: z.array(SimpleLookupSchema),
  users: z.array(UserSchema),
  partner: PartnerSchema.nullable(),
  /** When these were last fetched from the service; null when nothing is cached yet. */
  fetchedAt: z.string().nullable(),
});
export type LookupBundle = z.infer<typeof LookupBundleSchema>;

export { emptyLookupBundle } from './empty-lookups.js';

export const CaptureRefusalSchema = z.object({ name: z.string(), message: z.string() });

const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

export const channels = {
  'app.info': channel(
    Empty,
    z.object({
      version: z.string(),
      shell: z.enum(['electron', 'web']),
      sandboxUrl: z.string().nullable(),
      /** The embedded training sandbox's demo sign-in accounts (practice data only); empty otherwise. */
      trainingAccounts: z.array(z.object({ email: z.string(), role: StaffRoleSchema, password: z.string() })),
      /** 'development-file': the insecure plain-file keychain, sandbox only (Settings says so). */
      keychain: z.enum(['system', 'development-file']),
    }),
  ),
  'status.get': channel(Empty, StatusSchema),

  /** Signs in at the active environment's identity provider through the browser; the status says when it is done. */
  'staff.beginSignIn': channel(Empty, SignInStartedSchema),
  'staff.cancelSignIn': channel(Empty, Ok),
  /** The people who have signed in online here under the active environment, and whether each may unlock offline. */
  'staff.known': channel(Empty, z.array(KnownStaffSchema)),
  'staff.unlock': channel(z.object({ userId: Id, passphrase: z.string().min(1).max(1024) }), Ok),
  'staff.setPassphrase': channel(z.object({ passphrase: OfflinePassphraseSchema }), Ok),
  'staff.lock': channel(Empty, Ok),
  'staff.signOut': channel(Empty, Ok),
  /** The person is using the app (keys, pointer): the idle lock's clock starts again. */
  'staff.activity': channel(Empty, Ok),

  'profiles.list': channel(Empty, z.array(ProfileSchema)),
  'profiles.save': channel(
    z
      .object({
        id: Id.optional(),
        name: z.string().trim().min(1).max(80),
        kind: ProfileKindSchema,
        baseUrl: z.url({ protocol: /^https?$/ }),
        tokenUrl: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .optional(),
        /** The staff sign-in's OpenID Connect issuer, when not at the service's own `/oidc`. */
        issuerUrl: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .optional(),
      })
      .superRefine((profile, ctx) => {
        for (const issue of plainHttpEndpointIssues(profile))
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }),
    ProfileSchema,
  ),
  'profiles.remove': channel(z.object({ id: Id }), Ok),
  /** Switching to a `live` profile needs `confirmLive: true`, given only after a person confirmed it. */
  'profiles.activate': channel(z.object({ id: Id, confirmLive: z.boolean().optional() }), StatusSchema),
  /** Credentials go to the keychain and are never sent back; the answer says whether a token was obtained. */
  'profiles.setCredentials': channel(
    z.object({
      profileId: Id,
      clientId: z.string().trim().min(1).max(200),
      clientSecret: z.string().min(1).max(500),
    }),
    z.object({ verified: z.boolean(), message: z.string() }),
  ),
  'profiles.signOut': channel(z.object({ profileId: Id }), Ok),

  'lookups.get': channel(Empty, LookupBundleSchema),
  'lookups.refresh': channel(Empty, LookupBundleSchema),

  'settings.get': channel(Empty, SettingsSchema),
  'settings.update': channel(SettingsSchema.partial(), SettingsSchema),

  /**
   * One page of the active environment's cases, newest first, narrowed by kind, status and search.
   * With `ids`, only those cases (still narrowed by the filters): what a screen re-reads when a
   * `case.changed` names a row it shows; a missing id no longer matches the filters.
   */
  'cases.list': channel(CasesListRequestSchema, CasesPageSchema),
  /**
   * The case with the first page of each owner's documents (those not on the service first) and
   * their counts by state: it costs the same for a case of ten documents and one of ten thousand.
   * `fresh`: the screen is opening the case, so it is read from the service first (bounded).
   */
  'cases.get': channel(CaseRef.extend({ fresh: z.boolean().optional() }), CaseDetailSchema),
  /** The next page of one owner's documents as the screen scrolls, or the named ones again. */
  'cases.documents': channel(CaseDocumentsRequestSchema, CaseDocumentsPageSchema),

  'entity.create': channel(EntityCreateRequestSchema, CaseRef),
  'entity.saveKyb': channel(CaseRef.extend({ kyb: KybRequestSchema }), CaseDetailSchema),
  /** `screening` names the results the person read (fingerprint) and their disposition of each hit. */
  'entity.sanctionsReview': channel(
    CaseRef.extend({ review: ReviewInputSchema, screening: ScreeningAttestationSchema }),
    CaseDetailSchema,
  ),
  /** Adds a person (path A) or completes one the registry or organigram created. */
  'entity.saveUbo': channel(
    CaseRef.extend({ uboId: Id.optional(), body: UboBodySchema }),
    z.object({ uboId: z.string(), case: CaseDetailSchema }),
  ),
  'entity.removeUbo': channel(CaseRef.extend({ uboId: Id }), CaseDetailSchema),
  'entity.uboPepConfirm': channel(
    CaseRef.extend({ uboId: Id, review: ReviewInputSchema, screening: ScreeningAttestationSchema }),
    CaseDetailSchema,
  ),
  'entity.uboConfirmDocs': channel(CaseRef.extend({ uboId: Id }), CaseDetailSchema),
  'entity.saveOrganigram': channel(
    CaseRef.extend({ tree: z.array(OrganigramNodeRequestSchema) }),
    CaseDetailSchema,
  ),
  'entity.verifyOrganigram': channel(CaseRef, CaseDetailSchema),
  'entity.confirmShareholding': channel(CaseRef, CaseDetailSchema),
  'entity.confirmDocs': channel(CaseRef, CaseDetailSchema),
  'entity.decide': channel(CaseRef.extend({ decision: EntityDecisionRequestSchema }), CaseDetailSchema),

  'individual.create': channel(IndividualCreateRequestSchema, CaseRef),
  'individual.update': channel(CaseRef.extend({ changes: IndividualUpdateRequestSchema }), CaseDetailSchema),
  'individual.runScreening': channel(CaseRef, CaseDetailSchema),
  'individual.runValidation': channel(
    CaseRef.extend({ overrides: ExternalValidationRequestSchema.optional() }),
    CaseDetailSchema,
  ),
  'individual.pepDecision': channel(
    CaseRef.extend({
      pepConfirmReviewed: z.boolean(),
      /** Follows from the dispositions; refused when it says otherwise. */
      adverseSearchKYC: z.boolean().optional(),
      clientForeignOfficial: z.boolean(),
      screening: ScreeningAttestationSchema,
      clientForeignOfficialType: z.number().int().positive().optional(),
    }).refine((v) => !v.clientForeignOfficial || v.clientForeignOfficialType !== undefined, {
      message: 'Choose the type of foreign official',
      path: ['clientForeignOfficialType'],
    }),
    CaseDetailSchema,
  ),
  'individual.confirmDocs': channel(CaseRef, CaseDetailSchema),
  'individual.decide': channel(
    CaseRef.extend({
      onboardingDecision: z.enum(['Approved', 'Declined', 'Refer', 'In Progress']),
      additionalComments: z.string().max(5000).optional(),
      nextFicaReviewDate: z.iso.datetime({ offset: true }).optional(),
    }),
    CaseDetailSchema,
  ),
  /** Needs a connection: the answer comes straight from the service. */
  'individual.verifyBankAccount': channel(
    CaseRef.extend({ request: BankAccountVerificationRequestSchema }),
    BankAccountVerificationResponseSchema,
  ),

  'documents.startDraft': channel(CaseRef.extend({ owner: DocumentOwnerSchema }), DocumentDraftSchema),
  /** The owner's drafts that hold pages not yet queued, oldest first: kept across navigation and restarts. */
  'documents.listDrafts': channel(
    CaseRef.extend({ owner: DocumentOwnerSchema }),
    z.array(DocumentDraftSchema),
  ),
  'documents.addPages': channel(
    z.object({
      draftId: Id,
      files: z
        .array(z.object({ name: z.string().min(1).max(255), bytes: BytesSchema }))
        .min(1)
        .max(50),
    }),
    z.object({ draft: DocumentDraftSchema, refused: z.array(CaptureRefusalSchema) }),
  ),
  /** The pages in their new order with their rotation; a page left out is removed. */
  'documents.updateDraft': channel(
    z.object({
      draftId: Id,
      pages: z.array(
        z.object({
          id: Id,
          rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
        }),
      ),
    }),
    DocumentDraftSchema,
  ),
  /** The page as a JPEG at most 1600 px long, unturned (the screen shows the draft's rotation). */
  'documents.pagePreview': channel(
    z.object({ draftId: Id, pageId: Id }),
    z.object({ mimeType: z.string(), bytes: BytesSchema, pdfPage: z.number().int().positive().nullable() }),
  ),
  /** Keeps a page whose capture check found a problem, after the person has seen it. */
  'documents.keepPage': channel(z.object({ draftId: Id, pageId: Id }), DocumentDraftSchema),
  'documents.discardDraft': channel(z.object({ draftId: Id }), Ok),
  'documents.submitDraft': channel(
    z.object({
      draftId: Id,
      pairs: z.array(DocPairSchema).min(1).max(10),
      filename: z.string().trim().min(1).max(180).optional(),
    }),
    LocalDocumentSchema,
  ),
  'documents.content': channel(
    z.object({ documentId: Id }),
    z.object({ mimeType: z.string(), filename: z.string(), bytes: BytesSchema }),
  ),
  /** Before upload the file and its job are removed; after upload the service's copy is deleted. */
  'documents.remove': channel(z.object({ documentId: Id }), Ok),

  /** Unsaved input of a form, kept on this laptop only (never sent, never counted as saved). */
  'formDrafts.get': channel(FormDraftRefSchema, FormDraftSchema),
  'formDrafts.save': channel(FormDraftRefSchema.extend({ data: FormDraftDataSchema }), FormDraftSchema),
  'formDrafts.clear': channel(FormDraftRefSchema, Ok),
  /**
   * Reads a smart ID card's barcode or an MRZ (passport, ID card) from an image; the image is not
   * kept. An MRZ reading comes with the zone cropped from the image (a PNG) to compare the name with.
   */
  /**
   * The screen is about to read an identity document (its file chooser opened): the core starts the
   * OCR engine meanwhile, so the reading does not wait for it.
   */
  'identity.prepare': channel(Empty, Ok),
  'identity.read': channel(
    z.object({ bytes: BytesSchema.refine((b) => b.byteLength <= 40 * 1024 * 1024, 'At most 40 MB') }),
    z.object({
      reading: IdentityReadingSchema.nullable(),
      strip: BytesSchema.nullable(),
      message: z.string().nullable(),
    }),
  ),
  /** The scanners this computer can reach now (looking takes a few seconds), or why there are none. */
  'scanners.list': channel(Empty, ScannerListSchema),
  /** A quick low-resolution scan to frame the page; nothing is kept. */
  'scanners.preview': channel(ScanSettingsSchema, z.object({ mimeType: z.string(), bytes: BytesSchema })),
  /** Scans into a draft: every page finished becomes a page of the draft; progress as `scan.progress`. */
  'scanners.scan': channel(
    z.object({ draftId: Id, settings: ScanSettingsSchema }),
    z.object({
      draft: DocumentDraftSchema,
      pages: z.number().int().nonnegative(),
      state: z.enum(['finished', 'cancelled', 'failed']),
      message: z.string().nullable(),
      refused: z.array(CaptureRefusalSchema),
    }),
  ),
  'scanners.cancel': channel(z.object({ draftId: Id }), z.object({ cancelled: z.boolean() })),

  /** The active environment's jobs in the order they were queued; a page of them with offset and limit. */
  'queue.list': channel(
    z
      .object({
        offset: z.number().int().nonnegative().optional(),
        limit: z.number().int().positive().max(QUEUE_PAGE_MAX).optional(),
      })
      .strict(),
    z.array(JobViewSchema),
  ),
  /** How many jobs the active environment's queue holds: the height of the queue screen's list. */
  'queue.count': channel(Empty, z.object({ total: z.number().int().nonnegative() })),
  'queue.retry': channel(z.object({ jobId: Id }), Ok),
  /** Discarding needs an explicit confirmation: nothing is discarded silently. */
  'queue.discard': channel(z.object({ jobId: Id, confirm: z.literal(true) }), Ok),
  'queue.pause': channel(Empty, StatusSchema),
  'queue.resume': channel(Empty, StatusSchema),
  'queue.sendNow': channel(Empty, StatusSchema),

  'reports.get': channel(
    CaseRef.extend({ refresh: z.boolean().optional() }),
    z.object({
      filename: z.string(),
      bytes: BytesSchema,
      fetchedAt: z.string(),
      /** Set when the case changed after the report was made and no fresh one could be fetched. */
      stale: z.object({ change: z.string() }).nullable(),
    }),
  ),

  'webhooks.list': channel(Empty, z.array(SubscriptionSchema)),
  'webhooks.create': channel(SubscriptionCreateRequestSchema, SubscriptionCreatedSchema),
  'webhooks.update': channel(
    z.object({ id: Id, changes: SubscriptionUpdateRequestSchema }),
    SubscriptionSchema,
  ),
  'webhooks.remove': channel(z.object({ id: Id }), Ok),

  'audit.list': channel(z.object({ caseId: Id.optional() }), z.array(AuditEntrySchema)),

  /** Every case with unsent work, its documents, drafts and jobs, in an archive sealed with the passphrase. */
  'transfer.export': channel(z.object({ passphrase: ArchivePassphraseSchema }), ExportedWorkSchema),
  /** Adds the archive's cases this computer does not hold yet; a wrong passphrase or altered archive changes nothing. */
  'transfer.import': channel(
    z.object({ bytes: BytesSchema, passphrase: z.string().min(1).max(1024) }),
    ImportedWorkSchema,
  ),

  /** The service's cases, a page at a time, each with its case here when there is one; needs a connection. */
  'desk.list': channel(DeskListQuerySchema, DeskPageSchema),
  /**
   * The case of this laptop for a case of the service: read from the service (the first time, and
   * afresh whenever it can be), reviewed and decided like any other case.
   */
  'desk.open': channel(DeskCaseRefSchema, CaseRef),
  /** Opens the case and keeps its documents and report encrypted on this laptop for offline review. */
  'desk.take': channel(DeskCaseRefSchema, CaseRef),
} as const;

export const events = {
  'status.changed': StatusSchema,
  'queue.changed': QueueChangedSchema,
  'queue.progress': z.object({
    jobId: z.string(),
    documentId: z.string().nullable(),
    sent: z.number(),
    total: z.number(),
  }),
  /**
   * Told at most every 250 ms per case while changes keep coming. `documentIds` names the case's
   * documents written since it was last told (null when too many to name: read again what is shown).
   */
  'case.changed': z.object({ caseId: z.string(), documentIds: z.array(z.string()).nullable() }),
  'scan.progress': ScanProgressSchema,
  /** A page of the draft finished processing (ready or refused); the draft as it now is. */
  'draft.changed': DocumentDraftSchema,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
/** Compile-time check: the schemas above and channels.ts name exactly the same channels and events. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelNamesMatch: Same<ChannelName, ListedChannelName> = true;
const eventNamesMatch: Same<keyof typeof events, ListedEventName> = true;
void channelNamesMatch;
void eventNamesMatch;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export { CHANNEL_NAMES, EVENT_NAMES } from './channels.js';

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(channels, value);
}

/** The shape of `window.desk` in Electron (preload) and in the headless host (loopback bridge) alike. */
export interface DeskApi {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
