// createCore: the main process's work, Electron-free. Electron's ipcMain wiring and the headless
// host both call `handle(channel, input)` and subscribe with `on(event, listener)`; nothing else of
// the core is reachable from the renderer. It only wires: the parts are made in wiring/ and told of
// each other's changes through the core's event bus (events.ts).
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import { appInfo } from './app-info.js';
import type { TokenManager } from './auth/token-manager.js';
import type { CaseRefresh, CaseRefreshOptions } from './cases/case-refresh.js';
import type { CaseService } from './cases/case-service.js';
import type { CaseStore } from './cases/case-store.js';
import type { Db } from './db/index.js';
import type { DocumentReadings } from './documents/document-readings.js';
import type { DraftService } from './documents/drafts.js';
import { checkAccess, guardAccess, type AccessDeps } from './ipc/access-guard.js';
import { guardHandlers } from './ipc/change-guard.js';
import { ChangeNotifier } from './ipc/change-notifier.js';
import { dispatch } from './ipc/dispatch.js';
import { QueueDeltaBuilder } from './ipc/queue-delta.js';
import { keychainKind } from './keychain/development-keychain.js';
import type { SecretStoreFactory } from './keychain/index.js';
import { RetentionPurge } from './retention.js';
import type { Session } from './session.js';
import type { StaffSession } from './staff/staff-session.js';
import { statusOf } from './status.js';
import type { ConnectivityState } from './sync/connectivity.js';
import type { JobStore } from './jobs/job-store.js';
import type { QueueOptions, SyncQueue } from './sync/queue.js';
import type { Vault } from './vault/index.js';
import { wireEnvironments } from './wiring/environments.js';
import { wireCaseServices } from './wiring/case-services.js';
import { openCoreBase } from './wiring/core-base.js';
import { wireHandlers } from './wiring/handlers.js';
import { wireSyncServices } from './wiring/sync-services.js';

export interface CoreOptions {
  /** Folder for the SQLite file and the vault. */
  dataDir: string;
  /** The OS keychain by default; tests pass an in-memory store. */
  secretStore?: SecretStoreFactory;
  /**
   * Keep secrets in this plain file instead (the insecure development keychain): allowed for the
   * training sandbox only, so test and live profiles are refused.
   */
  devKeychainFile?: string;
  /**
   * A training sandbox service: its "Sandbox" profile is created on first run and made active when
   * no other is. Credentials given here are saved at every start (a recreated sandbox has new ones);
   * without them the profile keeps the ones saved before, or waits for sign-in.
   */
  sandbox?: {
    url: string;
    clientId?: string;
    clientSecret?: string;
    /** Its staff sign-in issuer when not at `{url}/oidc` (a test's proxy in front of the sandbox). */
    issuerUrl?: string;
    /** The training sandbox's demo sign-in accounts, shown on its sign-in screen (practice data only). */
    staff?: { email: string; name: string; role: StaffRole; password: string }[];
  };
  shell?: 'electron' | 'web';
  version?: string;
  queue?: Partial<QueueOptions>;
  /** Start sending at once (default true); tests capture first and start later. */
  startQueue?: boolean;
  /** Overrides the retention setting, for tests: ms after a decided, synced case's files are purged. */
  retentionMs?: number;
  /** How often and how many cases are read back from the service (cases/case-refresh.ts). */
  caseRefresh?: Partial<CaseRefreshOptions>;
  /** How often the retention purge runs (default hourly). */
  purgeIntervalMs?: number;
  /**
   * Opens a page in the system browser (Electron's shell.openExternal) for staff sign-in. Without
   * it (the headless host) the screen opens the identity provider's page itself.
   */
  openBrowser?: (url: string) => Promise<void>;
  /** Diagnostic events (never secrets or personal data): job outcomes, internal errors. */
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export interface Core {
  handle(channel: string, input: unknown): Promise<IpcResult>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Lets in-flight jobs record their state, then closes the database. */
  shutdown(): Promise<void>;
  /** For the host, tests and the bench; never exposed to the renderer. */
  internals: CoreInternals;
}

export interface CoreInternals {
  db: Db;
  store: CaseStore;
  readings: DocumentReadings;
  jobs: JobStore;
  queue: SyncQueue;
  caseRefresh: CaseRefresh;
  cases: CaseService;
  drafts: DraftService;
  vault: Vault;
  session: Session;
  staff: StaffSession;
  connectivity: ConnectivityState;
  dataDir: string;
  startQueue(): void;
  purgeNow(now?: number): Promise<string[]>;
  tokenManager(): TokenManager | null;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const base = await openCoreBase(options);
  const { bus, events, db, store, jobs, session, staff, connectivity } = base;
  const local = wireCaseServices(base, options.dataDir);
  const { cases, drafts, readings, reviewRecords } = local;
  const sync = wireSyncServices(base, local, options);
  const { queue, caseRefresh, views } = sync;
  const status = () => statusOf(base, queue);
  const notifier = new ChangeNotifier({
    events,
    status,
    refreshCaseStatus: (caseId) => views.refreshStatus(caseId),
    changedDocuments: (caseId) => store.documents.takeChangedDocuments(caseId),
    queue: new QueueDeltaBuilder({ jobs, activeId: base.activeProfileId, viewsOf: (c) => queue.viewsOf(c) }),
  });
  bus.on('status.changed', () => notifier.statusChanged());
  bus.on('queue.changed', (everyJob) => notifier.queueChanged(everyJob));
  bus.on('case.changed', (caseId) => {
    notifier.caseChanged(caseId);
    // The case refresh follows imported cases as their work is sent.
    caseRefresh.caseChanged(caseId);
  });
  bus.on('case.edited', (caseId) => {
    bus.emit('case.changed', caseId);
    queue.pump();
    reviewRecords.consider(caseId);
  });
  bus.on('environment.activated', () => {
    staff.profileChanged();
    // Another environment's queue: every screen reads again what it shows.
    notifier.queueChanged(true);
  });
  connectivity.onChange(() => bus.emit('status.changed'));
  drafts.resumeProcessing();
  readings.catchUp();

