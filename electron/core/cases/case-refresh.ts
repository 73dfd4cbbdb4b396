// Local cases follow the service: while online, a case of the active profile is read back from the
// service when it is opened and, a few at a time, in the background (imported work after each of
// its changes). A decision taken elsewhere is recorded as learned from the service (a final one
// locks the case and stops its queued work), a band set elsewhere shows, a screening review
// recorded from another laptop is taken rather than asked for again, and documents added or removed
// on the service show on the checklist.
// Local unsent work always wins: what a queued job will set is left to that job, and nothing of a
// decided case is reopened. A case the service no longer has is shown as such, never deleted.
import type { ServiceCheck } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Connectivity } from '../../../shared/ipc/model.js';
import { isUpload, type JobKind } from '../jobs/job-kinds.js';
import type { JobStore } from '../jobs/job-store.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';
import { finalityOf, stopWorkOfDecidedCase } from './finality.js';
import { stopReason } from '../jobs/decision-stop.js';
import { recordLearnedDecision } from './learned-decision.js';
import { followDocuments } from './follow-documents.js';
import { learnReviews } from './learned-reviews.js';
import { readServiceSnapshot, type ServiceSnapshot } from './service-snapshot.js';

export interface CaseRefreshOptions {
  /** How often the background refresh runs (default 5 minutes). */
  intervalMs: number;
  /** Cases read per background round, least recently checked first (default 10). */
  perRound: number;
  /** Cases read at the same time (default 3). */
  concurrency: number;
  /** Opening a case checked more recently than this reads nothing (default 5 s: a screen that reads
   * its case again as work goes out does not ask the service each time). */
  openMinAgeMs: number;
  /** Opening a case waits at most this long for the service before answering (default 3 s). */
  openWaitMs: number;
}

export const DEFAULT_CASE_REFRESH: CaseRefreshOptions = {
  intervalMs: 5 * 60_000,
  perRound: 10,
  concurrency: 3,
  openMinAgeMs: 5_000,
  openWaitMs: 3_000,
};

export interface CaseRefreshDeps {
  /** A case opened from the service (desk) follows its whole record (desk/desk-case-follower.ts). */
  followDeskCase: (c: StoredCase & { serverId: string }, api: ServiceClient) => Promise<string>;
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents'>;
  jobs: JobStore;
  /** Whether the service answers now (sync/connectivity.ts). */
  connectivity: { readonly current: Connectivity };
  activeProfileId: () => string | null;
  api: () => ServiceClient | null;
  /** True while the queue is sending the job. */
  isRunning: (jobId: string) => boolean;
  audit: (action: string, caseId: string, message: string) => void;
  changed: (caseId: string) => void;
  options?: Partial<CaseRefreshOptions>;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

const DECISION_JOBS: ReadonlySet<JobKind> = new Set(['entity.decision', 'individual.decision']);
// Jobs whose answer sets the band: until the service has answered them, the band is theirs to set.
const BAND_JOBS: ReadonlySet<JobKind> = new Set(['entity.shareholding-confirm', 'individual.pep-decision']);
const touchesDocuments = (kind: JobKind) => isUpload(kind) || kind === 'document.delete';

const GONE = 'The service no longer has this application: it is kept here as it was.';

/** What of the case may follow the service, judged from its queued work and local state. */
interface Followable {
  decision: boolean;
  band: boolean;
  documents: boolean;
  /** The local state the judgement was made on: if it changes while reading, that part waits. */
  bandBefore: string;
  documentsBefore: string;
}

export class CaseRefresh {
  private readonly options: CaseRefreshOptions;
  private readonly checks = new Map<string, ServiceCheck>();
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private readonly following = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly deps: CaseRefreshDeps) {
    this.options = { ...DEFAULT_CASE_REFRESH, ...deps.options };
  }

  /**
   * Cases whose service record may be ahead of this laptop (work just imported from an archive): read
   * now, and again after each change of theirs while they hold queued work, so a review the service
   * already has is learned before anyone is asked for it.
   */
  follow(caseIds: Iterable<string>): void {
    for (const caseId of caseIds) {
      this.following.add(caseId);
      void this.refresh(caseId);
    }
  }

