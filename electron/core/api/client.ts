// A typed client of every endpoint of entity-api.md, individual-api.md, webhooks.md and the
// lookups of contract.md §4. Answers are parsed by shared/api's schemas; uploads are streamed.
import { z } from 'zod';
import { multipartBody } from './multipart-body.js';
import {
  AmlScreeningResultSchema,
  BankAccountVerificationResponseSchema,
  ConfirmDocsResponseSchema,
  DocumentContentResponseSchema,
  EntityCreateResponseSchema,
  EntityDocUploadResponseSchema,
  EntityPageSchema,
  EntityRecordSchema,
  ExternalValidationResponseSchema,
  IndividualCreateResponseSchema,
  IndividualDocumentContentSchema,
  IndividualDocumentsUploadResponseSchema,
  IndividualPageSchema,
  IndividualRecordSchema,
  LOOKUPS,
  PdfReportResponseSchema,
  ProfileImageResponseSchema,
  ShareholdingConfirmResponseSchema,
  SubscriptionCreatedSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  UboCreateResponseSchema,
  UboDocUploadResponseSchema,
  UboListResponseSchema,
  UboPepConfirmResponseSchema,
  UboRecordSchema,
  VerifyOrganigramResponseSchema,
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
  type PepReviewRequest,
  type PepSanctionsDecisionRequest,
  type SubscriptionCreateRequest,
  type SubscriptionUpdateRequest,
  type UboBody,
  type UboDocumentsField,
} from '../../../shared/api/index.js';
import { AnswerFormatError, base64Field, type AnswerFields } from './base64-field-stream.js';
import { classifyError, unexpectedAnswer } from './errors.js';
import { Http, type CallOptions, type HttpOptions } from './http.js';

/** Answers the documents leave unspecified: anything JSON (or nothing) is accepted. */
const Anything = z.unknown();

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

const id = (value: string) => encodeURIComponent(value);
const json = (data: unknown) => () => ({ data, headers: { 'Content-Type': 'application/json' } });

export class ServiceClient {
  readonly http: Http;

  constructor(opts: HttpOptions) {
    this.http = new Http(opts);
  }

  private get<S extends z.ZodType>(path: string, schema: S, what: string, params?: CallOptions<S>['params']) {
    return this.http.call({ method: 'GET', path, schema, what, params });
  }

  private send<S extends z.ZodType>(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    what: string,
    body: unknown,
    options: MutationOptions = {},
  ) {
    return this.http.call({
      method,
      path,
      schema,
      what,
      body: body === undefined ? undefined : json(body),
      idempotencyKey: method === 'DELETE' ? undefined : options.idempotencyKey,
      signal: options.signal,
    });
  }

  private upload<S extends z.ZodType>(
    path: string,
    schema: S,
    what: string,
    file: UploadFile,
    documents: unknown,
    options: UploadOptions,
  ) {
    return this.http.call({
      method: 'POST',
      path,
      schema,
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
    const lookup = LOOKUPS[name];
    return this.get(lookup.path, lookup.schema as unknown as z.ZodType<LookupValue<N>>, `the ${name} lookup`);
  }

  // ---- entity
  createEntity(body: EntityCreateRequest, o?: MutationOptions) {
    return this.send('POST', '/api/v1/entity', EntityCreateResponseSchema, 'create the entity', body, o);
  }
  listEntities(query: Partial<EntityListQuery>) {
    return this.get('/api/v1/entity', EntityPageSchema, 'list entities', query);
  }
  getEntity(entityId: string) {
    return this.get(`/api/v1/entity/${id(entityId)}`, EntityRecordSchema, 'read the entity');
  }
  saveKyb(entityId: string, body: KybRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/kyb`,
      Anything,
      'save the KYB details',
      body,
      o,
    );
  }
  sanctionsReview(entityId: string, body: PepReviewRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/sanctions-review`,
      Anything,
      'record the sanctions review',
      body,
      o,
    );
  }
  updateExternalSystemId(entityId: string, externalSystemId: string, o?: MutationOptions) {
    return this.send(
      'PATCH',
      '/api/v1/entity/update-external-system-id',
      Anything,
      'update the external system id',
      { id: entityId, externalSystemId },
      o,
    );
  }
  shareholdingConfirm(entityId: string, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/shareholding-confirm`,
      ShareholdingConfirmResponseSchema,
      'confirm the shareholding',
      { ownershipConfirmation: true },
      o,
    );
  }
  entityDecision(entityId: string, body: EntityDecisionRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/onboarding-decision`,
      Anything,
      'record the onboarding decision',
      body,
      o,
    );
  }
  entityReport(entityId: string) {
    return this.get(`/api/v1/entity/${id(entityId)}/pdf-report`, PdfReportResponseSchema, 'fetch the report');
  }

