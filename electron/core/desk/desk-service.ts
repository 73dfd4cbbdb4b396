// The reviewer's desk: lists and opens the service's cases (all of the partner's), takes a case for
// offline review (record, documents and report sealed on this laptop), and records decisions. A
// decision is written to the taken copy first and sent from there, so one made offline waits for the
// connection and goes under the person who made it; one the service refuses because the case was
// decided elsewhere (403) says so, and the copy is refreshed from the service.
import { randomUUID } from 'node:crypto';
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import type {
  DeskCase,
  DeskCaseRef,
  DeskDecisionInput,
  DeskPage,
  DeskPendingDecision,
  DeskTaken,
} from '../../../shared/ipc/desk-model.js';
import { DeskListQuerySchema } from '../../../shared/ipc/desk-model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import {
  approvalRefusal,
  mayAct,
  roleNeededFor,
  type StaffRole,
} from '../../../shared/domain/staff-roles.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Vault } from '../vault/index.js';
import { entityRow, entityView, individualRow, individualView } from './desk-records.js';
import { documentKey, type DeskStore, type TakenCase, type TakenData } from './desk-store.js';

export interface ActingUser {
  id: string;
  roles: StaffRole[];
}

export interface DeskServiceDeps {
  store: DeskStore;
  vault: Vault;
  activeProfileId: () => string | null;
  /** The client of an environment (a decision goes only to the environment its case came from). */
  clientFor: (profileId: string) => ServiceClient | null;
  actingUser: () => ActingUser | null;
  partnerId: (profileId: string) => string | null;
  audit: (action: string, caseId: string | null, detail: string) => void;
  /** The count of unsent work changed (a decision recorded, sent or refused). */
  changed: () => void;
  /** The service recorded a decision: a copy of the case captured on this laptop follows it now. */
  decided?: (profileId: string, serverId: string) => void;
  now?: () => Date;
}

type View = TakenData['view'];
type DocumentContent = ChannelOutput<'desk.document'>;
type Report = ChannelOutput<'desk.report'>;

/** Bytes on their own ArrayBuffer, as the contract's Uint8Array type (and structured clone) want. */
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** A failure that means the service could not be asked (as opposed to an answer from it). */
const unreachable = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'not-sent' || error.kind === 'outcome-unknown');

/** Runs `work`; the service being out of reach is answered with `message` (nothing was kept). */
async function needsConnection<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (unreachable(error)) throw new DeskError('offline', message);
    throw error;
  }
}

const retryable = (error: unknown): boolean => error instanceof ApiError && error.kind === 'retryable';

const FINAL = new Set(['Approved', 'Declined']);

export class DeskService {
  private readonly now: () => Date;
  private draining: Promise<void> | null = null;