  /** One of the case's items was sent or the case changed: a followed case is read again. */
  caseChanged(caseId: string): void {
    if (!this.following.has(caseId) || this.stopped) return;
    if (this.deps.jobs.ofCase(caseId).length === 0) this.following.delete(caseId);
    void this.refresh(caseId);
  }

  /** The last check of the case with the service in this session, if any. */
  checkOf(caseId: string): ServiceCheck | null {
    return this.checks.get(caseId) ?? null;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.refreshRound(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([this.round, ...this.inFlight.values()]);
  }

  /**
   * A case was read: when a screen opens it (`fresh`), or it was not checked a moment ago, it is read
   * from the service first, so a case decided elsewhere is shown decided before anyone types into
   * it. The wait is bounded: a slow service answers later, as a `case.changed`.
   */
  async opened(caseId: string, { fresh = false } = {}): Promise<void> {
    const last = this.checks.get(caseId);
    if (!fresh && last && Date.now() - Date.parse(last.at) < this.options.openMinAgeMs) return;
    if (!this.online()) return;
    const reading = this.refresh(caseId);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.openWaitMs);
      timer.unref();
    });
    await Promise.race([reading, late]);
    clearTimeout(timer);
  }

  /** One background round over the open (undecided, sent) cases, least recently checked first. */
  refreshRound(): Promise<void> {
    if (!this.round)
      this.round = this.runRound()
        .catch((error: unknown) =>
          this.deps.log?.('internal-error', {
            where: 'case-refresh',
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => (this.round = null));
    return this.round;
  }

  private async runRound(): Promise<void> {
    const profileId = this.deps.activeProfileId();
    if (!profileId || !this.online()) return;
    const due = this.deps.store.cases
      .listCasesOf(profileId)
      .filter((c) => c.serverId && !finalityOf(c) && !this.hasRunningJob(c.id))
      .map((c) => ({ id: c.id, at: this.checks.get(c.id)?.at ?? '' }))
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .slice(0, this.options.perRound)
      .map((c) => c.id);
    let next = 0;
    const worker = async () => {
      while (next < due.length && !this.stopped && this.online()) await this.refresh(due[next++]!);
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
  }

  /**
   * Reads the case from the service and records what changed there. Answers whether anything of
   * the case changed here. Does nothing offline, for another profile's case, or while one of the
   * case's jobs is being sent.
   */
  refresh(caseId: string): Promise<boolean> {
    const running = this.inFlight.get(caseId);
    if (running) return running;
    const work = this.read(caseId)
      .catch((error: unknown) => this.failed(caseId, error))
      .finally(() => this.inFlight.delete(caseId));
    this.inFlight.set(caseId, work);
    return work;
  }

  private online(): boolean {
    return this.deps.connectivity.current === 'online';
  }

  /** Read by index: an open case screen asks this several times a second while its case drains. */
  private hasRunningJob(caseId: string): boolean {
    return this.deps.jobs.statesOfCase(caseId).some((s) => s.state === 'running');
  }

  /**
   * Judged from the kinds of work the case holds (the first job of each order group names each kind
   * present) and a fingerprint of its documents' states: a few index probes and one SQL read, so a
   * case of ten thousand documents is opened as fast as one of ten.
   */
  private followable(c: StoredCase): Followable {
    const pending = this.deps.jobs.headsOfCase(c.id).map((j) => j.payload.kind);
    return {
      decision: !finalityOf(c) && !pending.some((k) => DECISION_JOBS.has(k)),
      band: !pending.some((k) => BAND_JOBS.has(k)),
      documents: !pending.some(touchesDocuments),
      bandBefore: `${c.data.riskBand}|${c.data.riskReason ?? ''}`,
      documentsBefore: this.deps.store.documents.documentsFingerprint(c.id),
    };
  }

  private async read(caseId: string): Promise<boolean> {
    const c = this.deps.store.cases.getCase(caseId);
    const api = this.deps.api();
    if (!c?.serverId || !api || this.stopped || !this.online()) return false;
    if (c.profileId !== this.deps.activeProfileId() || this.hasRunningJob(caseId)) return false;
    if (c.origin === 'desk') {
      await this.deps.followDeskCase({ ...c, serverId: c.serverId }, api);
      this.checks.set(caseId, { at: new Date().toISOString(), ok: true, problem: null });
      return true;
    }
    const before = this.followable(c);
    const snapshot = await readServiceSnapshot(api, this.deps.store, { ...c, serverId: c.serverId });
    if (this.stopped) return false;
    const changes = this.deps.store.db.transaction(() => this.apply(caseId, snapshot, before))();
    const previous = this.checks.get(caseId);
    this.checks.set(caseId, { at: new Date().toISOString(), ok: true, problem: null });
    this.deps.log?.('case-refreshed', { caseId, changes: changes.length });
    // The first check (and one after a failed one) changes what the case screen says about it.
    if (changes.length > 0 || previous?.ok !== true) this.deps.changed(caseId);
    return changes.length > 0;
  }

  private failed(caseId: string, error: unknown): boolean {
    // Offline, or a sign-in is needed: the queue and the status bar say so; the case stays as it is.
    if (error instanceof ApiError && error.kind !== 'permanent') return false;
    if (!(error instanceof ApiError))
      this.deps.log?.('internal-error', {
        where: 'case-refresh',
        error: error instanceof Error ? error.message : String(error),
      });
    const problem =
      error instanceof ApiError && error.status === 404
        ? GONE
        : `Could not check with the service: ${error instanceof Error ? error.message : String(error)}`;
    const previous = this.checks.get(caseId);
    this.checks.set(caseId, { at: new Date().toISOString(), ok: false, problem });
    if (previous?.problem !== problem) this.deps.changed(caseId);
    return false;
  }

  /** Records the snapshot on fresh rows; answers the history lines written. Runs in a transaction. */
  private apply(caseId: string, snapshot: ServiceSnapshot, before: Followable): string[] {
    const { store, jobs } = this.deps;
    const c = store.cases.getCase(caseId);
    if (!c) return [];
    const now = this.followable(c);
    const lines: string[] = [];
    const note = (action: string, message: string) => {
      this.deps.audit(action, caseId, message);
      lines.push(message);
    };
    let dirty = false;
    let learned = false;

    const decision = snapshot.decision;
    const local = c.data.decision;
    if (
      decision &&
      before.decision &&
      now.decision &&
      (!local || (local.synced && local.onboardingDecision !== decision.onboardingDecision))
    ) {
      recordLearnedDecision(store, caseId, decision, (action, _caseId, message) => note(action, message));
      learned = true;
    }
    // Reviews recorded on the service from another laptop (imported work older than the service).
    learnReviews(store, jobs, caseId, snapshot.reviews, note);
    const fresh = store.cases.getCase(caseId) ?? c;

    const band = snapshot.band;
    if (
      band &&
      before.band &&
      now.band &&
      now.bandBefore === before.bandBefore &&
      (band !== fresh.data.riskBand ||
        (snapshot.riskReason !== null && snapshot.riskReason !== fresh.data.riskReason))
    ) {
      const was = fresh.data.riskBand;
      fresh.data.riskBand = band;
      if (snapshot.riskReason !== null) fresh.data.riskReason = snapshot.riskReason;
      dirty = true;
      if (band !== was) note('band.learned', `Risk band changed on the service: ${was} → ${band}`);
    }

    if (dirty) {
      fresh.updatedAt = new Date().toISOString();
      store.cases.saveCase(fresh);
    }

    if (before.documents && now.documents && now.documentsBefore === before.documentsBefore) {
      for (const { owner, documents } of snapshot.documents) {
        followDocuments(store, caseId, owner, documents, note);
      }
    }

    const final = finalityOf(store.cases.getCase(caseId) ?? c);
    if (learned && final) {
      stopWorkOfDecidedCase(store, jobs, caseId, stopReason(final.decision, true), this.deps.isRunning);
    }
    return lines;
  }
}
