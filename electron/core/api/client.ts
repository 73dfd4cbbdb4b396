// A typed client of every endpoint of entity-api.md, individual-api.md, webhooks.md and the
// lookups of contract.md §4. Each request is built from its entry of the REST table
// (shared/api/routes.ts): method, path and the schema its answer is parsed by. Uploads are streamed.
import type { z } from 'zod';
import { multipartBody } from './multipart-body.js';
import {
  LOOKUPS,
  ROUTES,
  routePath,
  type BankAccountVerificationRequest,
  type EntityCreateRequest,
  type EntityDecisionRequest,
  type EntityDocumentsField,
  type EntityListQuery,
  type ExternalValidationRequest,
  type IndividualCreateRequest,
  type IndividualDecisionRequest,
  type IndividualDocumentsField,
  type IndividualListQuery,
  type IndividualUpdateRequest,
  type KybRequest,
  type LookupName,
  type LookupValue,
  type OrganigramNodeRequest,
  type PathParams,
  type PepReviewRequest,
  type PepSanctionsDecisionRequest,
  type RestRoute,
  type SubscriptionCreateRequest,
  type SubscriptionUpdateRequest,
  type UboBody,
  type UboDocumentsField,
} from '../../../shared/api/index.js';
import { AnswerFormatError, base64Field, type AnswerFields } from './base64-field-stream.js';
import { classifyError, unexpectedAnswer } from './errors.js';
import { Http, type CallOptions, type HttpOptions } from './http.js';

/** A file to upload: its bytes afresh per attempt, and its exact length so nothing is buffered. */
export interface UploadFile {
  open: () => AsyncIterable<Buffer>;
  size: number;
  filename: string;
  mimeType: string;
}

export interface MutationOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface UploadOptions extends MutationOptions {
  onProgress?: (sent: number) => void;
  additionalFicaDoc?: boolean;
}

const json = (data: unknown) => () => ({ data, headers: { 'Content-Type': 'application/json' } });

export class ServiceClient {
  readonly http: Http;

  constructor(opts: HttpOptions) {
    this.http = new Http(opts);
  }

  private get<P extends string, A extends z.ZodType>(
    route: RestRoute<P, A>,
    params: PathParams<P>,
    what: string,
    query?: CallOptions<A>['params'],
  ) {
    return this.http.call({
      method: route.method,
      path: routePath(route, params),
      schema: route.answer,
      what,
      params: query,
    });
  }

  private send<P extends string, A extends z.ZodType>(
    route: RestRoute<P, A>,
    params: PathParams<P>,
    what: string,
    body: unknown,
    options: MutationOptions = {},
  ) {
    return this.http.call({
      method: route.method,
      path: routePath(route, params),
      schema: route.answer,
      what,
      body: body === undefined ? undefined : json(body),
      idempotencyKey: route.method === 'DELETE' ? undefined : options.idempotencyKey,
      signal: options.signal,
    });
  }

  private upload<P extends string, A extends z.ZodType>(
    route: RestRoute<P, A>,
    params: PathParams<P>,
    what: string,
    file: UploadFile,
    documents: unknown,
    options: UploadOptions,
  ) {
    return this.http.call({
      method: route.method,
      path: routePath(route, params),
      schema: route.answer,
      what,
      idempotencyKey: options.idempotencyKey,
      signal: options.signal,
      timeoutMs: 10 * 60_000,
      body: () => {
        const fields: Array<[string, string]> = [['documents', JSON.stringify(documents)]];
        if (options.additionalFicaDoc !== undefined)
          fields.push(['additionalFicaDoc', String(options.additionalFicaDoc)]);
        // Progress counted as the file's bytes are handed to the request (backpressure keeps this
        // within a chunk or two of what is on the wire). Not axios's onUploadProgress: that pipes
        // the whole body through an extra throttling stream, which slowed the drain by a large share.
        const { chunks, headers } = multipartBody(
          fields,
          {
            field: 'file',
            filename: file.filename,
            contentType: file.mimeType,
            size: file.size,
            open: file.open,
          },
          options.onProgress,
        );
        return { chunks, headers };
      },
    });
  }

  // ---- lookups
  lookup<N extends LookupName>(name: N): Promise<LookupValue<N>> {
    const route = LOOKUPS[name] as unknown as RestRoute<string, z.ZodType<LookupValue<N>>>;
    return this.get(route, {}, `the ${name} lookup`);
  }

