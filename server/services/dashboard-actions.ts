// Simulated dashboard users (contract §10): each action changes the partner's real records and
// emits the published events. A dashboard user is not bound by the API's ordering rules (the
// dashboard is where an admin fixes records), but lookups, file types and sizes are checked.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DashboardAction } from '../../shared/api/sandbox.js';
import { KybRequestSchema } from '../../shared/api/entity.js';
import { MAX_FREE_TEXT, RiskDescriptionSchema } from '../../shared/api/common.js';
import type { UboBody } from '../../shared/api/ubo.js';
import { withDecisionComment } from '../../shared/domain/decision-comments.js';
import type { AppContext } from '../context.js';
import {
  ENTITY_DOC_GROUPS,
  ENTITY_DOC_TYPES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
} from '../fixtures/lookups.js';
import { UploadError, badRequest, notFound, zodDetails } from '../http/errors.js';
import { formatBytes } from '../http/upload.js';
import { storedFilename } from '../../shared/files/filename.js';
import { SIGNATURE_BYTES, acceptedType } from '../../shared/files/sniff.js';
import { screenName } from '../providers/screening.js';
import { newUbo, uboName } from './entity-service.js';
import { withRisk } from './entity-risk.js';
import { individualServiceFor } from './individual-context.js';
import type { Entity } from '../store/entities.js';
import type { DocumentOwner, StoredDocument } from '../store/documents.js';
import type { EntityTrust } from '../store/trusts.js';
import type { Ubo } from '../store/ubos.js';
import { webhooksFor, type EventInput } from '../webhooks/runtime.js';
import {
  entityCreatedData,
  entityDocumentData,
  entityUpdatedData,
  trustData,
  uboData,
  uboDocumentData,
  type Actor,
} from '../webhooks/event-data.js';
import { isoNow } from '../clock.js';

const EntityChangesSchema = KybRequestSchema.extend({
  entityRegName: z.string().trim().min(1).max(500).optional(),
  clientReference: z.string().max(200).nullable().optional(),
  externalSystemId: z.string().max(200).nullable().optional(),
  // An admin may set the band by hand (a risk recalculation in webhooks.md's words).
  riskStatus: RiskDescriptionSchema.optional(),
  riskReason: z.string().max(MAX_FREE_TEXT).optional(),
}).strict();

const TrustChangesSchema = z
  .object({
    trustName: z.string().trim().min(1).max(500).optional(),
    sharePercentage: z.number().min(0).max(100).optional(),
    uboPercentage: z.number().min(0).max(100).optional(),
    trustStatus: z.string().trim().min(1).max(100).optional(),
  })
  .strict();

// The UBO body's fields, each optional: a dashboard edit changes what it names.
const UboChangesSchema = z
  .object({
    firstName: z.string().trim().min(1).max(500).optional(),
    lastName: z.string().trim().min(1).max(500).optional(),
    addressLine1: z.string().max(500).optional(),
    addressLine2: z.string().max(500).optional(),
    addressLine3: z.string().max(500).optional(),
    addressZipCode: z.string().max(20).optional(),
    addressCountry: z.number().int().positive().optional(),
    clientSACitizen: z.boolean().optional(),
    idNumber: z.string().max(50).optional(),
    passportNumber: z.string().max(50).optional(),
    passportCountry: z.number().int().positive().optional(),
    shareholderPercentage: z.string().max(20).optional(),
    isDirector: z.boolean().optional(),
    isShareholder: z.boolean().optional(),
    externalId: z.string().max(200).optional(),
  })
  .strict();

function parseChanges<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = zodDetails(parsed.error, 'changes');
    throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
  }
  return parsed.data;
}

export class DashboardActions {
  constructor(private readonly ctx: AppContext) {}

