// Sending an individual application: create, AML screening, external validation, the PEP decision,
// the documents confirmation and the decision.
import { ApiError } from '../api/errors.js';
import { missingUploaded } from '../cases/checklists.js';
import type { JobHandler, ReadyContext, RunContext } from './job-handler.js';
import type { PayloadOf } from '../jobs/job-kinds.js';
import { band, need, recordDecision, updateIndividual } from './record.js';
import { staleReview } from './review-wait.js';
import { waitingOn } from './wait-phrases.js';

const data = (ctx: ReadyContext) => {
  if (ctx.case.data.kind !== 'individual')
    throw new ApiError('permanent', 'This job belongs to an individual application');
  return ctx.case.data;
};
const serverId = (ctx: ReadyContext) => need(ctx.case.serverId, 'The client record');

/**
 * The user who acted (recorded in the job when the action was taken) and the partner, as the service
 * wants them. Never whoever is selected when the queue drains: a job that recorded nobody is refused.
 */
export async function identity(ctx: RunContext): Promise<{ userID: string; partnerID: string }> {
  const userID = ctx.job.payload.actor;
  if (!userID) {
    throw new ApiError(
      'permanent',
      'No user was recorded for this action. Sign in, then Retry to send it under your name',
    );
  }
  const partnerID = ctx.lookups().partner?.id ?? (await ctx.api.lookup('partner')).id;
  return { userID, partnerID };
}

const create: JobHandler<PayloadOf<'individual.create'>> = {
  label: (ctx) => `Create ${ctx.case.title} on the service`,
  async reconcile(ctx) {
    const ref = data(ctx).create.clientRef;
    if (!ref) return false;
    const page = await ctx.api.listIndividuals({ clientReference: ref, take: 100 });
    const found = page.data.find((i) => i.clientReference === ref);
    if (!found) return false;
    ctx.complete(() =>
      updateIndividual(ctx.store, ctx.case.id, (_d, c) => (c.serverId = found.ficaIndividualGUID)),
    );
    return true;
  },
  async run(ctx) {
    const answer = await ctx.api.createIndividual(data(ctx).create, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateIndividual(ctx.store, ctx.case.id, (_d, c) => (c.serverId = answer.id)));
  },
};

const update: JobHandler<PayloadOf<'individual.update'>> = {
  label: () => 'Send the changed client details',
  async run(ctx) {
    const changes = data(ctx).pendingUpdate;
    if (changes)
      await ctx.api.updateIndividual(serverId(ctx), changes, {
        idempotencyKey: ctx.idempotencyKey,
        signal: ctx.signal,
      });
    ctx.complete(() =>
      updateIndividual(ctx.store, ctx.case.id, (d) => {
        if (JSON.stringify(d.pendingUpdate) === JSON.stringify(changes)) d.pendingUpdate = null;
      }),
    );
  },
};

const aml: JobHandler<PayloadOf<'individual.aml-screening'>> = {
  label: () => 'Run the AML screening',
  async run(ctx) {
    const answer = await ctx.api.amlScreening(serverId(ctx), {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateIndividual(ctx.store, ctx.case.id, (d) => (d.amlScreening = answer)));
  },
};

const validation: JobHandler<PayloadOf<'individual.external-validation'>> = {
  label: () => 'Run the external validation',
  async run(ctx) {
    const answer = await ctx.api.externalValidation(serverId(ctx), data(ctx).validationOverrides ?? {}, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateIndividual(ctx.store, ctx.case.id, (d) => (d.externalValidation = answer)));
  },
};

const pepDecision: JobHandler<PayloadOf<'individual.pep-decision'>> = {
  label: () => 'Send the PEP and sanctions decision',
  waitingFor(ctx) {
    const d = data(ctx);
    return staleReview(d.amlScreening, d.pepReviewRecord, ctx.case.title);
  },
  async run(ctx) {
    const decision = need(data(ctx).pepDecision, 'The PEP decision');
    const who = await identity(ctx);
    const answer = await ctx.api.pepSanctionsDecision(
      serverId(ctx),
      {
        pepConfirmReviewed: decision.pepConfirmReviewed,
        adverseSearchKYC: decision.adverseSearchKYC,
        clientForeignOfficial: decision.clientForeignOfficial,
        clientForeignOfficialType: decision.clientForeignOfficialType ?? undefined,
        ...who,
      },
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal },
    );
    let fresh = answer;
    // The band decides the documents; read the record when the answer does not carry it.
    if (!answer.riskDescription || answer.riskDescription === 'Undetermined')
      fresh = await ctx.api.getIndividual(serverId(ctx));
    ctx.complete(() =>
      updateIndividual(ctx.store, ctx.case.id, (d) => {
        d.pepSynced = true;
        d.riskBand = band(fresh.riskDescription);
        d.riskReason = fresh.riskReason ?? null;
      }),
    );
  },
};

const confirmDocs: JobHandler<PayloadOf<'individual.confirm-docs'>> = {
  label: () => "Confirm the client's documents",
  waitingFor(ctx) {
    const d = data(ctx);
    if (!d.pepSynced) return waitingOn('individual.pep-decision');
    const missing = missingUploaded(
      'individual',
      d.riskBand,
      ctx.lookups(),
      ctx.store.documents.documentFactsOf(ctx.case.id)({ kind: 'individual' }),
    );
    return missing.length ? `waiting for documents: ${missing.join(', ')}` : null;
  },
  async reconcile(ctx) {
    const record = await ctx.api.getIndividual(serverId(ctx));
    if (!record.docsUploadedReviewed) return false;
    ctx.complete(() => updateIndividual(ctx.store, ctx.case.id, (d) => (d.docsConfirmed = true)));
    return true;
  },
  async run(ctx) {
    const { userID } = await identity(ctx);
    await ctx.api.confirmIndividualDocs(serverId(ctx), userID, {
      idempotencyKey: ctx.idempotencyKey,
      signal: ctx.signal,
    });
    ctx.complete(() => updateIndividual(ctx.store, ctx.case.id, (d) => (d.docsConfirmed = true)));
  },
};

const decision: JobHandler<PayloadOf<'individual.decision'>> = {
  label: (ctx) => `Record the decision (${data(ctx).decisionBody?.onboardingDecision ?? 'decision'})`,
  async reconcile(ctx) {
    const body = need(data(ctx).decisionBody, 'The decision');
    const record = await ctx.api.getIndividual(serverId(ctx));
    if (record.onboardingDecision !== body.onboardingDecision) return false;
    recordDecision(ctx);
    return true;
  },
  async run(ctx) {
    const body = need(data(ctx).decisionBody, 'The decision');
    const who = await identity(ctx);
    await ctx.api.individualDecision(
      serverId(ctx),
      { ...body, ...who },
      { idempotencyKey: ctx.idempotencyKey, signal: ctx.signal },
    );
    recordDecision(ctx);
  },
};

export const individualHandlers = {
  'individual.create': create,
  'individual.update': update,
  'individual.aml-screening': aml,
  'individual.external-validation': validation,
  'individual.pep-decision': pepDecision,
  'individual.confirm-docs': confirmDocs,
  'individual.decision': decision,
};
