// Uploads streamed from the vault, and deletion of an uploaded document. An upload whose answer was
// lost is looked for on the service (owner's document list: filename and size, then the hash when
// that is not conclusive) before the file is sent again. One service document belongs to one local
// document: a copy is claimed in the transaction that records it, so identical scans (same name,
// bytes and type) each keep their own.
import { createHash } from 'node:crypto';
import type { StoredDocument } from '../cases/store/documents.js';
import { ApiError } from '../api/errors.js';
import type { JobHandler, ReadyContext, RunContext } from './job-handler.js';
import { isUpload, type JobPayload, type PayloadOf } from '../jobs/job-kinds.js';
import { need, uboName } from './record.js';
import { waitingOn } from './wait-phrases.js';
import { storedFilename } from '../../../shared/files/filename.js';
import type { EntityJobKind, IndividualJobKind } from '../../../shared/domain/workflow-table.js';

type UploadPayload =
  PayloadOf<'ubo.doc-upload'> | PayloadOf<'entity.doc-upload'> | PayloadOf<'individual.doc-upload'>;

interface ServerDoc {
  id: number;
  groupId: number;
  typeId: number;
  filename: string;
  size: number;
}

const docOf = (ctx: ReadyContext<Extract<JobPayload, { documentId: string }>>) =>
  ctx.document !== undefined ? ctx.document : ctx.store.documents.getDocument(ctx.job.payload.documentId);

/** The document's group in words ("Proof of identity"), else its file name. */
function groupName(ctx: ReadyContext, doc: StoredDocument | null): string {
  const pair = doc?.pairs[0];
  const lookups = ctx.lookups();
  const groups = doc?.owner.kind === 'entity' ? lookups.entityDocGroups : lookups.individualDocGroups;
  return (pair && groups.find((g) => g.id === pair.groupId)?.name) ?? doc?.filename ?? 'document';
}