  /** Applies the action and returns the ids of the events it emitted, in order. */
  async run(action: DashboardAction): Promise<string[]> {
    const { ctx } = this;
    const partnerId = action.partnerId.toLowerCase();
    if (!ctx.partners.get(partnerId)) throw notFound('Partner not found');
    // The partner's capturer acts; event user ids are the GUIDs of that user.
    const users = ctx.partners.users(partnerId);
    const user = users[0];
    const actor: Actor = { userId: user?.id ?? null, userName: user?.name ?? null };
    const events: EventInput[] = [];

    switch (action.action) {
      case 'createEntity': {
        const { entity, createdUbos } = ctx.entityService.create(partnerId, action.body);
        events.push({
          eventType: 'entity.created',
          sourceId: entity.id,
          externalID: null,
          data: entityCreatedData(entity, actor),
        });
        // Directors imported from the registry at setup are new UBOs of the entity.
        for (const ubo of createdUbos) events.push(this.uboEvent('ubo.created', entity, ubo, actor));
        break;
      }
      case 'updateEntity': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const changes = parseChanges(EntityChangesSchema, action.changes);
        const { entityRegName, clientReference, externalSystemId, riskStatus, riskReason, ...kyb } = changes;
        const next: Entity = {
          ...entity,
          regName: entityRegName ?? entity.regName,
          clientReference: clientReference === undefined ? entity.clientReference : clientReference,
          externalSystemId: externalSystemId === undefined ? entity.externalSystemId : externalSystemId,
          kyb: Object.keys(kyb).length > 0 ? { ...(entity.kyb ?? {}), ...kyb } : entity.kyb,
        };
        // A band set by hand is the band, whatever else the action changes; otherwise a change that
        // moves the score recalculates it.
        if (riskStatus || riskReason) {
          ctx.entities.save(
            withRisk(next, {
              band: riskStatus ?? entity.riskStatus,
              reason: riskReason ?? 'Set in the dashboard',
              score: entity.riskScore,
            }),
          );
        } else {
          ctx.entityService.changing(entity, () => ctx.entities.save(next));
        }
        const saved = ctx.entityService.get(partnerId, entity.id);
        events.push({
          eventType: 'entity.updated',
          sourceId: saved.id,
          externalID: saved.clientReference,
          data: entityUpdatedData(saved, actor),
        });
        break;
      }
      case 'uploadEntityDocument': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        checkPair(
          ENTITY_DOC_GROUPS,
          ENTITY_DOC_TYPES,
          action.entityDocsID,
          action.entityDocTypesID,
          'entityDocsID',
          'entityDocTypesID',
        );
        const doc = await this.storeDocument(
          'entity',
          entity.id,
          action.entityDocsID,
          action.entityDocTypesID,
          action.filename,
          action.contentBase64,
          ctx.config.limits.entityDocumentBytes,
        );
        ctx.entities.save(entity);
        events.push({
          eventType: 'entity.document.created',
          sourceId: entity.id,
          entityId: entity.id,
          externalID: entity.clientReference,
          data: entityDocumentData(doc, actor),
        });
        break;
      }
      case 'deleteEntityDocument': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const doc = ctx.documents.get('entity', partnerId, action.entityDocID);
        if (!doc || doc.ownerId !== entity.id) throw notFound('Entity document not found');
        const deletedAt = isoNow(this.ctx.clock);
        ctx.db.transaction(() => {
          ctx.documents.softDelete('entity', doc.id);
          ctx.entities.save({ ...entity, docsUploadedReviewed: false });
        })();
        events.push({
          eventType: 'entity.document.deleted',
          sourceId: entity.id,
          entityId: entity.id,
          externalID: entity.clientReference,
          data: entityDocumentData(doc, actor, deletedAt),
        });
        break;
      }
      case 'addTrust': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const now = isoNow(this.ctx.clock);
        const trust: EntityTrust = {
          id: randomUUID(),
          entityId: entity.id,
          nodeGuid: randomUUID(),
          trustName: action.trustName,
          sharePercentage: action.sharePercentage,
          uboPercentage: action.uboPercentage,
          trustStatus: 'In Progress',
          riskStatus: 'Undetermined',
          createdAt: now,
          updatedAt: now,
        };
        const { riskRecalculated } = ctx.entityService.changing(entity, () => {
          ctx.trusts.upsert(trust);
          ctx.entities.save(entity);
        });
        events.push(this.trustEvent('entityTrust.created', entity, trust, actor));
        if (riskRecalculated) events.push(this.riskEvent(entity, actor));
        break;
      }
      case 'updateTrust': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const trust = ctx.trusts
          .listForEntity(entity.id)
          .find((t) => t.id === action.entityTrustId.toLowerCase());
        if (!trust) throw notFound('Entity trust not found');
        const changes = parseChanges(TrustChangesSchema, action.changes);
        const updated: EntityTrust = {
          ...trust,
          ...stripUndefined(changes),
          updatedAt: isoNow(this.ctx.clock),
        };
        const { riskRecalculated } = ctx.entityService.changing(entity, () => {
          ctx.trusts.upsert(updated);
          // upsert keeps the status columns; a status change is written here.
          ctx.db
            .prepare('UPDATE entity_trusts SET trust_status = ? WHERE id = ?')
            .run(updated.trustStatus, updated.id);
          ctx.entities.save(entity);
        });
        events.push(this.trustEvent('entityTrust.updated', entity, updated, actor));
        if (riskRecalculated) events.push(this.riskEvent(entity, actor));
        break;
      }
      case 'createUbo': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const body = action.body;
        const ubo: Ubo = {
          ...newUbo(this.ctx.clock, entity, 'api', body.firstName, body.lastName, {
            isDirector: body.isDirector,
            isShareholder: body.isShareholder,
          }),
          details: detailsOf(body),
          detailsCaptured: true,
          shareholderPercentage: body.shareholderPercentage ?? null,
        };
        ubo.screening = screenName(uboName(ubo));
        const { riskRecalculated } = ctx.entityService.changing(entity, () => {
          ctx.ubos.insert(ubo);
          ctx.entities.save(entity);
        });
        events.push(this.uboEvent('ubo.created', entity, ubo, actor));
        if (riskRecalculated) events.push(this.riskEvent(entity, actor));
        break;
      }
      case 'updateUbo': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const ubo = this.uboOf(partnerId, entity, action.uboId);
        const changes = stripUndefined(parseChanges(UboChangesSchema, action.changes));
        const { firstName, lastName, isDirector, isShareholder, shareholderPercentage, ...details } = changes;
        const { result: saved, riskRecalculated } = ctx.entityService.changing(entity, () => {
          const result = ctx.ubos.save({
            ...ubo,
            firstName: firstName ?? ubo.firstName,
            lastName: lastName ?? ubo.lastName,
            isDirector: isDirector ?? ubo.isDirector,
            isShareholder: isShareholder ?? ubo.isShareholder,
            shareholderPercentage: shareholderPercentage ?? ubo.shareholderPercentage,
            details: { ...ubo.details, ...details },
          });
          ctx.entities.save(entity);
          return result;
        });
        events.push(this.uboEvent('ubo.updated', entity, saved, actor));
        if (riskRecalculated) events.push(this.riskEvent(entity, actor));
        break;
      }
      case 'uploadUboDocument': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const ubo = this.uboOf(partnerId, entity, action.uboId);
        checkPair(
          INDIVIDUAL_DOC_GROUPS,
          INDIVIDUAL_DOC_TYPES,
          action.individualDocsID,
          action.IndividualDocTypesID,
          'individualDocsID',
          'IndividualDocTypesID',
        );
        const doc = await this.storeDocument(
          'ubo',
          ubo.id,
          action.individualDocsID,
          action.IndividualDocTypesID,
          action.filename,
          action.contentBase64,
          ctx.config.limits.uboDocumentBytes,
        );
        ctx.db.transaction(() => {
          ctx.ubos.save(ubo);
          ctx.entities.save(entity);
        })();
        events.push({
          eventType: 'ubo.document.created',
          sourceId: ubo.id,
          entityId: entity.id,
          externalID: entity.clientReference,
          data: { uboId: ubo.id, ...uboDocumentData(doc, actor) },
        });
        break;
      }
      case 'deleteUboDocument': {
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const ubo = this.uboOf(partnerId, entity, action.uboId);
        const doc = ctx.documents.get('ubo', partnerId, action.uboDocID);
        if (!doc || doc.ownerId !== ubo.id) throw notFound('UBO document not found');
        const deletedAt = isoNow(this.ctx.clock);
        ctx.db.transaction(() => {
          ctx.documents.softDelete('ubo', doc.id);
          ctx.ubos.save({ ...ubo, docsUploadedReviewed: false });
          ctx.entities.save(entity);
        })();
        events.push({
          eventType: 'ubo.document.deleted',
          sourceId: ubo.id,
          entityId: entity.id,
          externalID: entity.clientReference,
          data: { uboId: ubo.id, ...uboDocumentData(doc, actor, deletedAt) },
        });
        break;
      }
      case 'decideEntity': {
        // The partner's reviewer decides; an entity's decision is an entity.updated (webhooks.md).
        const reviewer = users.find((u) => u.role === 'reviewer') ?? user;
        const reviewerActor: Actor = { userId: reviewer?.id ?? null, userName: reviewer?.name ?? null };
        const entity = ctx.entityService.get(partnerId, action.entityId.toLowerCase());
        const comment = action.additionalComments;
        ctx.decisionService.record(entity, {
          onboardingDecision: action.onboardingDecision,
          ...(comment === undefined ? {} : withDecisionComment(action.onboardingDecision, comment)),
          nextFicaReviewDate: action.nextFicaReviewDate,
        });
        const saved = ctx.entityService.get(partnerId, entity.id);
        events.push({
          eventType: 'entity.updated',
          sourceId: saved.id,
          externalID: saved.clientReference,
          data: entityUpdatedData(saved, reviewerActor),
        });
        break;
      }
      case 'decideIndividual': {
        // webhooks.md publishes no individual events: the decision changes the record only.
        const reviewer = users.find((u) => u.role === 'reviewer') ?? user;
        const service = individualServiceFor(ctx);
        const individual = service.get(partnerId, action.individualId.toLowerCase());
        service.record(individual, {
          onboardingDecision: action.onboardingDecision,
          additionalComments: action.additionalComments,
          nextFicaReviewDate: action.nextFicaReviewDate,
          userID: reviewer?.id,
        });
        break;
      }
    }
    const webhooks = webhooksFor(ctx);
    return events.map((event) => webhooks.emit(partnerId, event));
  }

  /** A child change that moved the entity's score: the recalculation is published (webhooks.md). */
  private riskEvent(entity: Entity, actor: Actor): EventInput {
    const saved = this.ctx.entityService.get(entity.partnerId, entity.id);
    return {
      eventType: 'entity.updated',
      sourceId: saved.id,
      externalID: saved.clientReference,
      data: entityUpdatedData(saved, actor),
    };
  }

  private uboOf(partnerId: string, entity: Entity, uboId: string): Ubo {
    const ubo = this.ctx.ubos.get(partnerId, uboId.toLowerCase());
    if (!ubo || ubo.entityId !== entity.id || !ubo.active) throw notFound('UBO not found');
    return ubo;
  }

  private uboEvent(
    eventType: 'ubo.created' | 'ubo.updated',
    entity: Entity,
    ubo: Ubo,
    actor: Actor,
  ): EventInput {
    return {
      eventType,
      sourceId: ubo.id,
      entityId: entity.id,
      externalID: entity.clientReference,
      data: uboData(ubo, actor, eventType === 'ubo.updated'),
    };
  }

  private trustEvent(
    eventType: 'entityTrust.created' | 'entityTrust.updated',
    entity: Entity,
    trust: EntityTrust,
    actor: Actor,
  ): EventInput {
    return {
      eventType,
      sourceId: trust.id,
      entityId: entity.id,
      externalID: entity.clientReference,
      data: trustData(trust, actor, eventType === 'entityTrust.updated'),
    };
  }

  /** Writes the decoded file under a generated name and records it; type by content, size by limit. */
  private async storeDocument(
    kind: DocumentOwner,
    ownerId: string,
    groupId: number,
    typeId: number,
    filename: string,
    contentBase64: string,
    limitBytes: number,
  ): Promise<StoredDocument> {
    const bytes = Buffer.from(contentBase64, 'base64');
    if (bytes.length === 0) throw new UploadError('The file is empty');
    if (bytes.length > limitBytes) {
      throw new UploadError(
        `File too large: ${formatBytes(bytes.length)} received, the maximum file size is ${formatBytes(limitBytes)}`,
        `The maximum file size is ${formatBytes(limitBytes)} (${limitBytes} bytes)`,
      );
    }
    const mimeType = acceptedType(bytes.subarray(0, SIGNATURE_BYTES));
    if (!mimeType) throw new UploadError('Unsupported file type: only PDF, PNG and JPEG files are accepted');
    const { storedName, stream } = this.ctx.files.create();
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('close', () => resolve());
      stream.end(bytes);
    });
    const doc = {
      ownerId,
      groupId,
      typeId,
      filename: storedFilename(filename),
      storedName,
      mimeType,
      size: bytes.length,
      additional: false,
      uploadDate: isoNow(this.ctx.clock),
    };
    const id = this.ctx.documents.insert(kind, doc);
    return { ...doc, id, active: true };
  }
}

function checkPair(
  groups: ReadonlyArray<{ id: number; active: boolean }>,
  types: ReadonlyArray<{ id: number; docID: number; active?: boolean }>,
  groupId: number,
  typeId: number,
  groupField: string,
  typeField: string,
): void {
  const group = groups.find((g) => g.id === groupId && g.active);
  const type = types.find((t) => t.id === typeId && t.active !== false);
  if (!group)
    throw badRequest(`${groupField}: ${groupId} is not a document group of the lookup`, [
      { path: groupField, message: 'Unknown group' },
    ]);
  if (!type || type.docID !== group.id) {
    throw badRequest(`${typeField}: ${typeId} is not a document type of group ${groupId}`, [
      { path: typeField, message: 'Unknown type' },
    ]);
  }
}

function detailsOf(body: UboBody): Ubo['details'] {
  return stripUndefined({
    addressLine1: body.addressLine1,
    addressLine2: body.addressLine2,
    addressLine3: body.addressLine3,
    addressZipCode: body.addressZipCode,
    addressCountry: body.addressCountry,
    clientSACitizen: body.clientSACitizen,
    idNumber: body.idNumber,
    passportNumber: body.passportNumber,
    passportCountry: body.passportCountry,
    externalId: body.externalId,
  });
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
