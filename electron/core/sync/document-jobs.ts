// Uploads streamed from the vault, and deletion of an uploaded document. An upload whose answer was
// lost is looked for on the service (owner's document list: filename and size, then the hash when
// that is not conclusive) before the file is sent again.
import { createHash } from 'node:crypto';
import type { StoredDocument } from '../cases/case-store.js';
import { ApiError } from '../api/errors.js';
import type { JobHandler, ReadyContext, RunContext } from './job-handler.js';
import type { JobPayload } from './job-kinds.js';
import { need, personName, serviceFilename } from './record.js';

type P<K extends JobPayload['kind']> = Extract<JobPayload, { kind: K }>;
type UploadPayload = P<'ubo.doc-upload'> | P<'entity.doc-upload'> | P<'individual.doc-upload'>;

interface ServerDoc {
  id: number;
  groupId: number;
  typeId: number;
  filename: string;
  size: number;
}

const docOf = (ctx: ReadyContext<Extract<JobPayload, { documentId: string }>>) => ctx.store.getDocument(ctx.job.payload.documentId);

function describe(ctx: ReadyContext<Extract<JobPayload, { documentId: string }>>): string {
  const doc = docOf(ctx);
  const pair = doc?.pairs[0];
  const lookups = ctx.lookups();
  const groups = doc?.owner.kind === 'entity' ? lookups.entityDocGroups : lookups.individualDocGroups;
  const what = (pair && groups.find((g) => g.id === pair.groupId)?.name) ?? doc?.filename ?? 'document';
  if (doc?.owner.kind === 'ubo') return `Upload ${what} for ${personName(ctx.store.getUbo(doc.owner.uboId))}`;
  return `Upload ${what}`;
}

async function serverDocs(ctx: RunContext, doc: StoredDocument): Promise<ServerDoc[]> {
  const caseServerId = need(ctx.case.serverId, 'The case');
  if (doc.owner.kind === 'entity') {
    return (await ctx.api.getEntity(caseServerId)).documents.map((d) => ({
      id: d.entityDocID,
      groupId: d.entityDocsID,
      typeId: d.entityDocTypesID,
      filename: d.filename,
      size: d.size,
    }));
  }
  if (doc.owner.kind === 'ubo') {
    const ubo = need(ctx.store.getUbo(doc.owner.uboId)?.serverId, 'The person');
    return (await ctx.api.getUbo(ubo)).documents.map((d) => ({
      id: d.uboDocsID,
      groupId: d.individualDocsID,
      typeId: d.IndividualDocTypesID,
      filename: d.filename,
      size: d.size,
    }));
  }
  return (await ctx.api.getIndividual(caseServerId)).documents.map((d) => ({
    id: d.ficaIndividualDocsID,
    groupId: d.individualDocsID,
    typeId: d.IndividualDocTypesID,
    filename: d.filename,
    size: d.size,
  }));
}

async function contentHash(ctx: RunContext, doc: StoredDocument, serverDocId: number): Promise<string> {
  const content =
    doc.owner.kind === 'entity'
      ? await ctx.api.getEntityDocument(serverDocId)
      : doc.owner.kind === 'ubo'
        ? await ctx.api.getUboDocument(serverDocId)
        : await ctx.api.getIndividualDocument(need(ctx.case.serverId, 'The case'), serverDocId);
  return createHash('sha256').update(Buffer.from(content.base64Content, 'base64')).digest('hex');
}

/** Server ids of this document's copy on the service, one per pair, or null when it is not there. */
export async function findUploaded(ctx: RunContext, doc: StoredDocument): Promise<number[] | null> {
  const claimed = new Set(
    ctx.store
      .listDocuments(doc.caseId, true)
      .filter((d) => d.id !== doc.id)
      .flatMap((d) => d.serverIds),
  );
  const onServer = (await serverDocs(ctx, doc)).filter((s) => !claimed.has(s.id) && s.size === doc.size);
  const name = serviceFilename(doc.filename);
  const found: number[] = [];
  for (const pair of doc.pairs) {
    const candidates = onServer.filter((s) => s.groupId === pair.groupId && s.typeId === pair.typeId && !found.includes(s.id));
    const byName = candidates.filter((s) => s.filename === name);
    let match: ServerDoc | undefined = byName.length === 1 ? byName[0] : undefined;
    if (!match) {
      // Same name and size more than once (or a renamed copy): only the content can tell.
      for (const candidate of byName.length > 1 ? byName : candidates) {
        if ((await contentHash(ctx, doc, candidate.id)) === doc.sha256) {
          match = candidate;
          break;
        }
      }
    }
    if (!match) return null;
    found.push(match.id);
  }
  return found;
}

function uploadFile(ctx: RunContext, doc: StoredDocument) {
  const vaultId = need(doc.vaultId, 'The captured file');
  return { open: () => ctx.vault.createReadStream(vaultId), size: doc.size, filename: doc.filename, mimeType: doc.mimeType };
}

function recordUploaded(ctx: RunContext, documentId: string, serverIds: number[]): void {
  ctx.complete(() => ctx.store.saveDocumentState(documentId, { state: 'on-file', serverIds, error: null }));
}

