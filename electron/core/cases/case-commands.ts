// What every command on a case shares: reading the case (or refusing), the one gating path (the
// service's workflow rule for the action, checked on the local case), and the transaction that
// writes the local change and the job that sends it together (local-first: a crash leaves both or
// neither). The commands themselves live with their aggregate: entity, person, individual, documents.
import {
  decisionRefusal,
  type DecisionActor,
  type DecisionInput,
} from '../../../shared/domain/decision-rules.js';
import {
  checkEntityAction,
  checkIndividualAction,
  type EntityAction,
  type IndividualAction,
  type ScreeningAttestation,
} from '../../../shared/domain/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { JobRemoval } from '../jobs/job-removal.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import type { EntityData, IndividualData } from './case-data.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredUbo } from './store/people.js';
import { attest, dispositionLines } from './review-gates.js';
import { stopWorkOfDecidedCase } from './finality.js';
import { stopReason } from '../jobs/decision-stop.js';
import { entityWorkflowState, individualWorkflowState } from './workflow-state.js';
import { decisionFactsOf } from './decision-facts.js';

export interface CaseServiceDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents'>;
  jobs: JobStore;
  /** The one owner of deleting jobs (a change taken back before it was sent). */
  removal: JobRemoval;
  lookups: () => LookupBundle;
  currentUserId: () => string | null;
  /** The signed-in person with their roles, as the decision rule weighs them. */
  actor: () => DecisionActor | null;
  profileId: () => string | null;
  audit: (action: string, caseId: string | null, detail: string) => void;
  /** Called after every committed change: events, status, the queue's pump. */
  changed: (caseId: string) => void;
  now?: () => Date;
}

/** The job that sends a command's change: always a new one, or one joining an identical waiting one. */
export type CommandJob = { add: JobPayload } | { addUnlessWaiting: JobPayload };

/** The screening results a review attested, audited line by line (review-gates.ts). */
export interface Dispositions {
  results: Parameters<typeof dispositionLines>[0];
  record: Parameters<typeof dispositionLines>[1];
  subject: string;
}

/**
 * What a command records, in this order in one transaction: `write` (the local change), the case
 * `touches` saved with a new update time, the job that sends the change, the screening
 * dispositions and the audit line. `job` and `audit` may depend on what `write` answered.
 */
export interface CommandRecord<T> {
  write: () => T;
  touches?: StoredCase;
  job?: CommandJob | ((written: T) => CommandJob | null);
  dispositions?: Dispositions;
  audit: AuditLine | ((written: T) => AuditLine);
  /** A decision: its maker is not a maker of the case, and a decline stops the case's moot work. */
  decision?: DecisionInput['onboardingDecision'];
}

/** An audit line: the action and what it did. */
export type AuditLine = readonly [action: string, detail: string];

export type EntityCase = StoredCase & { data: EntityData };
export type IndividualCase = StoredCase & { data: IndividualData };

export class CaseCommandKit {
  constructor(private readonly deps: CaseServiceDeps) {}