  const environments = wireEnvironments(base, options, () => queue.sendNow());
  if (options.sandbox) await environments.ensureSandboxProfile(options.sandbox);
  await environments.restore();
  const active = session.activeId;
  const retention = new RetentionPurge({
    ...base,
    retentionMs: options.retentionMs,
    intervalMs: options.purgeIntervalMs,
  });

  const access: AccessDeps = {
    staff,
    environmentHasStaff: (profileId) => base.staffAccounts.ofProfile(profileId).length > 0,
    activeProfileId: base.activeProfileId,
  };
  const actingUserId = base.actingUserId;
  const info = appInfo({ ...options, keychain: keychainKind(options) });
  const table = wireHandlers(base, local, sync, { environments, info, status });
  const handlers = guardAccess(guardHandlers(table, { store, jobs, actingUserId }), access);

  let closed = false;
  let queueStarted = false;
  const startQueue = () => {
    if (queueStarted) return;
    queueStarted = true;
    queue.start();
    if (active && session.hasCredentials(active) && base.lookupBundle().fetchedAt === null)
      void environments.refreshLookupsQuietly();
  };
  if (options.startQueue !== false) startQueue();
  caseRefresh.start();
  retention.start();

  return {
    handle: (channel, input) =>
      closed
        ? Promise.resolve({ ok: false, error: { code: 'internal', message: 'FICA Desk is shutting down.' } })
        : dispatch(handlers, channel, input, {
            authorize: (ch, raw) => checkAccess(ch, raw, access),
            onInternalError: (ch, error) =>
              options.log?.('internal-error', {
                channel: ch,
                error: error instanceof Error ? error.message : String(error),
              }),
          }),
    on: (event, listener) => events.on(event, listener),
    shutdown: async () => {
      if (closed) return;
      closed = true;
      retention.stop();
      staff.close();
      notifier.close();
      await caseRefresh.stop();
      await reviewRecords.settled();
      await queue.stop();
      // Stopping the capture worker ends a reading under way; it is read again at the next start.
      const readingsStopped = readings.close();
      await drafts.close();
      await readingsStopped;
      db.close();
    },
    internals: {
      ...base,
      readings,
      queue,
      caseRefresh,
      cases,
      drafts,
      dataDir: options.dataDir,
      startQueue,
      purgeNow: (now) => retention.purgeNow(now),
      tokenManager: () => session.tokenManager(),
    },
  };
}