  constructor(private readonly deps: DeskServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private profileId(): string {
    const id = this.deps.activeProfileId();
    if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
    return id;
  }

  private api(profileId = this.profileId()): ServiceClient {
    const api = this.deps.clientFor(profileId);
    if (!api) throw new DeskError('needs-sign-in', 'Sign in to this environment to reach the desk.');
    return api;
  }

  list(input: unknown): Promise<DeskPage> {
    return needsConnection(
      "The desk lists the service's cases and needs a connection. Cases taken for review are below.",
      () => this.listPage(input),
    );
  }

  private async listPage(input: unknown): Promise<DeskPage> {
    const q = DeskListQuerySchema.parse(input);
    const api = this.api();
    const common = {
      take: q.take,
      skip: q.skip,
      clientReference: q.clientReference || undefined,
      ficaStatus: q.ficaStatus || undefined,
      riskDescription: q.riskDescription || undefined,
    };
    if (q.kind === 'entity') {
      const page = await api.listEntities({ ...common, entityRegName: q.name || undefined });
      return { rows: page.data.map(entityRow), count: page.count, take: page.take, skip: page.skip };
    }
    const page = await api.listIndividuals({
      ...common,
      firstName: q.firstName || undefined,
      lastName: q.lastName || undefined,
      approvalDate: q.approvalDate,
      lastUpdated: q.lastUpdated,
      nextFicaReviewDate: q.nextFicaReviewDate,
    });
    return { rows: page.data.map(individualRow), count: page.count, take: page.take, skip: page.skip };
  }

  private async fetchView(api: ServiceClient, ref: DeskCaseRef): Promise<View> {
    if (ref.kind === 'entity') {
      const [record, ubos] = await Promise.all([api.getEntity(ref.serverId), api.listUbos(ref.serverId)]);
      return entityView(record, ubos);
    }
    return individualView(await api.getIndividual(ref.serverId));
  }

  /** The service's record; the taken copy (refreshed with it) when the service cannot be reached. */
  async open(ref: DeskCaseRef): Promise<DeskCase> {
    const profileId = this.profileId();
    const taken = this.deps.store.find(profileId, ref.kind, ref.serverId);
    try {
      const view = await this.fetchView(this.api(profileId), ref);
      if (taken) this.deps.store.save({ ...taken, data: { ...taken.data, view }, refreshedAt: this.stamp() });
      return this.present(
        view,
        taken ? this.deps.store.find(profileId, ref.kind, ref.serverId) : null,
        'service',
      );
    } catch (error) {
      if (taken && (unreachable(error) || error instanceof DeskError))
        return this.present(taken.data.view, taken, 'taken');
      throw error;
    }
  }

  async document(ref: DeskCaseRef, owner: string, docId: number): Promise<DocumentContent> {
    const profileId = this.profileId();
    const taken = this.deps.store.find(profileId, ref.kind, ref.serverId);
    const vaultId = taken?.data.documents[documentKey(owner, docId)];
    const meta = (taken?.data.view ?? null)?.documents.find((d) => d.owner === owner && d.docId === docId);
    if (vaultId && meta && (await this.deps.vault.has(vaultId)))
      return {
        mimeType: meta.mimeType,
        filename: meta.filename,
        bytes: copy(await this.deps.vault.readAll(vaultId)),
      };
    const content = await this.fetchDocument(this.api(profileId), ref, owner, docId);
    return { mimeType: content.mimeType, filename: content.filename, bytes: copy(content.bytes) };
  }

  private async fetchDocument(
    api: ServiceClient,
    ref: DeskCaseRef,
    owner: string,
    docId: number,
  ): Promise<{ mimeType: string; filename: string; bytes: Buffer }> {
    const answer =
      owner === 'entity'
        ? await api.getEntityDocument(docId)
        : owner === 'ubo'
          ? await api.getUboDocument(docId)
          : await api.getIndividualDocument(ref.serverId, docId);
    return {
      mimeType: answer.mimeType,
      filename: answer.filename,
      bytes: Buffer.from(answer.base64Content, 'base64'),
    };
  }

  async report(ref: DeskCaseRef): Promise<Report> {
    const profileId = this.profileId();
    const taken = this.deps.store.find(profileId, ref.kind, ref.serverId);
    try {
      const api = this.api(profileId);
      const report =
        ref.kind === 'entity'
          ? await api.entityReport(ref.serverId)
          : await api.individualReport(ref.serverId);
      return {
        filename: report.filename,
        bytes: copy(Buffer.from(report.base64Content, 'base64')),
        fetchedAt: this.stamp(),
      };
    } catch (error) {
      const cached = taken?.data.report;
      if (cached && (unreachable(error) || error instanceof DeskError))
        return {
          filename: cached.filename,
          bytes: copy(await this.deps.vault.readAll(cached.vaultId)),
          fetchedAt: cached.fetchedAt,
        };
      throw error;
    }
  }

  /**
   * Reads the record, then each document and the report one at a time into the vault (so memory
   * holds one document at most), and only then keeps the copy; a copy taken before is replaced.
   */
  take(ref: DeskCaseRef): Promise<DeskCase> {
    return needsConnection('Taking a case for review needs a connection to the service.', () =>
      this.takeCopy(ref),
    );
  }

  private async takeCopy(ref: DeskCaseRef): Promise<DeskCase> {
    const actor = this.requireActor();
    const profileId = this.profileId();
    const api = this.api(profileId);
    const view = await this.fetchView(api, ref);
    const documents: Record<string, string> = {};
    const stored: string[] = [];
    try {
      for (const d of view.documents) {
        const content = await this.fetchDocument(api, ref, d.owner, d.docId);
        const entry = await this.deps.vault.importFile(content.bytes);
        stored.push(entry.id);
        documents[documentKey(d.owner, d.docId)] = entry.id;
      }
      const report =
        ref.kind === 'entity'
          ? await api.entityReport(ref.serverId)
          : await api.individualReport(ref.serverId);
      const reportEntry = await this.deps.vault.importFile(Buffer.from(report.base64Content, 'base64'));
      stored.push(reportEntry.id);
      const before = this.deps.store.find(profileId, ref.kind, ref.serverId);
      const at = this.stamp();
      this.deps.store.save({
        id: before?.id,
        profileId,
        kind: ref.kind,
        serverId: ref.serverId,
        createdBy: view.createdBy,
        takenBy: before?.takenBy ?? actor.id,
        takenAt: before?.takenAt ?? at,
        refreshedAt: at,
        data: {
          view,
          documents,
          report: { vaultId: reportEntry.id, filename: report.filename, fetchedAt: at },
        },
        pendingDecision: before?.pendingDecision ?? null,
        decisionRefused: before?.decisionRefused ?? null,
      });
      if (before) {
        const old = [
          ...Object.values(before.data.documents),
          ...(before.data.report ? [before.data.report.vaultId] : []),
        ];
        await this.deps.vault.purge(old);
      }
      this.deps.audit(
        'desk.take',
        null,
        `Taken for review: ${ref.kind} ${ref.serverId} (${view.documents.length} documents)`,
      );
      return this.present(view, this.deps.store.find(profileId, ref.kind, ref.serverId), 'service');
    } catch (error) {
      await this.deps.vault.purge(stored);
      throw error;
    }
  }

  /**
   * Retention: the copy of a case decided (Approved or Declined) with nothing left to send goes, its
   * files and its key with it, the retention period after it was last read from the service.
   */
  async purge(now: number, retentionMs: number): Promise<number> {
    let removed = 0;
    for (const t of this.deps.store.listAll()) {
      const decision = t.data.view.decision?.onboardingDecision;
      if (!decision || !FINAL.has(decision) || t.pendingDecision) continue;
      if (Date.parse(t.refreshedAt) + retentionMs > now) continue;
      const files = [...Object.values(t.data.documents), ...(t.data.report ? [t.data.report.vaultId] : [])];
      this.deps.store.remove(t.id);
      await this.deps.vault.purge(files);
      this.deps.audit(
        'desk.purge',
        null,
        `Taken copy of ${t.kind} ${t.serverId} removed after the retention period`,
      );
      removed++;
    }
    return removed;
  }

  /** Decisions recorded here that the service does not have yet, in the environment. */
  unsentCount(profileId: string | null): number {
    if (!profileId) return 0;
    return this.deps.store.withPendingDecision().filter((t) => t.profileId === profileId).length;
  }

  taken(): DeskTaken[] {
    const profileId = this.deps.activeProfileId();
    if (!profileId) return [];
    return this.deps.store.listOf(profileId).map((t) => ({
      kind: t.kind,
      serverId: t.serverId,
      name: t.data.view.name,
      clientReference: t.data.view.clientReference,
      ficaStatus: t.data.view.ficaStatus,
      riskDescription: t.data.view.riskDescription,
      takenAt: t.takenAt,
      pendingDecision: t.pendingDecision?.onboardingDecision ?? null,
      decisionRefused: t.decisionRefused,
    }));
  }

  /**
   * Records the decision on the taken copy and sends it; offline it waits there and goes when the
   * connection returns. A case not taken is decided on the service directly (needs a connection).
   */
  async decide(input: DeskDecisionInput): Promise<DeskCase> {
    const actor = this.requireActor();
    const profileId = this.profileId();
    const taken = this.deps.store.find(profileId, input.kind, input.serverId);
    const view = taken ? taken.data.view : await this.fetchView(this.api(profileId), input);
    const refusal = this.refusalFor(actor, view, taken);
    if (refusal) throw new DeskError('not-allowed', refusal);
    const pending: DeskPendingDecision = {
      onboardingDecision: input.onboardingDecision,
      comments: input.comments?.trim() || null,
      nextFicaReviewDate: input.nextFicaReviewDate ?? null,
      decidedBy: actor.id,
      recordedAt: this.stamp(),
      idempotencyKey: randomUUID(),
    };
    if (!taken) {
      try {
        await this.send(profileId, input, pending, null);
      } catch (error) {
        if (unreachable(error))
          throw new DeskError(
            'offline',
            'The service cannot be reached, so the decision was not recorded. Take the case for review to decide it offline.',
          );
        throw error;
      }
      return this.open(input);
    }
    this.deps.store.save({ ...taken, pendingDecision: pending, decisionRefused: null });
    this.deps.changed();
    this.deps.audit(
      'desk.decide',
      null,
      `Decision recorded for ${input.kind} ${input.serverId}: ${input.onboardingDecision}`,
    );
    await this.sendPending();
    const after = this.deps.store.find(profileId, input.kind, input.serverId)!;
    return this.present(after.data.view, after, after.pendingDecision ? 'taken' : 'service');
  }

  /** Sends every decision waiting on a taken copy, each to its own environment; one drain at a time. */
  sendPending(): Promise<void> {
    this.draining ??= this.drain().finally(() => (this.draining = null));
    return this.draining;
  }

  private async drain(): Promise<void> {
    const pending = this.deps.store.withPendingDecision();
    if (pending.length === 0) return;
    for (const t of pending) {
      try {
        await this.send(t.profileId, t, t.pendingDecision!, t);
      } catch (error) {
        // Unreachable: it waits for the next drain. Anything else is recorded on the copy by send.
        if (!unreachable(error) && !(error instanceof DeskError) && !retryable(error)) throw error;
      }
    }
    this.deps.changed();
  }

  private async send(
    profileId: string,
    ref: DeskCaseRef,
    pending: DeskPendingDecision,
    taken: TakenCase | null,
  ): Promise<void> {
    const api = this.api(profileId);
    const key = pending.idempotencyKey;
    const comments = pending.comments ?? undefined;
    const nextFicaReviewDate = pending.nextFicaReviewDate ?? undefined;
    try {
      if (ref.kind === 'entity') {
        await api.entityDecision(
          ref.serverId,
          {
            onboardingDecision: pending.onboardingDecision,
            approvedComments: pending.onboardingDecision === 'Approved' ? comments : undefined,
            declinedComments: pending.onboardingDecision === 'Declined' ? comments : undefined,
            referComments: pending.onboardingDecision === 'Refer' ? comments : undefined,
            nextFicaReviewDate,
          },
          { idempotencyKey: key },
        );
      } else {
        const partnerID = this.deps.partnerId(profileId) ?? (await api.lookup('partner')).id;
        await api.individualDecision(
          ref.serverId,
          {
            onboardingDecision: pending.onboardingDecision,
            additionalComments: comments,
            nextFicaReviewDate,
            userID: pending.decidedBy,
            partnerID,
          },
          { idempotencyKey: key },
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'permanent') throw error;
      const view = await this.fetchView(api, ref);
      const refused =
        error.status === 403 && view.decision
          ? `Decided elsewhere: ${view.decision.onboardingDecision}${view.decision.decidedBy ? ` by ${view.decision.decidedBy}` : ''}. Your ${pending.onboardingDecision} was not recorded.`
          : `Not recorded: ${error.message}`;
      this.deps.audit('desk.decision-refused', null, `${ref.kind} ${ref.serverId}: ${refused}`);
      if (!taken) throw new DeskError(error.status === 403 ? 'conflict' : 'refused', refused);
      this.deps.store.save({
        ...taken,
        data: { ...taken.data, view },
        refreshedAt: this.stamp(),
        pendingDecision: null,
        decisionRefused: refused,
      });
      return;
    }
    this.deps.audit(
      'desk.decision-sent',
      null,
      `${ref.kind} ${ref.serverId}: ${pending.onboardingDecision} sent`,
    );
    this.deps.decided?.(profileId, ref.serverId);
    if (taken) {
      const view = await this.fetchView(api, ref).catch(() => taken.data.view);
      this.deps.store.save({
        ...taken,
        data: { ...taken.data, view },
        refreshedAt: this.stamp(),
        pendingDecision: null,
      });
    }
  }

  private requireActor(): ActingUser {
    const actor = this.deps.actingUser();
    if (!actor)
      throw new DeskError(
        'not-allowed',
        'Sign in first: every decision is recorded under the person who made it.',
      );
    return actor;
  }

  /** Why this person may not decide the case now, or null. The screen shows the same words. */
  private refusalFor(actor: ActingUser | null, view: View, taken: TakenCase | null): string | null {
    if (!actor) return 'Sign in to decide this case.';
    if (!mayAct(actor.roles, 'decide')) return `Deciding a case needs ${roleNeededFor('decide')}.`;
    if (view.decision && FINAL.has(view.decision.onboardingDecision))
      return `${view.name} is ${view.decision.onboardingDecision}: a decided application can no longer be changed.`;
    if (taken?.pendingDecision) return 'A decision on this case is waiting to be sent.';
    return approvalRefusal(actor.id, view.createdBy);
  }

  private present(view: View, taken: TakenCase | null, source: 'service' | 'taken'): DeskCase {
    const pending = taken?.pendingDecision ?? null;
    return {
      ...view,
      taken: taken ? { takenAt: taken.takenAt, refreshedAt: taken.refreshedAt } : null,
      source,
      pendingDecision: pending
        ? {
            onboardingDecision: pending.onboardingDecision,
            comments: pending.comments,
            nextFicaReviewDate: pending.nextFicaReviewDate,
            decidedBy: pending.decidedBy,
            recordedAt: pending.recordedAt,
          }
        : null,
      decisionRefused: taken?.decisionRefused ?? null,
      mayNotDecide: this.refusalFor(this.deps.actingUser(), view, taken),
    };
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
