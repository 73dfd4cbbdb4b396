// Sending an entity application: create, KYB, sanctions review, the ownership tree, shareholding,
// confirmations and the decision. Each answer is recorded on the case before the job is deleted.
import {
  UboBodySchema,
  type EntityCreateResponse,
  type EntityRecord,
  type OrganigramNodeResponse,
} from '../../../shared/api/index.js';
import { ApiError } from '../api/errors.js';
import type { CaseStore } from '../cases/case-store.js';
import { newUboData } from '../cases/case-service.js';
import { missingUploaded } from '../cases/checklists.js';
import type { JobHandler, ReadyContext, RunContext } from './job-handler.js';
import type { JobPayload, PayloadOf } from '../jobs/job-kinds.js';
import { band, need, recordDecision, uboName, updateEntity, updateUbo } from './record.js';
import { staleReview } from './review-wait.js';
import { waitingOn } from './wait-phrases.js';

const entityData = (ctx: ReadyContext) => {
  if (ctx.case.data.kind !== 'entity')
    throw new ApiError('permanent', 'This job belongs to an entity application');
  return ctx.case.data;
};
const serverId = (ctx: ReadyContext) => need(ctx.case.serverId, 'The entity');

export function recordEntityCreated(
  store: Pick<CaseStore, 'cases' | 'people' | 'documents'>,
  caseId: string,
  answer: Pick<
    EntityCreateResponse,
    'id' | 'registryCommercialName' | 'sanctionsSearchResults' | 'registryCommercialResponse'
  > & {
    createdUbos: { uboUUID: string; firstName: string; lastName: string; isDirector?: boolean | null }[];
  },
): void {
  updateEntity(store, caseId, (d, c) => {
    c.serverId = answer.id;
    d.registryCommercialName = answer.registryCommercialName ?? null;
    d.registryFound = d.foreignEntityType
      ? null
      : Boolean(answer.registryCommercialName) || answer.createdUbos.length > 0;
    d.sanctionsSearchResults = answer.sanctionsSearchResults ?? null;
  });
  const known = new Set(store.people.listUbos(caseId, true).map((u) => u.serverId));
  for (const created of answer.createdUbos) {
    if (known.has(created.uboUUID)) continue;
    store.people.insertUbo({
      id: created.uboUUID,
      caseId,
      position: store.people.nextUboPosition(caseId),
      serverId: created.uboUUID,
      origin: 'registry',
      removed: false,
      data: newUboData(
        { firstName: created.firstName, lastName: created.lastName, isDirector: created.isDirector ?? true },
        false,
      ),
    });
  }
}

const create: JobHandler<PayloadOf<'entity.create'>> = {
  label: (ctx) => `Create ${ctx.case.title} on the service`,
  async reconcile(ctx) {
    const ref = entityData(ctx).create.clientReference;
    if (!ref) return false;
    const page = await ctx.api.listEntities({ clientReference: ref, take: 100 });
    const found = page.data.find((e) => e.clientReference === ref);
    if (!found) return false;
    const record: EntityRecord = await ctx.api.getEntity(found.id);
    ctx.complete(() =>
      recordEntityCreated(ctx.store, ctx.case.id, {
        id: record.id,
        registryCommercialName: record.registryCommercialName,
        registryCommercialResponse: record.registryCommercialResponse,
        sanctionsSearchResults: record.sanctionsSearchResults,
        createdUbos:
          record.createdUbos ??
          record.ubos.map((u) => ({
            uboUUID: u.uboID,
            firstName: u.firstName ?? '',
            lastName: u.lastName ?? '',
            isDirector: u.isDirector ?? true,
          })),
      }),
    );
    return true;
  },
  async run(ctx) {
    const answer = await ctx.api.createEntity(entityData(ctx).create, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => recordEntityCreated(ctx.store, ctx.case.id, answer));
  },
};

const kyb: JobHandler<PayloadOf<'entity.kyb'>> = {
  label: () => 'Send the KYB details',
  async run(ctx) {
    const body = need(entityData(ctx).kyb, 'The KYB details');
    await ctx.api.saveKyb(serverId(ctx), body, { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal });
    ctx.complete(() =>
      updateEntity(
        ctx.store,
        ctx.case.id,
        (d) => (d.kybSynced = JSON.stringify(d.kyb) === JSON.stringify(body)),
      ),
    );
  },
};

/** The service takes a person or the ownership tree only after the entity's sanctions review. */
const afterSanctionsReview = (ctx: ReadyContext): string | null =>
  entityData(ctx).sanctionsReviewSynced ? null : waitingOn('entity.sanctions-review');