  // ---- entity
  createEntity(body: EntityCreateRequest, o?: MutationOptions) {
    return this.send(ROUTES.createEntity, {}, 'create the entity', body, o);
  }
  listEntities(query: Partial<EntityListQuery>) {
    return this.get(ROUTES.listEntities, {}, 'list entities', query);
  }
  getEntity(entityId: string) {
    return this.get(ROUTES.getEntity, { id: entityId }, 'read the entity');
  }
  saveKyb(entityId: string, body: KybRequest, o?: MutationOptions) {
    return this.send(ROUTES.saveKyb, { id: entityId }, 'save the KYB details', body, o);
  }
  sanctionsReview(entityId: string, body: PepReviewRequest, o?: MutationOptions) {
    return this.send(ROUTES.sanctionsReview, { id: entityId }, 'record the sanctions review', body, o);
  }
  updateExternalSystemId(entityId: string, externalSystemId: string, o?: MutationOptions) {
    return this.send(
      ROUTES.updateExternalSystemId,
      {},
      'update the external system id',
      { id: entityId, externalSystemId },
      o,
    );
  }
  shareholdingConfirm(entityId: string, o?: MutationOptions) {
    return this.send(
      ROUTES.shareholdingConfirm,
      { id: entityId },
      'confirm the shareholding',
      { ownershipConfirmation: true },
      o,
    );
  }
  entityDecision(entityId: string, body: EntityDecisionRequest, o?: MutationOptions) {
    return this.send(ROUTES.entityDecision, { id: entityId }, 'record the onboarding decision', body, o);
  }
  entityReport(entityId: string) {
    return this.get(ROUTES.entityReport, { id: entityId }, 'fetch the report');
  }

  // ---- owners
  listUbos(entityId: string) {
    return this.get(ROUTES.listUbos, { id: entityId }, 'list the owners');
  }
  getUbo(uboId: string) {
    return this.get(ROUTES.getUbo, { uboID: uboId }, 'read the owner');
  }
  deleteUbo(uboId: string, o?: MutationOptions) {
    return this.send(ROUTES.deleteUbo, { uboID: uboId }, 'remove the owner', undefined, o);
  }
  createUbo(entityId: string, body: UboBody, o?: MutationOptions) {
    return this.send(ROUTES.createUbo, { id: entityId }, 'add the owner', body, o);
  }
  updateUbo(uboId: string, body: UboBody, o?: MutationOptions) {
    return this.send(ROUTES.updateUbo, { id: uboId }, "save the owner's details", body, o);
  }
  uboPepConfirm(uboId: string, body: PepReviewRequest, o?: MutationOptions) {
    return this.send(ROUTES.uboPepConfirm, { id: uboId }, 'record the PEP review', body, o);
  }
  uboProfileImage(uboId: string) {
    return this.get(ROUTES.uboProfileImage, { id: uboId }, 'fetch the profile image');
  }

  // ---- owner documents
  uploadUboDocument(uboId: string, file: UploadFile, field: UboDocumentsField, o: UploadOptions = {}) {
    return this.upload(
      ROUTES.uploadUboDocument,
      { id: uboId },
      "upload the owner's document",
      file,
      field,
      o,
    );
  }
  /**
   * A document's answer read as it arrives: its bytes decoded from base64 a chunk at a time, and
   * its other fields (mime type, file name) once the answer is read.
   */
  async documentStream(
    owner:
      | { kind: 'entity'; docId: number }
      | { kind: 'ubo'; docId: number }
      | { kind: 'individual'; individualId: string; docId: number },
  ): Promise<{ bytes: AsyncIterable<Buffer>; fields: AnswerFields }> {
    const route =
      owner.kind === 'entity'
        ? routePath(ROUTES.getEntityDocument, { id: owner.docId })
        : owner.kind === 'ubo'
          ? routePath(ROUTES.getUboDocument, { id: owner.docId })
          : routePath(ROUTES.getIndividualDocument, { id: owner.individualId, docId: owner.docId });
    // The answer is read as a stream and never parsed whole: its schema is the route's, unused.
    const body = (await this.http.call({
      method: 'GET',
      path: route,
      schema: ROUTES.getEntityDocument.answer,
      what: 'read the document',
      streamAnswer: true,
      timeoutMs: 10 * 60_000,
    })) as unknown as AsyncIterable<Buffer>;
    const fields: AnswerFields = {};
    async function* bytes(): AsyncGenerator<Buffer> {
      try {
        yield* base64Field(body, 'base64Content', fields);
      } catch (error) {
        if (error instanceof AnswerFormatError) throw unexpectedAnswer('read the document', error.message);
        throw classifyError(error);
      }
    }
    return { bytes: bytes(), fields };
  }

  getUboDocument(uboDocsId: number) {
    return this.get(ROUTES.getUboDocument, { id: uboDocsId }, "read the owner's document");
  }
  deleteUboDocument(uboDocsId: number, o?: MutationOptions) {
    return this.send(
      ROUTES.deleteUboDocument,
      { id: uboDocsId },
      "delete the owner's document",
      undefined,
      o,
    );
  }
  uboDocConfirm(uboId: string, o?: MutationOptions) {
    return this.send(
      ROUTES.uboDocConfirm,
      { id: uboId },
      "confirm the owner's documents",
      { docsUploadedReviewed: true },
      o,
    );
  }

