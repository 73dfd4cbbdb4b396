// Entity and UBO documents: upload with group and type checked against the lookups, base64
// download, soft delete, and the confirm steps.
import type { z } from 'zod';
import {
  EntityDocumentsFieldSchema,
  UboDocumentsFieldSchema,
  parseDocumentsField,
} from '../../shared/api/documents.js';
import type { SandboxConfig } from '../config.js';
import type { Store } from '../context.js';
import type { Entity } from '../store/entities.js';
import type { DocumentOwner, StoredDocument } from '../store/documents.js';
import type { Ubo } from '../store/ubos.js';
import {
  ENTITY_DOC_GROUPS,
  ENTITY_DOC_TYPES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
} from '../fixtures/lookups.js';
import { UploadError, conflict, notFound } from '../http/errors.js';
import type { ReceivedUpload } from '../http/upload.js';
import type { EntityService } from './entity-service.js';
import { uboName } from './entity-service.js';
import { isoNow } from '../clock.js';

export interface DocumentContent {
  base64Content: string;
  mimeType: string;
  filename: string;
}

const DOCUMENTS_FIELD = 'documents';

export class DocumentService {
  constructor(
    readonly config: SandboxConfig,
    private readonly store: Store,
    private readonly entities: EntityService,
  ) {}

  /** Refuses before the upload is read when the UBO may not receive documents now. */
  checkUboUpload(entity: Entity, ubo: Ubo): void {
    this.entities.check(entity, { type: 'ubo-doc-upload', uboId: ubo.id });
    if (ubo.docsUploadedReviewed) throw conflict(`The documents of ${uboName(ubo)} are already confirmed`);
  }

  checkEntityUpload(entity: Entity): void {
    this.entities.check(entity, { type: 'entity-doc-upload' });
    if (entity.docsUploadedReviewed) throw conflict('The entity documents are already confirmed');
  }

  async saveUboDocument(entity: Entity, ubo: Ubo, upload: ReceivedUpload): Promise<number> {
    const pair = await this.readPair(upload, UboDocumentsFieldSchema);
    await this.checkPair(
      upload,
      pair.individualDocsID,
      pair.IndividualDocTypesID,
      'individualDocsID',
      'IndividualDocTypesID',
      'individual',
    );
    return this.store.db.transaction(() => {
      const id = this.insert('ubo', ubo.id, pair.individualDocsID, pair.IndividualDocTypesID, upload);
      this.store.ubos.save(ubo);
      this.store.entities.save(entity);
      return id;
    })();
  }

  async saveEntityDocument(entity: Entity, upload: ReceivedUpload): Promise<number> {
    const pair = await this.readPair(upload, EntityDocumentsFieldSchema);
    await this.checkPair(
      upload,
      pair.entityDocsID,
      pair.entityDocTypesID,
      'entityDocsID',
      'entityDocTypesID',
      'entity',
    );
    return this.store.db.transaction(() => {
      const id = this.insert('entity', entity.id, pair.entityDocsID, pair.entityDocTypesID, upload);
      this.store.entities.save(entity);
      return id;
    })();
  }

  /** A UBO document of the partner with its UBO and entity. */
  uboDocument(partnerId: string, docId: number): { doc: StoredDocument; ubo: Ubo; entity: Entity } {
    const doc = this.store.documents.get('ubo', partnerId, docId);
    if (!doc) throw notFound('UBO document not found');
    const ubo = this.store.ubos.get(partnerId, doc.ownerId);
    if (!ubo) throw notFound('UBO document not found');
    return { doc, ubo, entity: this.entities.get(partnerId, ubo.entityId) };
  }

  entityDocument(partnerId: string, docId: number): { doc: StoredDocument; entity: Entity } {
    const doc = this.store.documents.get('entity', partnerId, docId);
    if (!doc) throw notFound('Entity document not found');
    return { doc, entity: this.entities.get(partnerId, doc.ownerId) };
  }

  async content(doc: StoredDocument): Promise<DocumentContent> {
    const bytes = await this.store.files.read(doc.storedName);
    return { base64Content: bytes.toString('base64'), mimeType: doc.mimeType, filename: doc.filename };
  }

