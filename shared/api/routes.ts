// The service's REST API as one table (entity-api.md, individual-api.md, webhooks.md, contract.md):
// each route's method, path and the schemas of what it takes and what it answers. The core's client
// (electron/core/api/client.ts) builds every request from an entry and parses every answer with the
// entry's schema; the sandbox (server/routes) registers every route at its entry's method and path.
// test/unit/api/rest-table.test.ts holds both sides to the table.
import type { z } from 'zod';
import { TokenRequestSchema, TokenResponseSchema } from './auth.js';
import { BankAccountVerificationRequestSchema, BankAccountVerificationResponseSchema } from './bank.js';
import {
  MessageResponseSchema,
  NoContentSchema,
  SuccessResponseSchema,
  UnshownAnswerSchema,
} from './common.js';
import {
  DocConfirmRequestSchema,
  DocumentContentResponseSchema,
  EntityDocUploadResponseSchema,
  EntityDocumentsFieldSchema,
  IndividualDocumentsFieldSchema,
  UboDocUploadResponseSchema,
  UboDocumentsFieldSchema,
} from './documents.js';
import {
  EntityCreateRequestSchema,
  EntityCreateResponseSchema,
  EntityDecisionRequestSchema,
  EntityListQuerySchema,
  EntityPageSchema,
  EntityRecordSchema,
  KybRequestSchema,
  PdfReportQuerySchema,
  PdfReportResponseSchema,
  PepReviewRequestSchema,
  ShareholdingConfirmRequestSchema,
  ShareholdingConfirmResponseSchema,
  UpdateExternalSystemIdRequestSchema,
} from './entity.js';
import {
  ConfirmDocsRequestSchema,
  ConfirmDocsResponseSchema,
  ExternalValidationRequestSchema,
  ExternalValidationResponseSchema,
  IndividualCreateRequestSchema,
  IndividualCreateResponseSchema,
  IndividualDecisionRequestSchema,
  IndividualDocumentContentSchema,
  IndividualDocumentsUploadResponseSchema,
  IndividualListQuerySchema,
  IndividualPageSchema,
  IndividualRecordSchema,
  IndividualUpdateRequestSchema,
  PepSanctionsDecisionRequestSchema,
  UpdatedIndividualRecordSchema,
} from './individual.js';
import {
  CountryListSchema,
  EntityDocGroupListSchema,
  EntityDocTypeListSchema,
  EntityTypeListSchema,
  IndividualDocGroupListSchema,
  IndividualDocTypeListSchema,
  PartnerSchema,
  SimpleLookupListSchema,
  TrustRelatedPartyTypeListSchema,
  UserListSchema,
} from './lookups.js';
import { VerifyOrganigramRequestSchema, VerifyOrganigramResponseSchema } from './organigram.js';
import {
  DashboardActionResponseSchema,
  DashboardActionSchema,
  PartnerCreateRequestSchema,
  PartnerCreateResponseSchema,
  PartnerPublicSchema,
  PartnerUpdateRequestSchema,
  SecurityAuditListSchema,
  SecurityAuditQuerySchema,
  StaffAccountListSchema,
  StaffPasswordRequestSchema,
} from './sandbox.js';
import { AmlScreeningResultSchema } from './screening.js';
import {
  ProfileImageResponseSchema,
  UboBodySchema,
  UboCreateResponseSchema,
  UboListResponseSchema,
  UboPepConfirmResponseSchema,
  UboRecordSchema,
  UpdatedUboRecordSchema,
} from './ubo.js';
import {
  SubscriptionCreateRequestSchema,
  SubscriptionCreatedSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  SubscriptionUpdateRequestSchema,
} from './webhooks.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The API, behind a bearer token. */
export const API_BASE = '/api/v1';
/** The sandbox's control API (contract §10): sandbox mode only, no bearer token. */
export const SANDBOX_BASE = '/sandbox/v1';
/** Where each route lives: under one of the bases above, or at the server's root (the token). */
export type RouteBase = typeof API_BASE | typeof SANDBOX_BASE | '';