function describe(ctx: ReadyContext<Extract<JobPayload, { documentId: string }>>): string {
  const doc = docOf(ctx);
  const what = groupName(ctx, doc);
  if (doc?.owner.kind === 'ubo')
    return `Upload ${what} for ${uboName(ctx.store.people.getUbo(doc.owner.uboId))}`;
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
    const ubo = need(ctx.store.people.getUbo(doc.owner.uboId)?.serverId, 'The person');
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

/** Another job claimed the copy this one found, between finding it and recording it. */
class CopyTaken extends Error {}

/**
 * Server ids of a copy of this document on the service that no other local document holds, one per
 * pair, or null when there is none. `listed` is the owner's documents on the service. Identical
 * scans (same name, bytes and type) make several candidates: each is checked against the claims
 * recorded so far, read again after every wait, and the caller claims the answer in the
 * transaction that records it (claimServerIds), so two jobs never end up with one copy.
 */
export async function findUploaded(
  ctx: RunContext,
  doc: StoredDocument,
  listed?: ServerDoc[],
): Promise<number[] | null> {
  const onServer = (listed ?? (await serverDocs(ctx, doc))).filter((s) => s.size === doc.size);
  const name = storedFilename(doc.filename);
  const found: number[] = [];
  const free = (s: ServerDoc) => !found.includes(s.id) && !ctx.store.claims.serverIdHeldByOther(doc.id, s.id);
  for (const pair of doc.pairs) {
    const candidates = onServer.filter((s) => s.groupId === pair.groupId && s.typeId === pair.typeId);
    // Same name first; a renamed copy can only be told by its content.
    const ordered = [
      ...candidates.filter((s) => s.filename === name),
      ...candidates.filter((s) => s.filename !== name),
    ];
    let match: ServerDoc | undefined;
    for (const candidate of ordered) {
      if (!free(candidate)) continue;
      // The only free copy with our name and size is ours without reading it back.
      if (candidate.filename === name && ordered.filter((s) => s.filename === name && free(s)).length === 1) {
        match = candidate;
        break;
      }
      if ((await contentHash(ctx, doc, candidate.id)) === doc.sha256 && free(candidate)) {
        match = candidate;
        break;
      }
    }
    if (!match) return null;
    found.push(match.id);
  }
  return found;
}

/** Records the service's copies as this document's and ends the job, unless another document holds one of them. */
function recordUploaded(ctx: RunContext, documentId: string, serverIds: number[]): boolean {
  try {
    ctx.complete(() => {
      if (!ctx.store.claims.claimServerIds(documentId, serverIds, { state: 'on-file', error: null }))
        throw new CopyTaken();
    });
    return true;
  } catch (error) {
    if (error instanceof CopyTaken) return false;
    throw error;
  }
}

/** Finds this document's copy among the service's free ones and claims it with `claim`; null when there is none. */
async function adoptUploaded(
  ctx: RunContext,
  doc: StoredDocument,
  listed: ServerDoc[],
  claim: (ids: number[]) => boolean,
): Promise<number[] | null> {
  // Each lost race means another document took one more copy, so this ends.
  for (let tries = 0; tries <= listed.length; tries++) {
    const ids = await findUploaded(ctx, doc, listed);
    if (!ids) return null;
    if (claim(ids)) return ids;
  }
  return null;
}

/** Same owner, name, bytes and type: copies the service cannot tell apart. */
function sameScan(a: StoredDocument, b: StoredDocument): boolean {
  return (
    a.id !== b.id &&
    a.owner.kind === b.owner.kind &&
    (a.owner.kind !== 'ubo' || (b.owner.kind === 'ubo' && a.owner.uboId === b.owner.uboId)) &&
    a.sha256 === b.sha256 &&
    a.size === b.size &&
    a.filename === b.filename &&
    JSON.stringify(a.pairs) === JSON.stringify(b.pairs)
  );
}

/**
 * Whether an identical document may still claim a copy: its upload is being sent, or its answer was
 * lost (it looks on the service before sending again). Read from the case's jobs marked "may have
 * been sent" (a few: those in flight and those whose answer was lost), whatever the queue's length.
 */
function twinMayClaim(ctx: RunContext<UploadPayload>, doc: StoredDocument): boolean {
  return ctx.jobs.mayHaveBeenSentOfCase(doc.caseId).some((j) => {
    if (j.id === ctx.job.id || !isUpload(j.payload.kind) || !('documentId' in j.payload)) return false;
    const other = ctx.store.documents.getDocument(j.payload.documentId);
    return other !== null && !other.removed && sameScan(other, doc);
  });
}

/**
 * After a crash, copies of one scan may be on the service that no local document holds (an upload
 * whose answer was lost, sent again). Once no other job of an identical document may still claim
 * one, the free copies go to identical documents still waiting to be sent (their jobs look on the
 * service before sending), and any left over are written to the case's history: never deleted
 * without a person, never left unknown.
 *
 * A copy nobody holds only comes from a request whose answer was lost, and the job that lost it
 * looks on the service before sending again (`listed`, the owner's documents there): that look
 * settles, or, while an identical document may still claim a copy, notes the content
 * (DocumentClaims.setFreeCopyCheck) for the next identical upload to settle. So a plain upload asks the
 * service, and reads the content's unsent copies, only when its content was noted: identical scans
 * cost each upload the same however many there are.
 */
async function settleFreeCopies(
  ctx: RunContext<UploadPayload>,
  doc: StoredDocument,
  listed?: ServerDoc[],
): Promise<void> {
  const { store } = ctx;
  if (!listed && !store.claims.freeCopyCheckDue(doc.caseId, doc.sha256, doc.size)) return;
  if (!listed && twinMayClaim(ctx, doc)) return;
  const name = storedFilename(doc.filename);
  const mine = new Set(store.documents.getDocument(doc.id)?.serverIds ?? []);
  const free = (listed ?? (await serverDocs(ctx, doc))).filter(
    (s) =>
      s.size === doc.size &&
      s.filename === name &&
      !mine.has(s.id) &&
      doc.pairs.some((p) => p.groupId === s.groupId && p.typeId === s.typeId) &&
      !store.claims.serverIdHeldByOther(doc.id, s.id),
  );
  const settled = () => store.claims.setFreeCopyCheck(doc.caseId, doc.sha256, doc.size, false);
  if (free.length === 0) return settled();
  if (twinMayClaim(ctx, doc)) return store.claims.setFreeCopyCheck(doc.caseId, doc.sha256, doc.size, true);
  // The identical documents still waiting, the first as many as there are free copies: each looks
  // on the service before sending and adopts one.
  const waiting: string[] = [];
  for (const other of store.documents.unsentWithContent(doc.caseId, doc.sha256, doc.size)) {
    if (waiting.length >= free.length) break;
    if (!sameScan(other, doc)) continue;
    const upload = ctx.jobs.uploadOf(other.id);
    if (upload && upload.id !== ctx.job.id && upload.state === 'ready') waiting.push(upload.id);
  }
  settled();
  if (waiting.length > 0) {
    for (const jobId of waiting) ctx.jobs.setMaybeSent(jobId, true);
    return;
  }
  // The owner is not named: personal data does not belong in the audit log.
  const what = `${groupName(ctx, doc)}${doc.owner.kind === 'ubo' ? " (an owner's document)" : ''}`;
  for (const copy of free) {
    ctx.audit(
      'document.extra-copy',
      doc.caseId,
      `The service holds a copy of ${what} (service document ${copy.id}) that no document on this laptop holds. It was left on the service: remove it there if it is not wanted.`,
    );
  }
}

function uploadFile(ctx: RunContext, doc: StoredDocument) {
  const vaultId = need(doc.vaultId, 'The captured file');
  return {
    open: () => ctx.vault.chunks(vaultId),
    size: doc.size,
    filename: doc.filename,
    mimeType: doc.mimeType,
  };
}

type Send<T extends UploadPayload> = (
  ctx: RunContext<T>,
  doc: StoredDocument,
  file: ReturnType<typeof uploadFile>,
  onProgress: (sent: number) => void,
  idempotencyKey: string,
) => Promise<number[]>;

function uploadHandler<T extends UploadPayload>(
  waitingFor: (ctx: ReadyContext<T>) => string | null,
  send: Send<T>,
  awaitsPerson?: (ctx: ReadyContext<T>) => EntityJobKind | IndividualJobKind | null,
): JobHandler<T> {
  return {
    label: (ctx) => describe(ctx),
    waitingFor,
    ...(awaitsPerson ? { awaitsPerson } : {}),
    // The entity's and the client's uploads wait on their case, an owner's on that owner.
    waitsAsItsGroup: true,
    starting(ctx) {
      ctx.store.documents.markUploading(ctx.job.payload.documentId);
    },
    async reconcile(ctx) {
      const doc = docOf(ctx);
      if (!doc || doc.removed) return false;
      const listed = await serverDocs(ctx, doc);
      const ids = await adoptUploaded(ctx, doc, listed, (found) => recordUploaded(ctx, doc.id, found));
      if (!ids) return false;
      await settleFreeCopies(ctx, doc, listed).catch(() => undefined);
      return true;
    },
    async run(ctx) {
      const doc = docOf(ctx);
      if (!doc || doc.removed) {
        ctx.complete(() => undefined);
        return;
      }
      // Already so when the queue marked the job running (starting), unless it looked first.
      if (doc.state !== 'uploading' || doc.error !== null)
        ctx.store.documents.setDocumentState(doc.id, 'uploading', null);
      const file = uploadFile(ctx, doc);
      const onProgress = (sent: number) => ctx.progress(Math.min(sent, doc.size), doc.size);
      ctx.progress(0, doc.size);
      const ids = await send(ctx, doc, file, onProgress, ctx.idempotencyKey);
      if (ids.length !== doc.pairs.length || !recordUploaded(ctx, doc.id, ids)) {
        // The service replayed this job's first answer, and the copy that request made was taken
        // meanwhile by an identical document (its own upload never arrived): send a copy of our own.
        ctx.jobs.newKey(ctx.job.id);
        const again = await send(
          ctx,
          doc,
          file,
          onProgress,
          need(ctx.jobs.get(ctx.job.id)?.idempotencyKey, 'The queued upload'),
        );
        if (again.length !== doc.pairs.length || !recordUploaded(ctx, doc.id, again)) {
          throw new ApiError(
            'permanent',
            'The service answered with a copy that another document already holds',
          );
        }
      }
      ctx.progress(doc.size, doc.size);
      await settleFreeCopies(ctx, doc).catch(() => undefined);
    },
  };
}

const uboUpload = uploadHandler<PayloadOf<'ubo.doc-upload'>>(
  (ctx) => {
    const ubo = ctx.store.people.getUbo(ctx.job.payload.uboId);
    if (!ubo?.serverId) return `waiting for ${uboName(ubo)} to be created`;
    if (!ubo.data.pepSynced) return waitingOn('ubo.pep-confirm', ubo);
    return null;
  },
  async (ctx, doc, file, onProgress, idempotencyKey) => {
    const ubo = need(ctx.store.people.getUbo(ctx.job.payload.uboId)?.serverId, 'The person');
    const pair = need(doc.pairs[0], 'The document type');
    const answer = await ctx.api.uploadUboDocument(
      ubo,
      file,
      { individualDocsID: pair.groupId, IndividualDocTypesID: pair.typeId },
      { idempotencyKey, signal: ctx.signal, onProgress },
    );
    return [answer.uboDocsID];
  },
  // The review sets the band that names the owner's documents: a person records it once the
  // owner's screening results are here.
  (ctx) => (ctx.store.people.getUbo(ctx.job.payload.uboId)?.data.pepReview ? null : 'ubo.pep-confirm'),
);

const entityUpload = uploadHandler<PayloadOf<'entity.doc-upload'>>(
  (ctx) =>
    ctx.case.data.kind === 'entity' && ctx.case.data.shareholdingConfirmed
      ? null
      : waitingOn('entity.shareholding-confirm'),
  async (ctx, doc, file, onProgress, idempotencyKey) => {
    const pair = need(doc.pairs[0], 'The document type');
    const answer = await ctx.api.uploadEntityDocument(
      need(ctx.case.serverId, 'The entity'),
      file,
      { entityDocsID: pair.groupId, entityDocTypesID: pair.typeId },
      { idempotencyKey, signal: ctx.signal, onProgress },
    );
    return [answer.entityDocID];
  },
);

const individualUpload = uploadHandler<PayloadOf<'individual.doc-upload'>>(
  (ctx) =>
    ctx.case.data.kind === 'individual' && ctx.case.data.pepSynced
      ? null
      : waitingOn('individual.pep-decision'),
  async (ctx, doc, file, onProgress, idempotencyKey) => {
    const answer = await ctx.api.uploadIndividualDocument(
      need(ctx.case.serverId, 'The client record'),
      file,
      doc.pairs.map((p) => ({ individualDocsID: p.groupId, IndividualDocTypesID: p.typeId })),
      { idempotencyKey, signal: ctx.signal, onProgress },
    );
    // The answer's collection may hold the record's other documents too: take ours by pair, name
    // and size, the newest first (an identical scan sent earlier is older).
    const claimed = (id: number) => ctx.store.claims.serverIdHeldByOther(doc.id, id);
    const name = storedFilename(doc.filename);
    const ids: number[] = [];
    for (const pair of doc.pairs) {
      const mine = answer.documents.filter(
        (d) =>
          !ids.includes(d.ficaIndividualDocsID) &&
          d.individualDocsID === pair.groupId &&
          d.IndividualDocTypesID === pair.typeId,
      );
      // Newest first, each asked of the index only until one is free.
      const newest = (list: typeof mine) => [...list].reverse().find((d) => !claimed(d.ficaIndividualDocsID));
      const best = newest(mine.filter((d) => d.filename === name && d.size === doc.size)) ?? newest(mine);
      if (best) ids.push(best.ficaIndividualDocsID);
    }
    return ids;
  },
  // The decision sets the band that names the client's documents: a person records it once the
  // screening results and the bureau's answer are here.
  (ctx) =>
    ctx.case.data.kind === 'individual' && ctx.case.data.pepDecision === null
      ? 'individual.pep-decision'
      : null,
);

const remove: JobHandler<PayloadOf<'document.delete'>> = {
  label: (ctx) => `Delete ${docOf(ctx)?.filename ?? 'a document'} from the service`,
  async run(ctx) {
    const doc = docOf(ctx);
    if (!doc) {
      ctx.complete(() => undefined);
      return;
    }
    let ids = doc.serverIds;
    // The upload's answer may have been lost: look for the copy before deciding there is none, and
    // claim it first, so an identical document reconciling meanwhile cannot take the copy being deleted.
    if (ids.length === 0 && ctx.case.serverId) {
      const listed = await serverDocs(ctx, doc).catch(() => null);
      const claim = (found: number[]) =>
        ctx.store.db.transaction(() => ctx.store.claims.claimServerIds(doc.id, found))();
      ids = (listed && (await adoptUploaded(ctx, doc, listed, claim).catch(() => null))) ?? [];
    }
    for (const serverDocId of ids) {
      try {
        if (doc.owner.kind === 'entity')
          await ctx.api.deleteEntityDocument(serverDocId, { signal: ctx.signal });
        else if (doc.owner.kind === 'ubo')
          await ctx.api.deleteUboDocument(serverDocId, { signal: ctx.signal });
        else
          await ctx.api.deleteIndividualDocument(need(ctx.case.serverId, 'The client record'), serverDocId, {
            signal: ctx.signal,
          });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    const vaultId = doc.vaultId;
    ctx.complete(() => ctx.store.documents.deleteDocument(doc.id));
    if (vaultId) await ctx.vault.remove(vaultId).catch(() => false);
  },
};

export const documentHandlers = {
  'ubo.doc-upload': uboUpload,
  'entity.doc-upload': entityUpload,
  'individual.doc-upload': individualUpload,
  'document.delete': remove,
};
