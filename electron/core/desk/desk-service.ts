// The reviewer's desk: the service's cases (all of the partner's), listed with the published filters.
// Opening one makes it a case of this laptop (service-case.ts), reviewed and decided through the same
// screens, commands and queue as a case captured here; taking it also keeps its documents and report
// in the vault, for review offline.
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import type { DeskCaseRef, DeskPage } from '../../../shared/ipc/desk-model.js';
import { DeskListQuerySchema } from '../../../shared/ipc/desk-model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import type { JobStore } from '../jobs/job-store.js';
import { entityRow, individualRow } from './desk-records.js';
import type { DeskCaseFollower } from './desk-case-follower.js';

export interface DeskServiceDeps {
  store: Pick<CaseStore, 'db' | 'cases'>;
  jobs: JobStore;
  activeProfileId: () => string | null;
  /** The active environment's client, or null when it has none (not signed in). */
  api: () => ServiceClient | null;
  /** Who acts now (a reviewer takes a case under their own name). */
  actingUserId: () => string | null;
  /** The case's documents not on this laptop yet are fetched into the vault. */
  keepDocuments: (caseId: string) => Promise<number>;
  /** The case's report is fetched into the vault. */
  keepReport: (caseId: string) => Promise<void>;
  /** A case captured here that the desk opens follows the service the usual way. */
  refreshCaptured: (caseId: string) => Promise<unknown>;
  follower: DeskCaseFollower;
  audit: (action: string, caseId: string | null, detail: string) => void;
  changed: (caseId: string) => void;
  now?: () => Date;
}

type CaseRef = ChannelOutput<'desk.open'>;

/** A failure that means the service could not be asked (as opposed to an answer from it). */
const unreachable = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'not-sent' || error.kind === 'outcome-unknown');

/** Runs `work`; the service being out of reach is answered with `message`. */
async function needsConnection<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (unreachable(error)) throw new DeskError('offline', message);
    throw error;
  }
}

export class DeskService {
  private readonly now: () => Date;

  constructor(private readonly deps: DeskServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private profileId(): string {
    const id = this.deps.activeProfileId();
    if (!id) throw new DeskError('offline', 'Choose an environment profile first.');
    return id;
  }

  private api(): ServiceClient {
    const api = this.deps.api();
    if (!api) throw new DeskError('needs-sign-in', 'Sign in to this environment to reach the desk.');
    return api;
  }

  list(input: unknown): Promise<DeskPage> {
    return needsConnection(
      "The desk lists the service's cases and needs a connection. Cases opened here are below.",
      () => this.listPage(input),
    );
  }

  private async listPage(input: unknown): Promise<DeskPage> {
    const q = DeskListQuerySchema.parse(input);
    const profileId = this.profileId();
    const api = this.api();
    const common = {
      take: q.take,
      skip: q.skip,
      clientReference: q.clientReference || undefined,
      ficaStatus: q.ficaStatus || undefined,
      riskDescription: q.riskDescription || undefined,
    };
    const local = (row: ReturnType<typeof entityRow>) => ({
      ...row,
      caseId: this.deps.store.cases.caseOfService(profileId, row.kind, row.serverId)?.id ?? null,
    });
    if (q.kind === 'entity') {
      const page = await api.listEntities({ ...common, entityRegName: q.name || undefined });
      return {
        rows: page.data.map((r) => local(entityRow(r))),
        count: page.count,
        take: page.take,
        skip: page.skip,
      };
    }
    const page = await api.listIndividuals({
      ...common,
      firstName: q.firstName || undefined,
      lastName: q.lastName || undefined,
      approvalDate: q.approvalDate,
      lastUpdated: q.lastUpdated,
      nextFicaReviewDate: q.nextFicaReviewDate,
    });
    return {
      rows: page.data.map((r) => local(individualRow(r))),
      count: page.count,
      take: page.take,
      skip: page.skip,
    };
  }

  /**
   * The case of this laptop for the service's case: read from the service first when it can be (a
   * case captured here follows the service as usual), the copy held here when it cannot.
   */
  async open(ref: DeskCaseRef): Promise<CaseRef> {
    const profileId = this.profileId();
    const held = this.deps.store.cases.caseOfService(profileId, ref.kind, ref.serverId);
    if (held?.origin === 'captured') {
      await this.deps.refreshCaptured(held.id);
      return { caseId: held.id };
    }
    try {
      return { caseId: await this.read(profileId, ref) };
    } catch (error) {
      if (held && (unreachable(error) || error instanceof DeskError)) return { caseId: held.id };
      if (unreachable(error))
        throw new DeskError(
          'offline',
          'Opening a case of the service needs a connection the first time. Cases opened before are listed below.',
        );
      throw error;
    }
  }

  /** Opens the case and keeps its documents and report on this laptop, for review offline. */
  take(ref: DeskCaseRef): Promise<CaseRef> {
    return needsConnection('Taking a case for review needs a connection to the service.', async () => {
      const actor = this.deps.actingUserId();
      if (!actor)
        throw new DeskError('not-allowed', 'Sign in first: a case is taken under the person who takes it.');
      const profileId = this.profileId();
      const held = this.deps.store.cases.caseOfService(profileId, ref.kind, ref.serverId);
      const caseId = held?.origin === 'captured' ? held.id : await this.read(profileId, ref);
      const documents = await this.deps.keepDocuments(caseId);
      await this.deps.keepReport(caseId);
      this.deps.store.db.transaction(() => {
        const c = this.deps.store.cases.getCase(caseId);
        if (!c) return;
        c.data.taken = { at: this.now().toISOString(), by: actor };
        this.deps.store.cases.saveCase(c);
      })();
      this.deps.audit(
        'desk.take',
        caseId,
        `Taken for review: the record, ${documents} document(s) and the report kept on this laptop`,
      );
      this.deps.changed(caseId);
      return { caseId };
    });
  }

  /** The desk cases of the environment, to reopen without a connection. */
  opened(): StoredCase[] {
    const profileId = this.deps.activeProfileId();
    return profileId ? this.deps.store.cases.deskCasesOf(profileId) : [];
  }

  /** Reads the service's case and writes it here; answers the local case id. */
  private read(profileId: string, ref: DeskCaseRef): Promise<string> {
    return this.deps.follower.follow(this.api(), profileId, ref);
  }
}