export interface RestRoute<Path extends string = string, Answer extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  readonly base: RouteBase;
  /** Under the base, with `:name` for each path parameter. */
  readonly path: Path;
  /** A JSON body. */
  readonly json?: z.ZodType;
  /** A form-encoded body (the token request). */
  readonly form?: z.ZodType;
  /** An upload: multipart/form-data with the `file` and this `documents` field (a JSON string). */
  readonly upload?: z.ZodType;
  readonly query?: z.ZodType;
  /** What a 2xx status carries. */
  readonly answer: Answer;
}

type Body = Pick<RestRoute, 'json' | 'form' | 'upload' | 'query'>;

const route =
  (base: RouteBase) =>
  <const Path extends string, Answer extends z.ZodType, const Rest extends Body = Body>(
    method: HttpMethod,
    path: Path,
    answer: Answer,
    rest?: Rest,
  ) =>
    ({ method, base, path, answer, ...rest }) as {
      method: HttpMethod;
      base: RouteBase;
      path: Path;
      answer: Answer;
    } & Rest;

const api = route(API_BASE);
const sandbox = route(SANDBOX_BASE);
const root = route('');

/** The look-ups under /api/v1/settings/ (entity-api.md "Lookups", contract §4 and §10), by name. */
export const LOOKUPS = {
  entityTypes: api('GET', '/settings/entity-types', EntityTypeListSchema),
  trustRelatedPartyTypes: api('GET', '/settings/trust-related-party-types', TrustRelatedPartyTypeListSchema),
  entityDocs: api('GET', '/settings/entity-docs', EntityDocGroupListSchema),
  entityDocTypes: api('GET', '/settings/entity-doc-types', EntityDocTypeListSchema),
  individualDocs: api('GET', '/settings/individual-docs', IndividualDocGroupListSchema),
  individualDocTypes: api('GET', '/settings/individual-doc-types', IndividualDocTypeListSchema),
  countries: api('GET', '/settings/countries', CountryListSchema),
  industries: api('GET', '/settings/industries', SimpleLookupListSchema),
  transactionFrequencies: api('GET', '/settings/transaction-frequencies', SimpleLookupListSchema),
  transactionTypes: api('GET', '/settings/transaction-types', SimpleLookupListSchema),
  fundingSources: api('GET', '/settings/funding-sources', SimpleLookupListSchema),
  sourcesOfWealth: api('GET', '/settings/sources-of-wealth', SimpleLookupListSchema),
  employmentStatuses: api('GET', '/settings/employment-statuses', SimpleLookupListSchema),
  foreignOfficialTypes: api('GET', '/settings/foreign-official-types', SimpleLookupListSchema),
  partner: api('GET', '/settings/partner', PartnerSchema),
  users: api('GET', '/settings/users', UserListSchema),
} as const;

export type LookupName = keyof typeof LOOKUPS;
export type LookupValue<N extends LookupName> = z.infer<(typeof LOOKUPS)[N]['answer']>;
export const LOOKUP_NAMES = Object.keys(LOOKUPS) as LookupName[];
/** Each look-up's full path, from the server's root. */
export const LOOKUP_PATHS = Object.fromEntries(
  LOOKUP_NAMES.map((name) => [name, LOOKUPS[name].base + LOOKUPS[name].path]),
) as Readonly<Record<LookupName, string>>;