  // ---- entity documents
  uploadEntityDocument(
    entityId: string,
    file: UploadFile,
    field: EntityDocumentsField,
    o: UploadOptions = {},
  ) {
    return this.upload(
      ROUTES.uploadEntityDocument,
      { id: entityId },
      'upload the entity document',
      file,
      field,
      o,
    );
  }
  getEntityDocument(entityDocId: number) {
    return this.get(ROUTES.getEntityDocument, { id: entityDocId }, 'read the entity document');
  }
  deleteEntityDocument(entityDocId: number, o?: MutationOptions) {
    return this.send(
      ROUTES.deleteEntityDocument,
      { id: entityDocId },
      'delete the entity document',
      undefined,
      o,
    );
  }
  entityDocConfirm(entityId: string, o?: MutationOptions) {
    return this.send(
      ROUTES.entityDocConfirm,
      { id: entityId },
      'confirm the entity documents',
      { docsUploadedReviewed: true },
      o,
    );
  }

  // ---- organigram
  verifyOrganigram(entityId: string, tree: OrganigramNodeRequest[], o?: MutationOptions) {
    return this.send(
      ROUTES.verifyOrganigram,
      { id: entityId },
      'verify the ownership tree',
      { entityOrganigram: tree },
      o,
    );
  }

  // ---- individual
  createIndividual(body: IndividualCreateRequest, o?: MutationOptions) {
    return this.send(ROUTES.createIndividual, {}, 'create the client', body, o);
  }
  listIndividuals(query: Partial<IndividualListQuery>) {
    return this.get(
      ROUTES.listIndividuals,
      {},
      'list clients',
      query as Record<string, string | number | undefined>,
    );
  }
  getIndividual(individualId: string) {
    return this.get(ROUTES.getIndividual, { id: individualId }, 'read the client');
  }
  updateIndividual(individualId: string, body: IndividualUpdateRequest, o?: MutationOptions) {
    return this.send(ROUTES.updateIndividual, { id: individualId }, 'update the client', body, o);
  }
  amlScreening(individualId: string, o?: MutationOptions) {
    return this.send(ROUTES.amlScreening, { id: individualId }, 'run the AML screening', {}, o);
  }
  externalValidation(individualId: string, body: ExternalValidationRequest, o?: MutationOptions) {
    return this.send(ROUTES.externalValidation, { id: individualId }, 'run the external validation', body, o);
  }
  pepSanctionsDecision(individualId: string, body: PepSanctionsDecisionRequest, o?: MutationOptions) {
    return this.send(
      ROUTES.pepSanctionsDecision,
      { id: individualId },
      'record the PEP and sanctions decision',
      body,
      o,
    );
  }
  uploadIndividualDocument(
    individualId: string,
    file: UploadFile,
    field: IndividualDocumentsField,
    o: UploadOptions = {},
  ) {
    return this.upload(
      ROUTES.uploadIndividualDocument,
      { id: individualId },
      "upload the client's document",
      file,
      field,
      o,
    );
  }
  getIndividualDocument(individualId: string, docId: number) {
    return this.get(ROUTES.getIndividualDocument, { id: individualId, docId }, "read the client's document");
  }
  deleteIndividualDocument(individualId: string, docId: number, o?: MutationOptions) {
    return this.send(
      ROUTES.deleteIndividualDocument,
      { id: individualId, docId },
      "delete the client's document",
      undefined,
      o,
    );
  }
  confirmIndividualDocs(individualId: string, userUUID: string, o?: MutationOptions) {
    return this.send(
      ROUTES.confirmIndividualDocs,
      { id: individualId },
      "confirm the client's documents",
      { userUUID },
      o,
    );
  }
  individualDecision(individualId: string, body: IndividualDecisionRequest, o?: MutationOptions) {
    return this.send(
      ROUTES.individualDecision,
      { id: individualId },
      'record the onboarding decision',
      body,
      o,
    );
  }
  individualReport(individualId: string) {
    return this.get(ROUTES.individualReport, { id: individualId }, 'fetch the report');
  }
  verifyBankAccount(individualId: string, body: BankAccountVerificationRequest, o?: MutationOptions) {
    return this.send(
      ROUTES.verifyBankAccount,
      { individualUUID: individualId },
      'verify the bank account',
      body,
      o,
    );
  }

  // ---- webhook subscriptions
  listSubscriptions() {
    return this.get(ROUTES.listSubscriptions, {}, 'list webhook subscriptions');
  }
  createSubscription(body: SubscriptionCreateRequest, o?: MutationOptions) {
    return this.send(ROUTES.createSubscription, {}, 'create the webhook subscription', body, o);
  }
  updateSubscription(subscriptionId: string, body: SubscriptionUpdateRequest, o?: MutationOptions) {
    return this.send(
      ROUTES.updateSubscription,
      { id: subscriptionId },
      'change the webhook subscription',
      body,
      o,
    );
  }
  deleteSubscription(subscriptionId: string) {
    return this.send(
      ROUTES.deleteSubscription,
      { id: subscriptionId },
      'remove the webhook subscription',
      undefined,
    );
  }
}