  get store(): Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents'> {
    return this.deps.store;
  }

  now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  /**
   * Records a command: in one transaction its write, the case's new update time, the job that sends
   * it and its audit lines, then tells the app the case changed. Whoever changes a case's data
   * becomes one of its makers (maker and checker), in the same transaction; a decision does not,
   * and a decline stops the case's queued work that may no longer be sent.
   */
  record<T>(caseId: string, command: CommandRecord<T>): T {
    const result = this.store.db.transaction(() => {
      const answer = command.write();
      if (command.touches) this.touch(command.touches);
      if (command.decision === 'Declined') this.dropMootWork(caseId);
      const job = typeof command.job === 'function' ? command.job(answer) : command.job;
      if (job) this.addJob(caseId, job);
      if (command.dispositions) this.auditDispositions(caseId, command.dispositions);
      const [action, detail] = typeof command.audit === 'function' ? command.audit(answer) : command.audit;
      this.deps.audit(action, caseId, detail);
      if (command.decision === undefined) this.recordMaker(caseId);
      return answer;
    })();
    this.deps.changed(caseId);
    return result;
  }

  private recordMaker(caseId: string): void {
    const user = this.deps.currentUserId();
    const c = user ? this.store.cases.getCase(caseId) : null;
    if (!c || !user || c.createdBy === user || c.data.makers.includes(user)) return;
    c.data.makers = [...c.data.makers, user];
    this.store.cases.saveCase(c);
  }

  requireCase(caseId: string): StoredCase {
    const c = this.store.cases.getCase(caseId);
    if (!c) throw new DeskError('not-found', 'This case does not exist on this laptop.');
    return c;
  }

  requireEntity(caseId: string): EntityCase {
    const c = this.requireCase(caseId);
    if (c.data.kind !== 'entity')
      throw new DeskError('invalid-input', 'This case is not an entity application.');
    return c as EntityCase;
  }

  requireIndividual(caseId: string): IndividualCase {
    const c = this.requireCase(caseId);
    if (c.data.kind !== 'individual')
      throw new DeskError('invalid-input', 'This case is not an individual application.');
    return c as IndividualCase;
  }

  requireUbo(caseId: string, uboId: string): StoredUbo {
    const u = this.store.people.getUbo(uboId);
    if (!u || u.caseId !== caseId || u.removed)
      throw new DeskError('not-found', 'This person is not part of the case.');
    return u;
  }

  private touch(c: StoredCase): void {
    c.updatedAt = this.now();
    this.store.cases.saveCase(c);
  }

  /** A new application's row: waiting to be sent, created by the acting user in the active environment. */
  insertNewCase(row: Pick<StoredCase, 'id' | 'kind' | 'title' | 'clientReference' | 'data'>): void {
    const now = this.now();
    this.store.cases.insertCase({
      ...row,
      profileId: this.deps.profileId(),
      status: 'waiting',
      serverId: null,
      createdBy: this.deps.currentUserId(),
      createdAt: now,
      updatedAt: now,
      blockedReason: null,
      decidedAt: null,
      purgedAt: null,
      reportCachedAt: null,
    });
  }

  /** A review of these results by the acting user, now (review-gates.ts refuses one on unseen results). */
  attest(
    results: Parameters<typeof attest>[0],
    screening: ScreeningAttestation,
    adverseSearchKYC: boolean | undefined,
    subject: string,
  ): ReturnType<typeof attest> {
    return attest(results, screening, adverseSearchKYC, subject, this.deps.currentUserId(), this.now());
  }

  /**
   * The one gating path: the service's workflow rule for this action (shared/domain), checked on
   * the case as this laptop holds it, refused with the service's words.
   */
  gate(c: EntityCase, action: EntityAction): void;
  gate(c: IndividualCase, action: IndividualAction): void;
  gate(c: EntityCase | IndividualCase, action: EntityAction | IndividualAction): void {
    const docs = this.store.documents.documentFactsOf(c.id);
    const result =
      c.data.kind === 'entity'
        ? checkEntityAction(
            entityWorkflowState(c as EntityCase, this.store.people.listUbos(c.id), docs, this.deps.lookups()),
            action as EntityAction,
          )
        : checkIndividualAction(
            individualWorkflowState(c as IndividualCase, docs, this.deps.lookups()),
            action as IndividualAction,
          );
    if (!result.ok) throw new DeskError(result.status === 404 ? 'not-found' : 'not-allowed', result.message);
  }

  private addJob(caseId: string, job: CommandJob): void {
    if ('add' in job) this.deps.jobs.add(caseId, job.add);
    else this.addUnlessWaiting(caseId, job.addUnlessWaiting);
  }

  /**
   * Adds a job unless an identical one is still waiting to start (it reads the latest data when it
   * runs, so it is sent under the person who made that latest change).
   */
  private addUnlessWaiting(caseId: string, payload: JobPayload): void {
    const same = (p: JobPayload) =>
      JSON.stringify({ ...p, actor: undefined }) === JSON.stringify({ ...payload, actor: undefined });
    const waiting = this.deps.jobs
      .ofCase(caseId)
      .find((j) => j.state === 'ready' && !j.maybeSent && same(j.payload));
    const actor = this.deps.currentUserId();
    if (!waiting) this.deps.jobs.add(caseId, payload);
    else if (actor) this.deps.jobs.setActor(waiting.id, actor);
  }

  private auditDispositions(caseId: string, { results, record, subject }: Dispositions): void {
    for (const line of dispositionLines(results, record, subject))
      this.deps.audit('screening.disposition', caseId, line);
  }

  /** A declined application takes no more changes: its queued work is stopped and shown, not sent. */
  private dropMootWork(caseId: string): void {
    const stopped = stopWorkOfDecidedCase(this.store, this.deps.jobs, caseId, stopReason('Declined', false));
    if (stopped > 0)
      this.deps.audit(
        'queue.stop',
        caseId,
        `${stopped} queued change(s) stopped because the application was declined`,
      );
  }

  /** The lists a command checks its input against. */
  lookups(): LookupBundle {
    return this.deps.lookups();
  }

  /** The signed-in person, who makes the change. */
  userId(): string | null {
    return this.deps.currentUserId();
  }

  /** The case's queued work, for a command that takes some of it back. */
  jobsOf(caseId: string): StoredJob[] {
    return this.deps.jobs.ofCase(caseId);
  }

  /** Whether any of the case's work failed. */
  hasFailedWork(caseId: string): boolean {
    return this.deps.jobs.hasFailed(caseId);
  }

  /** Takes back a job not yet sent (the one owner of deleting jobs: jobs/job-removal.ts). */
  withdraw(jobId: string): void {
    this.deps.removal.withdraw(jobId);
  }

  /**
   * The one decision rule (shared/domain/decision-rules.ts) on the case as this laptop holds it:
   * refused with its words, with the typed fields it names.
   */
  checkDecision(c: StoredCase, input: DecisionInput): void {
    const ubos = c.kind === 'entity' ? this.store.people.listUbos(c.id) : [];
    const facts = decisionFactsOf(c, ubos, this.store.documents.documentFactsOf(c.id), this.deps.lookups());
    const refusal = decisionRefusal(facts, this.deps.actor(), input, this.now());
    if (!refusal) return;
    if (refusal.problems.length > 0)
      throw new DeskError(
        'invalid-input',
        refusal.message,
        refusal.problems.map((p) => ({ path: p.field, message: p.message })),
      );
    throw new DeskError('not-allowed', refusal.message);
  }
}