const sanctionsReview: JobHandler<PayloadOf<'entity.sanctions-review'>> = {
  label: () => 'Send the sanctions review',
  waitingFor(ctx) {
    const d = entityData(ctx);
    return staleReview(d.sanctionsSearchResults, d.sanctionsReviewRecord, d.create.entityRegName);
  },
  async run(ctx) {
    const review = need(entityData(ctx).sanctionsReview, 'The sanctions review');
    // The published body has exactly these two fields; dispositions stay on this laptop.
    const body = { adverseSearchKYC: review.adverseSearchKYC, pepConfirmReviewed: review.pepConfirmReviewed };
    await ctx.api.sanctionsReview(serverId(ctx), body, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateEntity(ctx.store, ctx.case.id, (d) => (d.sanctionsReviewSynced = true)));
  },
};

function recordTree(ctx: RunContext, nodes: readonly OrganigramNodeResponse[]): void {
  const visit = (n: OrganigramNodeResponse) => {
    if (n.shareholderType === 'Individual' && n.uboID) {
      const local = ctx.store.people.getUbo(n.id);
      if (local && local.caseId === ctx.case.id && local.serverId === null) {
        local.serverId = n.uboID;
        ctx.store.people.saveUbo(local);
      }
    }
    n.children.forEach(visit);
  };
  nodes.forEach(visit);
}

const verifyOrganigram: JobHandler<PayloadOf<'entity.verify-organigram'>> = {
  label: () => 'Verify the ownership tree',
  waitingFor: afterSanctionsReview,
  async reconcile(ctx) {
    const record = await ctx.api.getEntity(serverId(ctx));
    if (!record.organigramReviewed) return false;
    // The tree's answer was lost: link the service's people to ours by name, in tree order.
    const people = await ctx.api.listUbos(serverId(ctx));
    ctx.complete(() => {
      const claimed = new Set(
        ctx.store.people
          .listUbos(ctx.case.id, true)
          .map((u) => u.serverId)
          .filter(Boolean),
      );
      for (const local of ctx.store.people.listUbos(ctx.case.id)) {
        if (local.serverId || local.origin !== 'organigram') continue;
        const match = people.find(
          (p) =>
            !claimed.has(p.uboID) &&
            p.firstName === local.data.details.firstName &&
            p.lastName === local.data.details.lastName,
        );
        if (match) {
          local.serverId = match.uboID;
          claimed.add(match.uboID);
          ctx.store.people.saveUbo(local);
        }
      }
      updateEntity(ctx.store, ctx.case.id, (d) => (d.organigramVerified = true));
    });
    return true;
  },
  async run(ctx) {
    const tree = need(entityData(ctx).organigramDraft, 'The ownership tree');
    const answer = await ctx.api.verifyOrganigram(serverId(ctx), tree, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => {
      recordTree(ctx, answer.entityOrganigram);
      updateEntity(ctx.store, ctx.case.id, (d) => {
        d.organigramVerified = true;
        d.organigramResponse = answer;
      });
    });
  },
};

const uboOf = (ctx: ReadyContext<Extract<JobPayload, { uboId: string }>>) =>
  ctx.store.people.getUbo(ctx.job.payload.uboId);

