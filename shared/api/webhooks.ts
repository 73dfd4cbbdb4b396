import { z } from 'zod';
import { MAX_REFERENCE, UuidSchema, atLeastOneField, requiredText } from './common.js';

export const WEBHOOK_EVENT_TYPES = [
  'entity.created',
  'entity.updated',
  'entity.document.created',
  'entity.document.deleted',
  'entityTrust.created',
  'entityTrust.updated',
  'ubo.created',
  'ubo.updated',
  'ubo.document.created',
  'ubo.document.deleted',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

export const WEBHOOK_SOURCE_ENTITIES = [
  'FICA_ENTITY',
  'FICA_ENTITY_DOC',
  'FICA_ENTITY_TRUST',
  'FICA_UBO',
  'FICA_UBO_DOC',
] as const;
export type WebhookSourceEntity = (typeof WEBHOOK_SOURCE_ENTITIES)[number];

/** Delivery headers (contract §8): the service's own names and the Standard Webhooks names. */
export const WEBHOOK_HEADERS = {
  eventId: 'X-Service-Event-Id',
  eventType: 'X-Service-Event-Type',
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  webhookId: 'webhook-id',
  webhookTimestamp: 'webhook-timestamp',
  webhookSignature: 'webhook-signature',
} as const;

const eventTypes = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .refine((list) => new Set(list).size === list.length, 'eventTypes must not repeat an event type');

const subscriptionUrl = z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' }).max(2000);

export const SubscriptionCreateRequestSchema = z.object({
  name: requiredText(MAX_REFERENCE),
  url: subscriptionUrl,
  enabled: z.boolean(),
  eventTypes,
});
export type SubscriptionCreateRequest = z.infer<typeof SubscriptionCreateRequestSchema>;

export const SubscriptionUpdateRequestSchema = z
  .object({
    name: requiredText(MAX_REFERENCE).optional(),
    url: subscriptionUrl.optional(),
    enabled: z.boolean().optional(),
    eventTypes: eventTypes.optional(),
  })
  .refine(atLeastOneField, { message: 'At least one field must be given' });
export type SubscriptionUpdateRequest = z.infer<typeof SubscriptionUpdateRequestSchema>;

export const SubscriptionSchema = z.looseObject({
  id: UuidSchema,
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  eventTypes: z.array(WebhookEventTypeSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

export const SubscriptionCreatedSchema = SubscriptionSchema.extend({
  secret: z.string().regex(WEBHOOK_SECRET_PATTERN, 'secret must be whsec_ followed by base64 of 32 bytes'),
});
export type SubscriptionCreated = z.infer<typeof SubscriptionCreatedSchema>;

export const SubscriptionListSchema = z.array(SubscriptionSchema);
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;

// ---- Event data ----

const nullableText = z.string().nullable();
const auditText = z.string().nullish();
const opaque = z.unknown().optional();

export const EntityCreatedDataSchema = z.looseObject({
  ficaStatus: z.string(),
  registeredName: nullableText,
  registrationNumber: nullableText,
  riskDescription: z.string(),
  clientRef: nullableText,
  entityType: z.number().nullable(),
  transactionFrequency: z.number().nullable(),
  adminAdded: nullableText,
  dateAdded: nullableText,
});
export type EntityCreatedData = z.infer<typeof EntityCreatedDataSchema>;

const updatedFlag = z.boolean().nullish();
const updatedDate = z.string().nullish();

// Types of the grouped fields are not published, except flags and dates.
export const EntityUpdatedDataSchema = z.looseObject({
  entityType: opaque,
  ficaStatus: opaque,
  entityRisk: opaque,
  riskReason: opaque,
  clientRef: opaque,
  registeredName: opaque,
  registrationNumber: opaque,
  sameEntityName: opaque,
  registryCommercialName: opaque,
  amlScreeningResults: opaque,
  clientValidationResults: opaque,
  adverseSearchResults: opaque,
  addressLine1: opaque,
  addressLine2: opaque,
  addressLine3: opaque,
  zipCode: opaque,
  country: opaque,
  entityTel: opaque,
  physicalAddress: opaque,
  postalAddress: opaque,
  directorsConfirmed: updatedFlag,
  directorsReviewed: updatedFlag,
  sanctionSearchCompleted: updatedFlag,
  shareholdersAdminConfirmed: updatedFlag,
  organigramReviewed: updatedFlag,
  docsUploadedReviewed: updatedFlag,
  additionalVerification: updatedFlag,
  onboardingAdminID: opaque,
  onboardingAdminDate: updatedDate,
  onboardingDecision: opaque,
  onboardingDecisionReason: opaque,
  nextFicaReviewDate: updatedDate,
  referralAdminID: opaque,
  referredToAdminID: opaque,
  referralDate: updatedDate,
  countriesTradedWith: opaque,
  customFormAnswers: opaque,
  industry: opaque,
  transactionFrequency: opaque,
  transactionClientConsistent: opaque,
  adminUpdated: opaque,
  dateUpdated: updatedDate,
});
export type EntityUpdatedData = z.infer<typeof EntityUpdatedDataSchema>;

const documentEventShape = {
  docGroupID: z.number(),
  docTypeID: z.number(),
  // An internal storage key, not a download address.
  docName: z.string(),
  active: z.boolean(),
  uploadDate: z.string(),
  uploadAdminId: z.string().nullable(),
  deleteAdminDate: z.string().nullable(),
  deleteAdminId: z.string().nullable(),
};

export const EntityDocumentEventDataSchema = z.looseObject({
  entityDocID: z.number().int(),
  ...documentEventShape,
});
export type EntityDocumentEventData = z.infer<typeof EntityDocumentEventDataSchema>;

export const EntityTrustCreatedDataSchema = z.looseObject({
  entityTrustId: UuidSchema.optional(),
  trustName: z.string(),
  trustStatus: z.string(),
  riskStatus: z.string(),
  sharePercentage: z.number(),
  uboPercentage: z.number(),
  adminAdded: auditText,
  dateAdded: auditText,
});
export type EntityTrustCreatedData = z.infer<typeof EntityTrustCreatedDataSchema>;

export const EntityTrustUpdatedDataSchema = EntityTrustCreatedDataSchema.extend({
  adminUpdated: auditText,
  adminUpdateName: auditText,
  dateUpdated: auditText,
});
export type EntityTrustUpdatedData = z.infer<typeof EntityTrustUpdatedDataSchema>;

export const UboEventDataSchema = z.looseObject({
  uboId: UuidSchema.optional(),
  firstName: nullableText,
  lastName: nullableText,
  fullName: nullableText,
  ficaStatus: z.string(),
  riskStatus: z.string(),
  uboVerifiedStatus: z.string(),
  uboVerifiedRiskStatus: z.string(),
  isDirector: z.boolean(),
  isShareholder: z.boolean(),
  shareholderPercentage: z.number(),
  entityTrustID: z.string().nullable(),
  amlScreeningResults: z.unknown().nullable().optional(),
  saCitizen: opaque,
  citizenshipCountry: opaque,
  residenceCountry: opaque,
  identificationNumber: opaque,
  passportNumber: opaque,
  identificationType: opaque,
  addressLine1: opaque,
  addressLine2: opaque,
  addressLine3: opaque,
  zipCode: opaque,
  country: opaque,
  physicalAddress: opaque,
  postalAddress: opaque,
  // Spelling as published.
  foreignOffical: opaque,
  foreignOfficalType: opaque,
  registryData: z.record(z.string(), z.unknown()).nullish(),
  consumerDetail: opaque,
  kycResult: opaque,
  faceMatchResult: opaque,
  adminAdded: auditText,
  dateAdded: auditText,
  // ubo.updated only.
  clientRiskScore: opaque,
  riskReason: opaque,
  adminUpdated: auditText,
  dateUpdated: auditText,
});
export type UboEventData = z.infer<typeof UboEventDataSchema>;

export const UboDocumentEventDataSchema = z.looseObject({
  uboDocID: z.number().int(),
  ...documentEventShape,
});
export type UboDocumentEventData = z.infer<typeof UboDocumentEventDataSchema>;

// ---- Envelope ----

const envelopeShape = {
  schemaVersion: z.literal(1),
  eventId: UuidSchema,
  occurredAt: z.iso.datetime(),
  sourceId: UuidSchema,
  externalID: z.string().nullable(),
};

function childEvent<T extends WebhookEventType, S extends WebhookSourceEntity, D extends z.ZodType>(
  eventType: T,
  sourceEntity: S,
  data: D,
) {
  return z.looseObject({
    ...envelopeShape,
    eventType: z.literal(eventType),
    sourceEntity: z.literal(sourceEntity),
    entityId: UuidSchema,
    data,
  });
}

export const WebhookEventSchema = z.discriminatedUnion('eventType', [
  z.looseObject({
    ...envelopeShape,
    eventType: z.literal('entity.created'),
    source: z.literal('Entity'),
    data: EntityCreatedDataSchema,
  }),
  z.looseObject({
    ...envelopeShape,
    eventType: z.literal('entity.updated'),
    sourceEntity: z.literal('FICA_ENTITY'),
    data: EntityUpdatedDataSchema,
  }),
  childEvent('entity.document.created', 'FICA_ENTITY_DOC', EntityDocumentEventDataSchema),
  childEvent('entity.document.deleted', 'FICA_ENTITY_DOC', EntityDocumentEventDataSchema),
  childEvent('entityTrust.created', 'FICA_ENTITY_TRUST', EntityTrustCreatedDataSchema),
  childEvent('entityTrust.updated', 'FICA_ENTITY_TRUST', EntityTrustUpdatedDataSchema),
  childEvent('ubo.created', 'FICA_UBO', UboEventDataSchema),
  childEvent('ubo.updated', 'FICA_UBO', UboEventDataSchema),
  childEvent('ubo.document.created', 'FICA_UBO_DOC', UboDocumentEventDataSchema),
  childEvent('ubo.document.deleted', 'FICA_UBO_DOC', UboDocumentEventDataSchema),
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { eventType: T }>;