  // ---- owners
  listUbos(entityId: string) {
    return this.get(
      `/api/v1/entity/${id(entityId)}/directors-and-members`,
      UboListResponseSchema,
      'list the owners',
    );
  }
  getUbo(uboId: string) {
    return this.get(`/api/v1/entity/directors-and-members/${id(uboId)}`, UboRecordSchema, 'read the owner');
  }
  deleteUbo(uboId: string, o?: MutationOptions) {
    return this.send(
      'DELETE',
      `/api/v1/entity/directors-and-members/${id(uboId)}`,
      Anything,
      'remove the owner',
      undefined,
      o,
    );
  }
  createUbo(entityId: string, body: UboBody, o?: MutationOptions) {
    return this.send(
      'POST',
      `/api/v1/entity/${id(entityId)}/ubo-create`,
      UboCreateResponseSchema,
      'add the owner',
      body,
      o,
    );
  }
  updateUbo(uboId: string, body: UboBody, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(uboId)}/director-ubo-update`,
      Anything,
      "save the owner's details",
      body,
      o,
    );
  }
  uboPepConfirm(uboId: string, body: PepReviewRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(uboId)}/ubo-pep-confirm`,
      UboPepConfirmResponseSchema,
      'record the PEP review',
      body,
      o,
    );
  }
  uboProfileImage(uboId: string) {
    return this.get(
      `/api/v1/entity/ubo/${id(uboId)}/profile-image`,
      ProfileImageResponseSchema,
      'fetch the profile image',
    );
  }

  // ---- owner documents
  uploadUboDocument(uboId: string, file: UploadFile, field: UboDocumentsField, o: UploadOptions = {}) {
    return this.upload(
      `/api/v1/entity/${id(uboId)}/ubo-doc-upload`,
      UboDocUploadResponseSchema,
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
    const path =
      owner.kind === 'entity'
        ? `/api/v1/entity/${owner.docId}/entity-doc`
        : owner.kind === 'ubo'
          ? `/api/v1/entity/${owner.docId}/ubo-doc`
          : `/api/v1/individual/${id(owner.individualId)}/documents/${owner.docId}`;
    const body = (await this.http.call({
      method: 'GET',
      path,
      schema: Anything,
      what: 'read the document',
      streamAnswer: true,
      timeoutMs: 10 * 60_000,
    })) as AsyncIterable<Buffer>;
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
    return this.get(
      `/api/v1/entity/${uboDocsId}/ubo-doc`,
      DocumentContentResponseSchema,
      "read the owner's document",
    );
  }
  deleteUboDocument(uboDocsId: number, o?: MutationOptions) {
    return this.send(
      'DELETE',
      `/api/v1/entity/${uboDocsId}/ubo-doc-delete`,
      Anything,
      "delete the owner's document",
      undefined,
      o,
    );
  }
  uboDocConfirm(uboId: string, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(uboId)}/ubo-doc-confirm`,
      Anything,
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
      `/api/v1/entity/${id(entityId)}/entity-doc`,
      EntityDocUploadResponseSchema,
      'upload the entity document',
      file,
      field,
      o,
    );
  }
  getEntityDocument(entityDocId: number) {
    return this.get(
      `/api/v1/entity/${entityDocId}/entity-doc`,
      DocumentContentResponseSchema,
      'read the entity document',
    );
  }
  deleteEntityDocument(entityDocId: number, o?: MutationOptions) {
    return this.send(
      'DELETE',
      `/api/v1/entity/${entityDocId}/entity-doc`,
      Anything,
      'delete the entity document',
      undefined,
      o,
    );
  }
  entityDocConfirm(entityId: string, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/entity-doc-confirm`,
      Anything,
      'confirm the entity documents',
      { docsUploadedReviewed: true },
      o,
    );
  }

  // ---- organigram
  verifyOrganigram(entityId: string, tree: OrganigramNodeRequest[], o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/entity/${id(entityId)}/verify-organigram`,
      VerifyOrganigramResponseSchema,
      'verify the ownership tree',
      { entityOrganigram: tree },
      o,
    );
  }

  // ---- individual
  createIndividual(body: IndividualCreateRequest, o?: MutationOptions) {
    return this.send(
      'POST',
      '/api/v1/individual',
      IndividualCreateResponseSchema,
      'create the client',
      body,
      o,
    );
  }
  listIndividuals(query: Partial<IndividualListQuery>) {
    return this.get(
      '/api/v1/individual',
      IndividualPageSchema,
      'list clients',
      query as Record<string, string | number | undefined>,
    );
  }
  getIndividual(individualId: string) {
    return this.get(`/api/v1/individual/${id(individualId)}`, IndividualRecordSchema, 'read the client');
  }
  updateIndividual(individualId: string, body: IndividualUpdateRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/individual/${id(individualId)}`,
      Anything,
      'update the client',
      body,
      o,
    );
  }
  amlScreening(individualId: string, o?: MutationOptions) {
    return this.send(
      'POST',
      `/api/v1/individual/${id(individualId)}/aml-screening`,
      AmlScreeningResultSchema,
      'run the AML screening',
      {},
      o,
    );
  }
  externalValidation(individualId: string, body: ExternalValidationRequest, o?: MutationOptions) {
    return this.send(
      'POST',
      `/api/v1/individual/${id(individualId)}/external-validation`,
      ExternalValidationResponseSchema,
      'run the external validation',
      body,
      o,
    );
  }
  pepSanctionsDecision(individualId: string, body: PepSanctionsDecisionRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/individual/${id(individualId)}/pep-sanctions-decision`,
      IndividualRecordSchema.partial().loose(),
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
      `/api/v1/individual/${id(individualId)}/documents`,
      IndividualDocumentsUploadResponseSchema,
      "upload the client's document",
      file,
      field,
      o,
    );
  }
  getIndividualDocument(individualId: string, docId: number) {
    return this.get(
      `/api/v1/individual/${id(individualId)}/documents/${docId}`,
      IndividualDocumentContentSchema,
      "read the client's document",
    );
  }
  deleteIndividualDocument(individualId: string, docId: number, o?: MutationOptions) {
    return this.send(
      'DELETE',
      `/api/v1/individual/${id(individualId)}/documents/${docId}`,
      Anything,
      "delete the client's document",
      undefined,
      o,
    );
  }
  confirmIndividualDocs(individualId: string, userUUID: string, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/individual/${id(individualId)}/confirm-docs`,
      ConfirmDocsResponseSchema,
      "confirm the client's documents",
      { userUUID },
      o,
    );
  }
  individualDecision(individualId: string, body: IndividualDecisionRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/individual/${id(individualId)}/onboarding-decision`,
      Anything,
      'record the onboarding decision',
      body,
      o,
    );
  }
  individualReport(individualId: string) {
    return this.get(
      `/api/v1/individual/${id(individualId)}/pdf-report`,
      PdfReportResponseSchema,
      'fetch the report',
    );
  }
  verifyBankAccount(individualId: string, body: BankAccountVerificationRequest, o?: MutationOptions) {
    return this.send(
      'POST',
      `/api/v1/services/individual/${id(individualId)}/bank-account-verification`,
      BankAccountVerificationResponseSchema,
      'verify the bank account',
      body,
      o,
    );
  }

  // ---- webhook subscriptions
  listSubscriptions() {
    return this.get('/api/v1/webhooks/subscriptions', SubscriptionListSchema, 'list webhook subscriptions');
  }
  createSubscription(body: SubscriptionCreateRequest, o?: MutationOptions) {
    return this.send(
      'POST',
      '/api/v1/webhooks/subscriptions',
      SubscriptionCreatedSchema,
      'create the webhook subscription',
      body,
      o,
    );
  }
  updateSubscription(subscriptionId: string, body: SubscriptionUpdateRequest, o?: MutationOptions) {
    return this.send(
      'PATCH',
      `/api/v1/webhooks/subscriptions/${id(subscriptionId)}`,
      SubscriptionSchema,
      'change the webhook subscription',
      body,
      o,
    );
  }
  deleteSubscription(subscriptionId: string) {
    return this.send(
      'DELETE',
      `/api/v1/webhooks/subscriptions/${id(subscriptionId)}`,
      Anything,
      'remove the webhook subscription',
      undefined,
    );
  }
}