function uboBody(ctx: ReadyContext<Extract<JobPayload, { uboId: string }>>) {
  const ubo = need(uboOf(ctx), 'The person');
  const parsed = UboBodySchema.safeParse(ubo.data.details);
  if (!parsed.success) {
    throw new ApiError(
      'permanent',
      `The details of ${uboName(ubo)} are incomplete: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  return { ubo, body: parsed.data };
}

const uboCreate: JobHandler<PayloadOf<'ubo.create'>> = {
  label: (ctx) => `Add ${uboName(uboOf(ctx))}`,
  waitingFor: afterSanctionsReview,
  async reconcile(ctx) {
    const ubo = need(uboOf(ctx), 'The person');
    const externalId = ubo.data.details.externalId;
    if (!externalId) return false;
    const people = await ctx.api.listUbos(serverId(ctx));
    const found = people.find((p) => p.externalId === externalId);
    if (!found) return false;
    ctx.complete(() =>
      updateUbo(ctx.store, ubo.id, (d, u) => {
        u.serverId = found.uboID;
        d.screening = found.sanctionsSearchResults ?? null;
        d.detailsSynced = true;
      }),
    );
    return true;
  },
  async run(ctx) {
    const { ubo, body } = uboBody(ctx);
    const answer = await ctx.api.createUbo(serverId(ctx), body, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() =>
      updateUbo(ctx.store, ubo.id, (d, u) => {
        u.serverId = answer.uboUUID;
        d.screening = answer.sanctionsSearchResults ?? null;
        d.detailsSynced = JSON.stringify(d.details) === JSON.stringify(ubo.data.details);
      }),
    );
  },
};

const uboUpdate: JobHandler<PayloadOf<'ubo.update'>> = {
  label: (ctx) => `Send the details of ${uboName(uboOf(ctx))}`,
  waitingFor: (ctx) =>
    afterSanctionsReview(ctx) ??
    (uboOf(ctx)?.serverId ? null : `waiting for ${uboName(uboOf(ctx))} to be created`),
  async run(ctx) {
    const { ubo, body } = uboBody(ctx);
    const answer = await ctx.api.updateUbo(need(ubo.serverId, 'The person'), body, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    const screening =
      answer && typeof answer === 'object' && 'sanctionsSearchResults' in answer
        ? answer.sanctionsSearchResults
        : undefined;
    ctx.complete(() =>
      updateUbo(ctx.store, ubo.id, (d) => {
        if (screening && typeof screening === 'object') d.screening = screening as typeof d.screening;
        d.detailsSynced = JSON.stringify(d.details) === JSON.stringify(ubo.data.details);
      }),
    );
  },
};

const uboDelete: JobHandler<PayloadOf<'ubo.delete'>> = {
  label: (ctx) => `Remove ${uboName(uboOf(ctx))}`,
  async run(ctx) {
    const ubo = uboOf(ctx);
    let id = ubo?.serverId ?? null;
    if (!id && ubo?.data.details.externalId) {
      const people = await ctx.api.listUbos(serverId(ctx));
      id = people.find((p) => p.externalId === ubo.data.details.externalId)?.uboID ?? null;
    }
    if (id) {
      try {
        await ctx.api.deleteUbo(id, { signal: ctx.signal });
      } catch (error) {
        // Already gone: a retry after a lost answer.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    ctx.complete(() => ctx.store.people.deleteUbo(ctx.job.payload.uboId));
  },
};

const uboPepConfirm: JobHandler<PayloadOf<'ubo.pep-confirm'>> = {
  label: (ctx) => `Send the PEP review of ${uboName(uboOf(ctx))}`,
  waitingFor(ctx) {
    const ubo = uboOf(ctx);
    if (!ubo?.serverId) return `waiting for ${uboName(ubo)} to be created`;
    return staleReview(ubo.data.screening, ubo.data.pepReviewRecord, uboName(ubo));
  },
  async run(ctx) {
    const ubo = need(uboOf(ctx), 'The person');
    const review = need(ubo.data.pepReview, 'The PEP review');
    const body = { adverseSearchKYC: review.adverseSearchKYC, pepConfirmReviewed: review.pepConfirmReviewed };
    const answer = await ctx.api.uboPepConfirm(need(ubo.serverId, 'The person'), body, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() =>
      updateUbo(ctx.store, ubo.id, (d) => {
        d.pepSynced = true;
        d.riskStatus = band(answer.riskStatus);
        d.riskReason = answer.riskReason;
      }),
    );
  },
};

const uboDocConfirm: JobHandler<PayloadOf<'ubo.doc-confirm'>> = {
  label: (ctx) => `Confirm the documents of ${uboName(uboOf(ctx))}`,
  waitingFor(ctx) {
    const ubo = uboOf(ctx);
    if (!ubo?.serverId) return `waiting for ${uboName(ubo)} to be created`;
    if (!ubo.data.pepSynced) return waitingOn('ubo.pep-confirm', ubo);
    const docs = ctx.store.documents.documentFactsOf(ctx.case.id)({ kind: 'ubo', uboId: ubo.id });
    const missing = missingUploaded('individual', ubo.data.riskStatus, ctx.lookups(), docs);
    return missing.length ? `waiting for documents of ${uboName(ubo)}: ${missing.join(', ')}` : null;
  },
  async reconcile(ctx) {
    const ubo = need(uboOf(ctx), 'The person');
    const record = await ctx.api.getUbo(need(ubo.serverId, 'The person'));
    if (!record.docsUploadedReviewed) return false;
    ctx.complete(() => updateUbo(ctx.store, ubo.id, (d) => (d.docsConfirmed = true)));
    return true;
  },
  async run(ctx) {
    const ubo = need(uboOf(ctx), 'The person');
    await ctx.api.uboDocConfirm(need(ubo.serverId, 'The person'), {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateUbo(ctx.store, ubo.id, (d) => (d.docsConfirmed = true)));
  },
};

const shareholdingConfirm: JobHandler<PayloadOf<'entity.shareholding-confirm'>> = {
  label: () => 'Confirm the shareholding',
  waitingFor(ctx) {
    const d = entityData(ctx);
    if (d.showOrganigram && !d.organigramVerified) return waitingOn('entity.verify-organigram');
    for (const u of ctx.store.people.listUbos(ctx.case.id)) {
      if (!u.serverId) return `waiting for ${uboName(u)} to be created`;
      if (!u.data.detailsCompleted) return waitingOn('ubo.update', u);
      if (!u.data.pepSynced) return waitingOn('ubo.pep-confirm', u);
      if (!u.data.docsConfirmed) return waitingOn('ubo.doc-confirm', u);
    }
    return null;
  },
  async reconcile(ctx) {
    const record = await ctx.api.getEntity(serverId(ctx));
    if (!record.shareholdersAdminConfirmed) return false;
    ctx.complete(() =>
      updateEntity(ctx.store, ctx.case.id, (d) => {
        d.shareholdingConfirmed = true;
        d.riskBand = band(record.riskStatus ?? record.riskDescription);
        d.riskReason = record.riskReason ?? null;
      }),
    );
    return true;
  },
  async run(ctx) {
    const answer = await ctx.api.shareholdingConfirm(serverId(ctx), {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() =>
      updateEntity(ctx.store, ctx.case.id, (d) => {
        d.shareholdingConfirmed = true;
        d.riskBand = band(answer.riskStatus);
        d.riskReason = answer.riskReason;
      }),
    );
  },
};

const entityDocConfirm: JobHandler<PayloadOf<'entity.doc-confirm'>> = {
  label: () => 'Confirm the entity documents',
  waitingFor(ctx) {
    const d = entityData(ctx);
    if (!d.shareholdingConfirmed) return waitingOn('entity.shareholding-confirm');
    const docs = ctx.store.documents.documentFactsOf(ctx.case.id)({ kind: 'entity' });
    const missing = missingUploaded('entity', d.riskBand, ctx.lookups(), docs);
    return missing.length ? `waiting for the entity documents: ${missing.join(', ')}` : null;
  },
  async reconcile(ctx) {
    const record = await ctx.api.getEntity(serverId(ctx));
    if (!record.docsUploadedReviewed) return false;
    ctx.complete(() => updateEntity(ctx.store, ctx.case.id, (d) => (d.docsConfirmed = true)));
    return true;
  },
  async run(ctx) {
    await ctx.api.entityDocConfirm(serverId(ctx), { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal });
    ctx.complete(() => updateEntity(ctx.store, ctx.case.id, (d) => (d.docsConfirmed = true)));
  },
};

const decision: JobHandler<PayloadOf<'entity.decision'>> = {
  label: (ctx) => `Record the decision (${entityData(ctx).decisionBody?.onboardingDecision ?? 'decision'})`,
  async reconcile(ctx) {
    const body = need(entityData(ctx).decisionBody, 'The decision');
    const record = await ctx.api.getEntity(serverId(ctx));
    if (record.onboardingDecision !== body.onboardingDecision) return false;
    recordDecision(ctx);
    return true;
  },
  async run(ctx) {
    const body = need(entityData(ctx).decisionBody, 'The decision');
    const { onboardingDecision, approvedComments, declinedComments, referComments, nextFicaReviewDate } =
      body;
    await ctx.api.entityDecision(
      serverId(ctx),
      { onboardingDecision, approvedComments, declinedComments, referComments, nextFicaReviewDate },
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal },
    );
    recordDecision(ctx);
  },
};

export const entityHandlers = {
  'entity.create': create,
  'entity.kyb': kyb,
  'entity.sanctions-review': sanctionsReview,
  'entity.verify-organigram': verifyOrganigram,
  'ubo.create': uboCreate,
  'ubo.update': uboUpdate,
  'ubo.delete': uboDelete,
  'ubo.pep-confirm': uboPepConfirm,
  'ubo.doc-confirm': uboDocConfirm,
  'entity.shareholding-confirm': shareholdingConfirm,
  'entity.doc-confirm': entityDocConfirm,
  'entity.decision': decision,
};
