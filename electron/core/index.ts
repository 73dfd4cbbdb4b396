// createCore: the main process's work, Electron-free. Electron's ipcMain wiring and the headless
// host both call `handle(channel, input)` and subscribe with `on(event, listener)`; nothing else of
// the core is reachable from the renderer.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import { DeskError } from '../../shared/ipc/errors.js';
import type { Settings, Status } from '../../shared/ipc/model.js';
import { AppSettings } from './app-settings.js';
import type { TokenManager } from './auth/token-manager.js';
import { BankVerification } from './cases/bank-verification.js';
import { CaseRefresh, type CaseRefreshOptions } from './cases/case-refresh.js';
import { CaseService } from './cases/case-service.js';
import { CaseStore } from './cases/case-store.js';
import { CaseViews } from './cases/case-views.js';
import { EnvironmentScope } from './cases/environment-scope.js';
import { LookupService } from './cases/lookups.js';
import { ReportCache } from './cases/report-cache.js';
import {
  AuditLog,
  issuerUrlOf,
  LookupsCacheRepository,
  ProfileRepository,
  SettingsRepository,
  type Db,
} from './db/index.js';
import { AuditSealer } from './db/audit-sealer.js';
import { openCoreDatabase } from './db/open-core-database.js';
import { DeskCaseFollower } from './desk/desk-case-follower.js';
import { DeskService } from './desk/desk-service.js';
import { DocumentReadings } from './documents/document-readings.js';
import { DraftService } from './documents/drafts.js';
import { readingView } from './documents/reading-view.js';
import { ReviewRecords } from './documents/review-records.js';
import { CapturePool } from './capture/capture-pool.js';
import { DocumentContent } from './documents/document-content.js';
import { FormDrafts } from './forms/form-drafts.js';
import { SaneBackend } from './capture/scanning/sane-backend.js';
import { ScanService } from './capture/scanning/scan-service.js';
import { stopMrzReader } from './capture/identity/read-mrz.js';
import { dispatch } from './ipc/dispatch.js';
import { ChangeNotifier } from './ipc/change-notifier.js';
import { QueueDeltaBuilder } from './ipc/queue-delta.js';
import { CoreEvents } from './ipc/events.js';
import { guardHandlers } from './ipc/change-guard.js';
import { createHandlers, type CoreContext } from './ipc/handlers.js';
import {
  CredentialStore,
  devFileSecretStores,
  keytarSecretStores,
  profileService,
  VAULT_SERVICE,
  TokenStore,
  VaultKeyStore,
  type SecretStoreFactory,
} from './keychain/index.js';
import { ProfileService } from './profiles/profile-service.js';
import { beginIdentityProviderSignIn } from './staff/identity-provider-sign-in.js';
import { StaffAccounts } from './staff/staff-accounts.js';
import { StaffSession } from './staff/staff-session.js';
import { checkAccess, guardAccess, type AccessDeps } from './ipc/access-guard.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import { purgeDecided } from './purge.js';
import { Session } from './session.js';
import { ConnectivityState } from './sync/connectivity.js';
import { HANDLERS } from './sync/handlers.js';
import { JobRemoval } from './sync/job-removal.js';
import { JobStore } from './sync/job-store.js';
import { SyncQueue, type QueueOptions } from './sync/queue.js';
import { CaseKeys } from './vault/case-keys.js';
import { refuseNewKeyOverData } from './vault/key-check.js';
import { UnsentWorkTransfer } from './transfer/unsent-work.js';
import { Vault } from './vault/index.js';
import { removeMarkedFiles } from './vault/pending-removals.js';

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
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // The development keychain allows the vault key and sandbox profiles' secrets; the profiles
  // repository it asks is opened below, before any profile secret is read or written.
  let profileKindOf: (profileId: string) => string | null = () => null;
  const secrets = options.devKeychainFile
    ? devFileSecretStores(options.devKeychainFile, (service) => {
        if (service === VAULT_SERVICE) return true;
        const prefix = profileService('x').slice(0, -1);
        return service.startsWith(prefix) && profileKindOf(service.slice(prefix.length)) === 'sandbox';
      })
    : (options.secretStore ?? keytarSecretStores);
  const credentials = new CredentialStore(secrets);
  const tokens = new TokenStore(secrets);
  const keyStore = new VaultKeyStore(secrets);
  if (!(await keyStore.exists())) refuseNewKeyOverData(options.dataDir);
  const vault = await Vault.open({ dir: join(options.dataDir, 'vault'), keyStore });
  const db = openCoreDatabase(options.dataDir, vault);
  await removeMarkedFiles(db, vault);
  const caseKeys = new CaseKeys(db, vault);
  const profiles = new ProfileRepository(db);
  profileKindOf = (id) => profiles.get(id)?.kind ?? null;
  const settingsRepo = new SettingsRepository(db);
  const auditLog = new AuditLog(db, undefined, new AuditSealer(vault, caseKeys));
  const lookups = new LookupService(new LookupsCacheRepository(db));
  const events = new CoreEvents();
  const connectivity = new ConnectivityState();
  const store = new CaseStore(db, caseKeys);
  const appSettings = new AppSettings(settingsRepo);
  const settings = (): Settings => appSettings.get();
  const session = new Session({
    profiles,
    settings: settingsRepo,
    credentials,
    tokens,
    reachability: { reached: () => connectivity.reached(), unreachable: () => connectivity.unreachable() },
  });
  const staffAccounts = new StaffAccounts(db, vault.fields);
  const staff = new StaffSession({
    accounts: staffAccounts,
    activeProfile: () => session.activeProfile(),
    beginSignIn: () => {
      const profile = session.activeProfile();
      if (!profile) throw new DeskError('not-allowed', 'Choose an environment before signing in.');
      return beginIdentityProviderSignIn(issuerUrlOf(profile));
    },
    partnerId: async () => {
      const profileId = session.activeId;
      const api = session.api();
      if (!profileId || !api) return lookups.current(profileId).partner?.id ?? null;
      return lookups.partnerOf(profileId, api).catch(() => null);
    },
    policy: () => settings(),
    openBrowser: options.openBrowser,
    audit: (action, userId, detail) =>
      auditLog.append({
        profileId: session.activeId,
        userId,
        action,
        caseId: null,
        detail: { message: detail },
      }),
    changed: () => statusChanged(),
  });
  /** Who acts now: the signed-in, unlocked person. */
  const actingUserId = () => staff.actingUserId();
  // Every job records who acted when it was queued.
  const jobs = new JobStore(db, actingUserId);

  const scope = new EnvironmentScope({ db, profiles, activeProfile: () => session.activeProfile() });
  const lookupBundle = () => lookups.current(session.activeId);
  const audit = (action: string, caseId: string | null, detail: string) => {
    auditLog.append({
      profileId: session.activeId,
      userId: actingUserId() ?? 'local',
      action,
      caseId,
      detail: { message: detail },
    });
  };
  // What the app learned from the service is its own entry ("This laptop"), not the selected user's.
  const learnedAudit = (action: string, caseId: string, detail: string) => {
    auditLog.append({
      profileId: session.activeId,
      userId: 'local',
      action,
      caseId,
      detail: { message: detail },
    });
  };
  const needApi = () => {
    const api = session.api();
    if (!api) throw new DeskError('offline', 'Choose an environment profile first.');
    return api;
  };

  // Assigned once below; the notifier's closures need the names first.
  // eslint-disable-next-line prefer-const
  let views: CaseViews;
  // eslint-disable-next-line prefer-const
  let queue: SyncQueue;
  const status = (): Status => {
    const profile = session.activeProfile();
    const counts = jobs.count(profile?.id ?? null);
    const notSent = counts.failed > 0 ? jobs.notSentCount(profile?.id ?? null) : 0;
    return {
      profile: profile ? session.view(profile) : null,
      connectivity: profile ? connectivity.current : 'no-profile',
      unsentCount: counts.pending,
      failedCount: counts.failed - notSent,
      notSentCount: notSent,
      queuePaused: queue.isPaused,
      lastSyncAt: queue.lastSyncAt,
      currentUserId: actingUserId(),
      staff: staff.status(),
      signInPending: staff.signInPending,
      signInRefusal: staff.refusal,
      elsewhere: scope.elsewhere(),
    };
  };
  const notifier = new ChangeNotifier({
    events,
    status,
    refreshCaseStatus: (caseId) => views.refreshStatus(caseId),
    changedDocuments: (caseId) => store.takeChangedDocuments(caseId),
    queue: new QueueDeltaBuilder({
      jobs,
      activeId: () => session.activeId,
      viewsOf: (changed) => queue.viewsOf(changed),
    }),
  });
  const statusChanged = () => notifier.statusChanged();
  // Assigned once the case refresh exists: it follows imported cases as their work is sent.
  let followCase: (caseId: string) => void = () => undefined;
  const caseChanged = (caseId: string) => {
    notifier.caseChanged(caseId);
    followCase(caseId);
  };
  const changedAndSend = (caseId: string) => {
    caseChanged(caseId);
    queue.pump();
    reviewRecords.consider(caseId);
  };

  const removal = new JobRemoval({ store, jobs, audit });
  const reviewRecords = new ReviewRecords({
    store,
    vault,
    lookups: lookupBundle,
    actingUserId,
    addDocument: (doc, history) => void cases.documents.addDocument(doc, { history }),
    audit,
    log: options.log,
  });
  const actor = () => {
    const who = staff.acting();
    return who ? { id: who.userId, roles: who.roles } : null;
  };
  const cases = new CaseService({
    store,
    jobs,
    removal,
    lookups: lookupBundle,
    currentUserId: actingUserId,
    actor,
    profileId: () => session.activeId,
    audit,
    changed: changedAndSend,
  });
  queue = new SyncQueue({
    store,
    jobs,
    removal,
    vault,
    lookups: lookupBundle,
    currentUserId: actingUserId,
    audit: (action, caseId, message) => audit(action, caseId, message),
    api: () => session.api(),
    environment: {
      activeId: () => session.activeId,
      clientFor: (profileId) => session.clientFor(profileId),
      nameOf: (profileId) => profiles.get(profileId)?.name ?? null,
      lookupsOf: (profileId) => lookups.current(profileId),
    },
    connectivity,
    learnedAudit,
    handlers: HANDLERS,
    options: options.queue,
    log: options.log,
    events: {
      queueChanged: (everyJob) => notifier.queueChanged(everyJob),
      progress: (p) => events.emit('queue.progress', p),
      caseChanged,
    },
  });
  const formDrafts = new FormDrafts({ db, store, scope, caseKeys, fields: vault.fields });
  const deskCases = new DeskCaseFollower({
    store,
    jobs,
    lookups: (profileId) => lookups.current(profileId),
    drafts: formDrafts,
    audit,
    changed: caseChanged,
  });
  const caseRefresh = new CaseRefresh({
    followDeskCase: (c, api) => deskCases.follow(api, c.profileId!, { kind: c.kind, serverId: c.serverId }),
    store,
    jobs,
    connectivity,
    activeProfileId: () => session.activeId,
    api: () => session.api(),
    isRunning: (jobId) => queue.isRunning(jobId),
    audit: learnedAudit,
    changed: caseChanged,
    options: options.caseRefresh,
    log: options.log,
  });
  // One capture worker: the laptops have two cores, and the core's event loop needs the other.
  const capturePool = new CapturePool();
  const readings = new DocumentReadings({
    store,
    vault,
    readText: (bytes, mimeType) => capturePool.readText(bytes, mimeType),
    lookupsOf: (profileId) => lookups.current(profileId),
    changed: caseChanged,
    ...(options.log ? { log: options.log } : {}),
  });
  followCase = (caseId) => caseRefresh.caseChanged(caseId);
  views = new CaseViews({
    store,
    jobs,
    lookups: lookupBundle,
    readingOf: (doc, subject, records, profileId) => {
      // Only a document whose file is here is read (one on the service alone is not).
      const kind = doc.vaultId ? readings.kindOf(doc, profileId) : null;
      if (!kind) return null;
      const record = records.get(doc.id) ?? null;
      // Read once queued (and at start, or on import); one never scheduled has nothing to show.
      if (!record && !readings.isReading(doc.id)) return null;
      return readingView(
        kind,
        record,
        readings.isReading(doc.id),
        subject,
        localDate(new Date()),
        settings().proofOfAddressMonths,
      );
    },
    waiting: (caseRow, heads, failed) => queue.waitingOfHeads(caseRow, heads, failed),
    firstWaiting: (caseRow) => queue.firstWaiting(caseRow),
    progressOf: (documentId) => queue.progressOfDocument(documentId),
    serviceCheck: (caseId) => caseRefresh.checkOf(caseId),
    lastHistoryId: (caseId) => auditLog.lastIdOf(caseId),
  });
  const drafts = new DraftService({
    store,
    cases,
    vault,
    pool: capturePool,
    draftChanged: (draft) => events.emit('draft.changed', draft),
    ...(options.log ? { log: options.log } : {}),
  });
  drafts.resumeProcessing();
  readings.catchUp();
  const scans = new ScanService({
    backend: new SaneBackend({ workDir: join(options.dataDir, 'scan-work') }),
    drafts,
    progress: (p) => events.emit('scan.progress', p),
  });
  const transfer = new UnsentWorkTransfer({
    store,
    jobs,
    vault,
    profiles,
    activeProfileId: () => session.activeId,
    currentUserId: actingUserId,
    audit,
    changed: changedAndSend,
    imported: (caseIds) => {
      caseRefresh.follow(caseIds);
      // The archive carries documents, not what was read on them.
      readings.catchUp(caseIds);
    },
  });
  connectivity.onChange(() => statusChanged());

  const keychain = options.devKeychainFile ? 'development-file' : 'system';
  const environments = new ProfileService({
    profiles,
    settings: settingsRepo,
    session,
    credentials,
    tokens,
    connectivity,
    scope,
    lookups,
    keychain,
    sendNow: () => queue.sendNow(),
    audit,
    statusChanged,
    activated: () => {
      staff.profileChanged();
      // Another environment's queue: every screen reads again what it shows.
      notifier.queueChanged(true);
    },
    forgetStaff: (profileId) => staffAccounts.forgetProfile(profileId),
    log: options.log,
  });
  if (options.sandbox) await environments.ensureSandboxProfile(options.sandbox);
  await environments.restore();
  const active = session.activeId;

  const retentionMs = () => options.retentionMs ?? settings().retentionDays * 24 * 3600 * 1000;
  const purgeNow = async (now?: number) => {
    const purged = await purgeDecided(
      {
        store,
        jobs,
        vault,
        destroyCaseKey: (caseId) => {
          caseKeys.destroy(caseId);
          // No decrypted copy of a purged case's data outlives its key in memory.
          store.forgetDecrypted();
        },
        retentionMs,
        audit: (a, c, d) => audit(a, c, d),
        changed: caseChanged,
      },
      now,
    );
    return purged;
  };

  const documentContent = new DocumentContent({ store, vault, api: () => session.api() });
  const reports = new ReportCache({
    store,
    vault,
    auditLog,
    requireCase: (caseId) => cases.requireCase(caseId),
    api: needApi,
    audit,
  });
  const desk = new DeskService({
    store,
    jobs,
    activeProfileId: () => session.activeId,
    api: () => session.api(),
    actingUserId,
    keepDocuments: (caseId) => documentContent.keepAll(caseId),
    keepReport: async (caseId) => void (await reports.get(caseId, true)),
    refreshCaptured: (caseId) => caseRefresh.refresh(caseId),
    follower: deskCases,
    audit,
    changed: caseChanged,
  });

  const ctx: CoreContext = {
    store,
    cases,
    drafts,
    readings,
    scans,
    documentContent,
    formDrafts,
    reports,
    bank: new BankVerification({
      store,
      requireIndividual: (caseId) => cases.requireIndividual(caseId),
      api: needApi,
      audit,
    }),
    views,
    caseRefresh,
    reviewRecords,
    queue,
    session,
    environments,
    scope,
    lookups,
    profiles,
    auditLog,
    vault,
    info: {
      version: options.version ?? '0.1.0',
      shell: options.shell ?? 'electron',
      sandboxUrl: options.sandbox?.url ?? null,
      trainingAccounts: (options.sandbox?.staff ?? []).map(({ email, role, password }) => ({
        email,
        role,
        password,
      })),
      keychain,
    },
    status,
    settings,
    saveSettings: (next) => {
      const saved = appSettings.save(next);
      statusChanged();
      return saved;
    },
    lookupBundle,
    audit,
    transfer,
    needApi,
    statusChanged,
    staff,
    desk,
  };
  const access: AccessDeps = {
    staff,
    environmentHasStaff: (profileId) => staffAccounts.ofProfile(profileId).length > 0,
    activeProfileId: () => session.activeId,
  };
  const handlers = guardAccess(guardHandlers(createHandlers(ctx), { store, jobs, actingUserId }), access);

  let closed = false;
  let queueStarted = false;
  const startQueue = () => {
    if (queueStarted) return;
    queueStarted = true;
    queue.start();
    if (active && session.hasCredentials(active) && lookupBundle().fetchedAt === null)
      void environments.refreshLookupsQuietly();
  };
  if (options.startQueue !== false) startQueue();
  caseRefresh.start();
  const purgeTimer = setInterval(
    () => void purgeNow().catch(() => undefined),
    options.purgeIntervalMs ?? 3600_000,
  );
  purgeTimer.unref();

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
      clearInterval(purgeTimer);
      staff.close();
      notifier.close();
      await caseRefresh.stop();
      await reviewRecords.settled();
      await queue.stop();
      await stopMrzReader();
      // Stopping the capture worker ends a reading under way; it is read again at the next start.
      const readingsStopped = readings.close();
      await drafts.close();
      await readingsStopped;
      db.close();
    },
    internals: {
      db,
      store,
      readings,
      jobs,
      queue,
      caseRefresh,
      cases,
      drafts,
      vault,
      session,
      staff,
      connectivity,
      dataDir: options.dataDir,
      startQueue,
      purgeNow,
      tokenManager: () => session.tokenManager(),
    },
  };
}

/** YYYY-MM-DD on this laptop's calendar (a document dated today is today's, here). */
function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