function uploadHandler<T extends UploadPayload>(
  waitingFor: (ctx: ReadyContext<T>) => string | null,
  send: (ctx: RunContext<T>, doc: StoredDocument, file: ReturnType<typeof uploadFile>, onProgress: (sent: number) => void) => Promise<number[]>,
): JobHandler<T> {
  return {
    label: (ctx) => describe(ctx),
    waitingFor,
    async reconcile(ctx) {
      const doc = docOf(ctx);
      if (!doc || doc.removed) return false;
      const ids = await findUploaded(ctx, doc);
      if (!ids) return false;
      recordUploaded(ctx, doc.id, ids);
      return true;
    },
    async run(ctx) {
      const doc = docOf(ctx);
      if (!doc || doc.removed) {
        ctx.complete(() => undefined);
        return;
      }
      ctx.store.setDocumentState(doc.id, 'uploading', null);
      const file = uploadFile(ctx, doc);
      ctx.progress(0, doc.size);
      const ids = await send(ctx, doc, file, (sent) => ctx.progress(Math.min(sent, doc.size), doc.size));
      ctx.progress(doc.size, doc.size);
      recordUploaded(ctx, doc.id, ids);
    },
  };
}

const uboUpload = uploadHandler<P<'ubo.doc-upload'>>(
  (ctx) => {
    const ubo = ctx.store.getUbo(ctx.job.payload.uboId);
    if (!ubo?.serverId) return `waiting for ${personName(ubo)} to be created`;
    if (!ubo.data.pepSynced) return `waiting for PEP review of ${personName(ubo)}`;
    return null;
  },
  async (ctx, doc, file, onProgress) => {
    const ubo = need(ctx.store.getUbo(ctx.job.payload.uboId)?.serverId, 'The person');
    const pair = need(doc.pairs[0], 'The document type');
    const answer = await ctx.api.uploadUboDocument(
      ubo,
      file,
      { individualDocsID: pair.groupId, IndividualDocTypesID: pair.typeId },
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal, onProgress },
    );
    return [answer.uboDocsID];
  },
);

const entityUpload = uploadHandler<P<'entity.doc-upload'>>(
  (ctx) => (ctx.case.data.kind === 'entity' && ctx.case.data.shareholdingConfirmed ? null : 'waiting for shareholding confirmation'),
  async (ctx, doc, file, onProgress) => {
    const pair = need(doc.pairs[0], 'The document type');
    const answer = await ctx.api.uploadEntityDocument(
      need(ctx.case.serverId, 'The entity'),
      file,
      { entityDocsID: pair.groupId, entityDocTypesID: pair.typeId },
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal, onProgress },
    );
    return [answer.entityDocID];
  },
);

const individualUpload = uploadHandler<P<'individual.doc-upload'>>(
  (ctx) => (ctx.case.data.kind === 'individual' && ctx.case.data.pepSynced ? null : 'waiting for the PEP and sanctions decision'),
  async (ctx, doc, file, onProgress) => {
    const answer = await ctx.api.uploadIndividualDocument(
      need(ctx.case.serverId, 'The client record'),
      file,
      doc.pairs.map((p) => ({ individualDocsID: p.groupId, IndividualDocTypesID: p.typeId })),
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal, onProgress },
    );
    // The answer's collection may hold the record's other documents too: take ours by pair, name and size.
    const claimed = new Set(ctx.store.listDocuments(doc.caseId, true).filter((d) => d.id !== doc.id).flatMap((d) => d.serverIds));
    const name = serviceFilename(doc.filename);
    const ids: number[] = [];
    for (const pair of doc.pairs) {
      const mine = answer.documents.filter(
        (d) => !claimed.has(d.ficaIndividualDocsID) && !ids.includes(d.ficaIndividualDocsID) && d.individualDocsID === pair.groupId && d.IndividualDocTypesID === pair.typeId,
      );
      const best = mine.filter((d) => d.filename === name && d.size === doc.size).pop() ?? mine.pop();
      if (best) ids.push(best.ficaIndividualDocsID);
    }
    return ids;
  },
);

const remove: JobHandler<P<'document.delete'>> = {
  label: (ctx) => `Delete ${docOf(ctx)?.filename ?? 'a document'} from the service`,
  async run(ctx) {
    const doc = docOf(ctx);
    if (!doc) {
      ctx.complete(() => undefined);
      return;
    }
    let ids = doc.serverIds;
    // The upload's answer may have been lost: look for the copy before deciding there is none.
    if (ids.length === 0 && ctx.case.serverId) ids = (await findUploaded(ctx, doc).catch(() => null)) ?? [];
    for (const serverDocId of ids) {
      try {
        if (doc.owner.kind === 'entity') await ctx.api.deleteEntityDocument(serverDocId, { signal: ctx.signal });
        else if (doc.owner.kind === 'ubo') await ctx.api.deleteUboDocument(serverDocId, { signal: ctx.signal });
        else await ctx.api.deleteIndividualDocument(need(ctx.case.serverId, 'The client record'), serverDocId, { signal: ctx.signal });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    const vaultId = doc.vaultId;
    ctx.complete(() => ctx.store.deleteDocument(doc.id));
    if (vaultId) await ctx.vault.remove(vaultId).catch(() => false);
  },
};

export const documentHandlers = {
  'ubo.doc-upload': uboUpload,
  'entity.doc-upload': entityUpload,
  'individual.doc-upload': individualUpload,
  'document.delete': remove,
};