/** Every other route, by what it does. */
export const ROUTES = {
  // OAuth 2.0 client credentials (contract §1), form-encoded.
  token: root('POST', '/oauth/token', TokenResponseSchema, { form: TokenRequestSchema }),

  // Entities (entity-api.md "Entity").
  createEntity: api('POST', '/entity', EntityCreateResponseSchema, { json: EntityCreateRequestSchema }),
  listEntities: api('GET', '/entity', EntityPageSchema, { query: EntityListQuerySchema }),
  getEntity: api('GET', '/entity/:id', EntityRecordSchema),
  saveKyb: api('PATCH', '/entity/:id/kyb', SuccessResponseSchema, { json: KybRequestSchema }),
  sanctionsReview: api('PATCH', '/entity/:id/sanctions-review', UnshownAnswerSchema, {
    json: PepReviewRequestSchema,
  }),
  updateExternalSystemId: api('PATCH', '/entity/update-external-system-id', UnshownAnswerSchema, {
    json: UpdateExternalSystemIdRequestSchema,
  }),
  shareholdingConfirm: api('PATCH', '/entity/:id/shareholding-confirm', ShareholdingConfirmResponseSchema, {
    json: ShareholdingConfirmRequestSchema,
  }),
  entityDecision: api('PATCH', '/entity/:id/onboarding-decision', MessageResponseSchema, {
    json: EntityDecisionRequestSchema,
  }),
  entityReport: api('GET', '/entity/:id/pdf-report', PdfReportResponseSchema, {
    query: PdfReportQuerySchema,
  }),

  // Owners (entity-api.md "Owners (UBOs)"); `:id` is the UBO's UUID where the route is about one.
  listUbos: api('GET', '/entity/:id/directors-and-members', UboListResponseSchema),
  getUbo: api('GET', '/entity/directors-and-members/:uboID', UboRecordSchema),
  deleteUbo: api('DELETE', '/entity/directors-and-members/:uboID', UnshownAnswerSchema),
  createUbo: api('POST', '/entity/:id/ubo-create', UboCreateResponseSchema, { json: UboBodySchema }),
  updateUbo: api('PATCH', '/entity/:id/director-ubo-update', UpdatedUboRecordSchema, { json: UboBodySchema }),
  uboPepConfirm: api('PATCH', '/entity/:id/ubo-pep-confirm', UboPepConfirmResponseSchema, {
    json: PepReviewRequestSchema,
  }),
  uboProfileImage: api('GET', '/entity/ubo/:id/profile-image', ProfileImageResponseSchema),

  // Owner documents: upload and confirm take the UBO's UUID, read and delete the uboDocsID.
  uploadUboDocument: api('POST', '/entity/:id/ubo-doc-upload', UboDocUploadResponseSchema, {
    upload: UboDocumentsFieldSchema,
  }),
  getUboDocument: api('GET', '/entity/:id/ubo-doc', DocumentContentResponseSchema),
  deleteUboDocument: api('DELETE', '/entity/:id/ubo-doc-delete', UnshownAnswerSchema),
  uboDocConfirm: api('PATCH', '/entity/:id/ubo-doc-confirm', UnshownAnswerSchema, {
    json: DocConfirmRequestSchema,
  }),

  // Entity documents: upload and confirm take the entity's UUID, read and delete the entityDocID.
  uploadEntityDocument: api('POST', '/entity/:id/entity-doc', EntityDocUploadResponseSchema, {
    upload: EntityDocumentsFieldSchema,
  }),
  getEntityDocument: api('GET', '/entity/:id/entity-doc', DocumentContentResponseSchema),
  deleteEntityDocument: api('DELETE', '/entity/:id/entity-doc', UnshownAnswerSchema),
  entityDocConfirm: api('PATCH', '/entity/:id/entity-doc-confirm', UnshownAnswerSchema, {
    json: DocConfirmRequestSchema,
  }),

  // The ownership tree, path B's one bulk call.
  verifyOrganigram: api('PATCH', '/entity/:id/verify-organigram', VerifyOrganigramResponseSchema, {
    json: VerifyOrganigramRequestSchema,
  }),

  // Individuals (individual-api.md).
  createIndividual: api('POST', '/individual', IndividualCreateResponseSchema, {
    json: IndividualCreateRequestSchema,
  }),
  listIndividuals: api('GET', '/individual', IndividualPageSchema, { query: IndividualListQuerySchema }),
  getIndividual: api('GET', '/individual/:id', IndividualRecordSchema),
  updateIndividual: api('PATCH', '/individual/:id', UpdatedIndividualRecordSchema, {
    json: IndividualUpdateRequestSchema,
  }),
  amlScreening: api('POST', '/individual/:id/aml-screening', AmlScreeningResultSchema),
  externalValidation: api('POST', '/individual/:id/external-validation', ExternalValidationResponseSchema, {
    json: ExternalValidationRequestSchema,
  }),
  pepSanctionsDecision: api(
    'PATCH',
    '/individual/:id/pep-sanctions-decision',
    UpdatedIndividualRecordSchema,
    {
      json: PepSanctionsDecisionRequestSchema,
    },
  ),
  uploadIndividualDocument: api(
    'POST',
    '/individual/:id/documents',
    IndividualDocumentsUploadResponseSchema,
    {
      upload: IndividualDocumentsFieldSchema,
    },
  ),
  getIndividualDocument: api('GET', '/individual/:id/documents/:docId', IndividualDocumentContentSchema),
  deleteIndividualDocument: api('DELETE', '/individual/:id/documents/:docId', UnshownAnswerSchema),
  confirmIndividualDocs: api('PATCH', '/individual/:id/confirm-docs', ConfirmDocsResponseSchema, {
    json: ConfirmDocsRequestSchema,
  }),
  individualDecision: api('PATCH', '/individual/:id/onboarding-decision', MessageResponseSchema, {
    json: IndividualDecisionRequestSchema,
  }),
  individualReport: api('GET', '/individual/:id/pdf-report', PdfReportResponseSchema, {
    query: PdfReportQuerySchema,
  }),
  verifyBankAccount: api(
    'POST',
    '/services/individual/:individualUUID/bank-account-verification',
    BankAccountVerificationResponseSchema,
    { json: BankAccountVerificationRequestSchema },
  ),

  // Webhook subscriptions (webhooks.md, contract §8).
  createSubscription: api('POST', '/webhooks/subscriptions', SubscriptionCreatedSchema, {
    json: SubscriptionCreateRequestSchema,
  }),
  listSubscriptions: api('GET', '/webhooks/subscriptions', SubscriptionListSchema),
  getSubscription: api('GET', '/webhooks/subscriptions/:id', SubscriptionSchema),
  updateSubscription: api('PATCH', '/webhooks/subscriptions/:id', SubscriptionSchema, {
    json: SubscriptionUpdateRequestSchema,
  }),
  deleteSubscription: api('DELETE', '/webhooks/subscriptions/:id', UnshownAnswerSchema),

  // The sandbox's control API (contract §10).
  createPartner: sandbox('POST', '/partners', PartnerCreateResponseSchema, {
    json: PartnerCreateRequestSchema,
  }),
  updatePartner: sandbox('PATCH', '/partners/:partnerId', PartnerPublicSchema, {
    json: PartnerUpdateRequestSchema,
  }),
  listStaff: sandbox('GET', '/partners/:partnerId/users', StaffAccountListSchema),
  setStaffPassword: sandbox('PUT', '/partners/:partnerId/users/:userId/password', NoContentSchema, {
    json: StaffPasswordRequestSchema,
  }),
  unlockStaff: sandbox('POST', '/partners/:partnerId/users/:userId/unlock', NoContentSchema),
  unlockPartner: sandbox('POST', '/partners/:partnerId/unlock', NoContentSchema),
  securityAudit: sandbox('GET', '/security-audit', SecurityAuditListSchema, {
    query: SecurityAuditQuerySchema,
  }),
  dashboardAction: sandbox('POST', '/dashboard-actions', DashboardActionResponseSchema, {
    json: DashboardActionSchema,
  }),
} as const;

/** Every route of the table: the look-ups and the rest. */
export const REST_TABLE: readonly RestRoute[] = [...Object.values(LOOKUPS), ...Object.values(ROUTES)];

/** The names of a path's `:name` parameters. */
export type PathParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Path extends string> = { readonly [Name in PathParamName<Path>]: string | number };

/** A route's path from the server's root, each parameter filled in and encoded. */
export function routePath<Path extends string>(route: RestRoute<Path>, params: PathParams<Path>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return (
    route.base +
    route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) =>
      encodeURIComponent(String(values[name])),
    )
  );
}
