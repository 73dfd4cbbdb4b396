import type { CaseTable } from './runner.js';
import { ENTITY_ID, EVENT_ID, TRUST_ID, UBO_ID, USER_ID } from './ids.js';

export const SECRET = `whsec_${'A'.repeat(42)}Q=`;
const subscription = {
  id: EVENT_ID,
  name: 'CRM sync',
  url: 'https://crm.example.com/hooks/fica',
  enabled: true,
  eventTypes: ['entity.created', 'ubo.updated'],
  createdAt: '2025-03-01T10:15:00Z',
};
export const entityCreatedData = {
  ficaStatus: 'In Progress',
  registeredName: 'Acme Trading',
  registrationNumber: '2015/123456/07',
  riskDescription: 'Undetermined',
  clientRef: null,
  entityType: 1,
  transactionFrequency: null,
  adminAdded: USER_ID,
  dateAdded: '2025-03-01T10:15:00Z',
};
export const entityUpdatedData = {
  entityType: 1,
  ficaStatus: 'In Progress',
  entityRisk: 'Low Risk',
  directorsConfirmed: true,
  sanctionSearchCompleted: true,
  onboardingDecision: 'Approved',
  nextFicaReviewDate: '2026-03-01T00:00:00Z',
  amlScreeningResults: { matchedNumber: 0 },
  adminUpdated: USER_ID,
  dateUpdated: '2025-03-01T10:15:00Z',
};
const documentFields = {
  docGroupID: 3,
  docTypeID: 11,
  docName: 'partner/entity/doc-5.pdf',
  active: true,
  uploadDate: '2025-03-01T10:15:00Z',
  uploadAdminId: USER_ID,
  deleteAdminDate: null,
  deleteAdminId: null,
};
export const entityDocData = { entityDocID: 5, ...documentFields };
export const uboDocData = { uboDocID: 9, ...documentFields };
export const trustCreatedData = {
  trustName: 'Mokoena Family Trust',
  trustStatus: 'In Progress',
  riskStatus: 'Undetermined',
  sharePercentage: 40,
  uboPercentage: 40,
  adminAdded: USER_ID,
  dateAdded: '2025-03-01T10:15:00Z',
};
export const uboData = {
  firstName: 'Thandi',
  lastName: 'Mokoena',
  fullName: 'Thandi Mokoena',
  ficaStatus: 'In Progress',
  riskStatus: 'Undetermined',
  uboVerifiedStatus: 'In Progress',
  uboVerifiedRiskStatus: 'Undetermined',
  isDirector: true,
  isShareholder: false,
  shareholderPercentage: 0,
  entityTrustID: null,
  amlScreeningResults: null,
  saCitizen: true,
  foreignOffical: false,
  foreignOfficalType: null,
  registryData: { source: 'registry' },
  adminAdded: USER_ID,
  dateAdded: '2025-03-01T10:15:00Z',
};
const envelope = {
  schemaVersion: 1,
  eventId: EVENT_ID,
  occurredAt: '2025-03-01T10:15:00.000Z',
  sourceId: ENTITY_ID,
  externalID: null,
};
export const entityCreatedEvent = {
  ...envelope,
  eventType: 'entity.created',
  source: 'Entity',
  data: entityCreatedData,
};
export const uboUpdatedEvent = {
  ...envelope,
  eventType: 'ubo.updated',
  sourceEntity: 'FICA_UBO',
  sourceId: UBO_ID,
  entityId: ENTITY_ID,
  externalID: 'BR-0001',
  data: {
    ...uboData,
    clientRiskScore: 3,
    riskReason: 'x',
    adminUpdated: USER_ID,
    dateUpdated: '2025-03-02T00:00:00Z',
  },
};