  deleteUboDocument(partnerId: string, docId: number): StoredDocument {
    const { doc, ubo, entity } = this.uboDocument(partnerId, docId);
    this.checkUboUpload(entity, ubo);
    this.store.db.transaction(() => {
      this.store.documents.softDelete('ubo', doc.id);
      this.store.entities.save(entity);
    })();
    return { ...doc, active: false };
  }

  deleteEntityDocument(partnerId: string, docId: number): StoredDocument {
    const { doc, entity } = this.entityDocument(partnerId, docId);
    this.checkEntityUpload(entity);
    this.store.db.transaction(() => {
      this.store.documents.softDelete('entity', doc.id);
      this.store.entities.save(entity);
    })();
    return { ...doc, active: false };
  }

  confirmUboDocuments(entity: Entity, ubo: Ubo, confirmed: boolean): Ubo {
    if (!confirmed) return ubo;
    if (ubo.docsUploadedReviewed) throw conflict(`The documents of ${uboName(ubo)} are already confirmed`);
    this.entities.check(entity, { type: 'ubo-doc-confirm', uboId: ubo.id });
    return this.store.db.transaction(() => {
      const saved = this.store.ubos.save({ ...ubo, docsUploadedReviewed: true, ficaStatus: 'Completed' });
      this.store.entities.save(entity);
      return saved;
    })();
  }

  confirmEntityDocuments(entity: Entity, confirmed: boolean): Entity {
    if (!confirmed) return entity;
    if (entity.docsUploadedReviewed) throw conflict('The entity documents are already confirmed');
    this.entities.check(entity, { type: 'entity-doc-confirm' });
    return this.store.entities.save({ ...entity, docsUploadedReviewed: true });
  }

  private async readPair<S extends z.ZodType>(upload: ReceivedUpload, schema: S): Promise<z.output<S>> {
    const raw = upload.fields[DOCUMENTS_FIELD];
    if (raw === undefined) {
      await this.store.files.remove(upload.file.storedName);
      throw new UploadError(
        `The '${DOCUMENTS_FIELD}' field is required`,
        'Send documents as a JSON string naming the document group and type',
      );
    }
    const parsed = parseDocumentsField(raw, schema);
    if (!parsed.ok) {
      await this.store.files.remove(upload.file.storedName);
      throw new UploadError(
        parsed.kind === 'json' ? 'Invalid JSON format in documents' : 'Invalid documents value',
        parsed.details,
      );
    }
    return parsed.value;
  }

  private async checkPair(
    upload: ReceivedUpload,
    groupId: number,
    typeId: number,
    groupField: string,
    typeField: string,
    kind: 'entity' | 'individual',
  ): Promise<void> {
    const groups = kind === 'entity' ? ENTITY_DOC_GROUPS : INDIVIDUAL_DOC_GROUPS;
    const types = kind === 'entity' ? ENTITY_DOC_TYPES : INDIVIDUAL_DOC_TYPES;
    const group = groups.find((g) => g.id === groupId && g.active);
    const type = types.find((t) => t.id === typeId && t.active);
    let problem: string | undefined;
    if (!group) problem = `${groupField} ${groupId} is not a document group of the ${kind}-docs lookup`;
    else if (!type) problem = `${typeField} ${typeId} is not a document type of the ${kind}-doc-types lookup`;
    else if (type.docID !== group.id)
      problem = `${typeField} ${typeId} does not belong to document group ${groupId}`;
    if (problem) {
      await this.store.files.remove(upload.file.storedName);
      throw new UploadError('Invalid documents value', problem);
    }
  }

  private insert(
    kind: DocumentOwner,
    ownerId: string,
    groupId: number,
    typeId: number,
    upload: ReceivedUpload,
  ): number {
    return this.store.documents.insert(kind, {
      ownerId,
      groupId,
      typeId,
      filename: upload.file.filename,
      storedName: upload.file.storedName,
      mimeType: upload.file.mimeType,
      size: upload.file.size,
      additional: upload.fields.additionalFicaDoc === 'true',
      uploadDate: isoNow(this.store.clock),
    });
  }
}