export const webhooksCases: CaseTable = {
  WebhookEventTypeSchema: {
    valid: ['entity.created', 'ubo.document.deleted', 'entityTrust.updated'],
    invalid: [
      { why: 'a trust event spelt with a dot', value: 'entity.trust.created', path: [] },
      { why: 'an individual event (none published)', value: 'individual.created', path: [] },
    ],
  },
  SubscriptionCreateRequestSchema: {
    valid: [
      {
        name: 'CRM sync',
        url: 'https://crm.example.com/hooks/fica',
        enabled: true,
        eventTypes: ['entity.created'],
      },
      {
        name: 'Local',
        url: 'http://127.0.0.1:9000/hook',
        enabled: false,
        eventTypes: ['ubo.created', 'ubo.updated'],
      },
    ],
    invalid: [
      {
        why: 'no event types',
        value: { name: 'x', url: 'https://a.example', enabled: true, eventTypes: [] },
        path: ['eventTypes'],
      },
      {
        why: 'unknown event type',
        value: { name: 'x', url: 'https://a.example', enabled: true, eventTypes: ['entity.deleted'] },
        path: ['eventTypes', 0],
      },
      {
        why: 'repeated event type',
        value: {
          name: 'x',
          url: 'https://a.example',
          enabled: true,
          eventTypes: ['ubo.created', 'ubo.created'],
        },
        path: ['eventTypes'],
      },
      {
        why: 'url not a URL',
        value: { name: 'x', url: 'crm hooks', enabled: true, eventTypes: ['ubo.created'] },
        path: ['url'],
      },
      {
        why: 'url with another scheme',
        value: { name: 'x', url: 'ftp://a.example/x', enabled: true, eventTypes: ['ubo.created'] },
        path: ['url'],
      },
      {
        why: 'enabled missing',
        value: { name: 'x', url: 'https://a.example', eventTypes: ['ubo.created'] },
        path: ['enabled'],
      },
    ],
  },
  SubscriptionUpdateRequestSchema: {
    valid: [{ enabled: false }, { eventTypes: ['entity.updated'] }],
    invalid: [
      { why: 'no field', value: {}, path: [] },
      { why: 'empty eventTypes', value: { eventTypes: [] }, path: ['eventTypes'] },
    ],
  },
  SubscriptionSchema: {
    valid: [subscription],
    invalid: [
      { why: 'createdAt missing', value: { ...subscription, createdAt: undefined }, path: ['createdAt'] },
      { why: 'enabled as text', value: { ...subscription, enabled: 'yes' }, path: ['enabled'] },
    ],
  },
  SubscriptionCreatedSchema: {
    valid: [{ ...subscription, secret: SECRET }],
    invalid: [
      { why: 'secret missing', value: subscription, path: ['secret'] },
      {
        why: 'secret without the whsec_ prefix',
        value: { ...subscription, secret: `${'A'.repeat(42)}Q=` },
        path: ['secret'],
      },
      { why: 'secret too short', value: { ...subscription, secret: 'whsec_abc=' }, path: ['secret'] },
    ],
  },
  SubscriptionListSchema: {
    valid: [[], [subscription]],
    invalid: [{ why: 'item without url', value: [{ ...subscription, url: undefined }], path: [0, 'url'] }],
  },
  EntityCreatedDataSchema: {
    valid: [entityCreatedData],
    invalid: [
      {
        why: 'ficaStatus missing',
        value: { ...entityCreatedData, ficaStatus: undefined },
        path: ['ficaStatus'],
      },
      { why: 'entityType as text', value: { ...entityCreatedData, entityType: '1' }, path: ['entityType'] },
    ],
  },
  EntityUpdatedDataSchema: {
    valid: [entityUpdatedData, {}],
    invalid: [
      { why: 'flag as text', value: { directorsConfirmed: 'true' }, path: ['directorsConfirmed'] },
      { why: 'date as a number', value: { dateUpdated: 1700000000 }, path: ['dateUpdated'] },
    ],
  },
  EntityDocumentEventDataSchema: {
    valid: [
      entityDocData,
      { ...entityDocData, active: false, deleteAdminDate: '2025-03-02T00:00:00Z', deleteAdminId: USER_ID },
    ],
    invalid: [
      { why: 'entityDocID missing', value: documentFields, path: ['entityDocID'] },
      { why: 'active missing', value: { ...entityDocData, active: undefined }, path: ['active'] },
    ],
  },
  EntityTrustCreatedDataSchema: {
    valid: [trustCreatedData, { ...trustCreatedData, entityTrustId: TRUST_ID }],
    invalid: [
      {
        why: 'sharePercentage as text',
        value: { ...trustCreatedData, sharePercentage: '40' },
        path: ['sharePercentage'],
      },
    ],
  },
  EntityTrustUpdatedDataSchema: {
    valid: [
      {
        ...trustCreatedData,
        adminUpdated: USER_ID,
        adminUpdateName: 'Rita',
        dateUpdated: '2025-03-02T00:00:00Z',
      },
    ],
    invalid: [
      { why: 'trustName missing', value: { ...trustCreatedData, trustName: undefined }, path: ['trustName'] },
    ],
  },
  UboEventDataSchema: {
    valid: [uboData, uboUpdatedEvent.data],
    invalid: [
      {
        why: 'isShareholder missing',
        value: { ...uboData, isShareholder: undefined },
        path: ['isShareholder'],
      },
      {
        why: 'shareholderPercentage as text',
        value: { ...uboData, shareholderPercentage: '25' },
        path: ['shareholderPercentage'],
      },
    ],
  },
  UboDocumentEventDataSchema: {
    valid: [uboDocData],
    invalid: [{ why: 'entityDocID instead of uboDocID', value: entityDocData, path: ['uboDocID'] }],
  },
  WebhookEventSchema: {
    valid: [
      entityCreatedEvent,
      uboUpdatedEvent,
      {
        ...envelope,
        eventType: 'entity.document.deleted',
        sourceEntity: 'FICA_ENTITY_DOC',
        entityId: ENTITY_ID,
        externalID: '',
        data: { ...entityDocData, active: false },
      },
    ],
    invalid: [
      {
        why: 'entity.created with sourceEntity instead of source',
        value: { ...entityCreatedEvent, source: undefined, sourceEntity: 'FICA_ENTITY' },
        path: ['source'],
      },
      {
        why: 'ubo event with the entity source',
        value: { ...uboUpdatedEvent, sourceEntity: 'FICA_ENTITY' },
        path: ['sourceEntity'],
      },
      {
        why: 'child event without entityId',
        value: { ...uboUpdatedEvent, entityId: undefined },
        path: ['entityId'],
      },
      { why: 'schemaVersion 2', value: { ...entityCreatedEvent, schemaVersion: 2 }, path: ['schemaVersion'] },
      {
        why: 'occurredAt not UTC',
        value: { ...entityCreatedEvent, occurredAt: '2025-03-01T12:15:00+02:00' },
        path: ['occurredAt'],
      },
      {
        why: 'unknown event type',
        value: { ...entityCreatedEvent, eventType: 'entity.deleted' },
        path: ['eventType'],
      },
      {
        why: 'data of another event',
        value: { ...entityCreatedEvent, data: uboData },
        path: ['data', 'riskDescription'],
      },
    ],
  },
};
