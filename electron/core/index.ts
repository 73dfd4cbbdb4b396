// createCore: the main process's work, Electron-free. Electron's ipcMain wiring and the headless
// host both call `handle(channel, input)` and subscribe with `on(event, listener)`; nothing else of
// the core is reachable from the renderer.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import { SettingsSchema, type Settings, type Status } from '../../shared/ipc/model.js';
import { plainHttpEndpointIssues } from '../../shared/ipc/service-endpoint.js';
import { ApiError, classifyError } from './api/errors.js';
import { TokenManager } from './auth/token-manager.js';
import { CaseService } from './cases/case-service.js';
import { CaseStore } from './cases/case-store.js';
import { CaseViews } from './cases/case-views.js';
import { EnvironmentScope } from './cases/environment-scope.js';
import { LookupService } from './cases/lookups.js';
import {
  AuditLog,
  LookupsCacheRepository,
  openDatabase,
  ProfileRepository,
  SettingsRepository,
  tokenUrlOf,
  type Db,
} from './db/index.js';
import { AuditSealer } from './db/audit-sealer.js';
import { DraftService } from './documents/drafts.js';
import { DocumentContent } from './documents/document-content.js';
import { FormDrafts } from './forms/form-drafts.js';
import { SaneBackend } from './capture/scanning/sane-backend.js';
import { ScanService } from './capture/scanning/scan-service.js';
import { stopMrzReader } from './capture/identity/read-mrz.js';
import { dispatch } from './ipc/dispatch.js';
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
import { purgeDecided } from './purge.js';
import { Session } from './session.js';
import { ConnectivityState } from './sync/connectivity.js';
import { HANDLERS } from './sync/handlers.js';
import { JobStore } from './sync/job-store.js';
import { SyncQueue, type QueueOptions } from './sync/queue.js';
import { CaseKeys } from './vault/case-keys.js';
import { FieldDecryptError, VaultKeyMismatchError } from './vault/errors.js';
import { checkKeyMatches, DATABASE_FILE, refuseNewKeyOverData } from './vault/key-check.js';
import { UnsentWorkTransfer } from './transfer/unsent-work.js';
import { Vault } from './vault/index.js';

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
  sandbox?: { url: string; clientId?: string; clientSecret?: string };
  shell?: 'electron' | 'web';
  version?: string;
  queue?: Partial<QueueOptions>;
  /** Start sending at once (default true); tests capture first and start later. */
  startQueue?: boolean;
  /** Overrides the retention setting, for tests: ms after a decided, synced case's files are purged. */
  retentionMs?: number;
  /** How often the retention purge runs (default hourly). */
  purgeIntervalMs?: number;
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
  jobs: JobStore;
  queue: SyncQueue;
  cases: CaseService;
  drafts: DraftService;
  vault: Vault;
  session: Session;
  connectivity: ConnectivityState;
  dataDir: string;
  startQueue(): void;
  purgeNow(now?: number): Promise<string[]>;
  tokenManager(): TokenManager | null;
}

const DEFAULT_SETTINGS: Settings = {
  currentUserId: null,
  theme: 'system',
  retentionDays: 30,
  allowSelfApproval: false,
};
const SETTINGS_KEY = 'app';
/** Settings key of the embedded sandbox's profile id. */
const SANDBOX_PROFILE_KEY = 'sandboxProfileId';

/** The database, migrated with the vault key; a key that opens none of its data is reported as such. */
function openCoreDatabase(dataDir: string, vault: Vault): Db {
  let db: Db;
  try {
    db = openDatabase(join(dataDir, DATABASE_FILE), { fields: vault });
  } catch (error) {
    if (error instanceof FieldDecryptError) throw new VaultKeyMismatchError(dataDir);
    throw error;
  }
  const settings = new SettingsRepository(db);
  try {
    checkKeyMatches(
      {
        read: (key) => settings.get(key, z.string()) ?? null,
        write: (key, value) => settings.set(key, z.string(), value),
      },
      vault.fields,
      dataDir,
    );
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
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
  const caseKeys = new CaseKeys(db, vault);
  const profiles = new ProfileRepository(db);
  profileKindOf = (id) => profiles.get(id)?.kind ?? null;
  const settingsRepo = new SettingsRepository(db);
  const auditLog = new AuditLog(db, undefined, new AuditSealer(vault, caseKeys));
  const lookups = new LookupService(new LookupsCacheRepository(db));
  const events = new CoreEvents();
  const connectivity = new ConnectivityState();
  const store = new CaseStore(db, caseKeys);
  // Every job records who acted when it was queued (settings are read at that moment).
  const jobs = new JobStore(db, () => settings().currentUserId);

  const settings = (): Settings => ({
    ...DEFAULT_SETTINGS,
    ...(settingsRepo.get(SETTINGS_KEY, SettingsSchema.partial()) ?? {}),
  });
  const session = new Session({
    profiles,
    settings: settingsRepo,
    credentials,
    tokens,
    reachability: { reached: () => connectivity.reached(), unreachable: () => connectivity.unreachable() },
  });
  const scope = new EnvironmentScope({ db, profiles, activeProfile: () => session.activeProfile() });
  const lookupBundle = () => lookups.current(session.activeId);
  const audit = (action: string, caseId: string | null, detail: string) => {
    auditLog.append({
      profileId: session.activeId,
      userId: settings().currentUserId ?? 'local',
      action,
      caseId,
      detail: { message: detail },
    });
  };

  // ---- events, throttled so a drain of hundreds of documents does not flood the renderer
  let queueEventTimer: NodeJS.Timeout | null = null;
  let lastStatus = '';
  // Assigned once below; the status and event closures above them need the names first.
  // eslint-disable-next-line prefer-const
  let views: CaseViews;
  // eslint-disable-next-line prefer-const
  let queue: SyncQueue;
  const status = (): Status => {
    const profile = session.activeProfile();
    const counts = jobs.count(profile?.id ?? null);
    return {
      profile: profile ? session.view(profile) : null,
      connectivity: profile ? connectivity.current : 'no-profile',
      unsentCount: counts.pending,
      failedCount: counts.failed,
      queuePaused: queue.isPaused,
      lastSyncAt: queue.lastSyncAt,
      currentUserId: settings().currentUserId,
      elsewhere: scope.elsewhere(),
    };
  };
  const statusChanged = () => {
    const next = status();
    const text = JSON.stringify(next);
    if (text === lastStatus) return;
    lastStatus = text;
    events.emit('status.changed', next);
  };
  const queueChanged = () => {
    if (queueEventTimer) return;
    queueEventTimer = setTimeout(() => {
      queueEventTimer = null;
      if (closed) return;
      if (events.has('queue.changed')) events.emit('queue.changed', { jobs: queue.views() });
      statusChanged();
    }, 250);
    queueEventTimer.unref?.();
  };
  // Debounced per case: a drain finishes many jobs of one case a second, and one refresh says it all.
  const changedCases = new Set<string>();
  let caseTimer: NodeJS.Timeout | null = null;
  const flushCases = () => {
    caseTimer = null;
    if (closed) return;
    const ids = [...changedCases];
    changedCases.clear();
    for (const caseId of ids) {
      views.refreshStatus(caseId);
      events.emit('case.changed', { caseId });
    }
  };
  const caseChanged = (caseId: string) => {
    changedCases.add(caseId);
    caseTimer ??= setTimeout(flushCases, 50);
    queueChanged();
  };

  const cases = new CaseService({
    store,
    jobs,
    lookups: lookupBundle,
    currentUserId: () => settings().currentUserId,
    profileId: () => session.activeId,
    audit,
    changed: (caseId) => {
      caseChanged(caseId);
      queue.pump();
    },
  });
  queue = new SyncQueue({
    store,
    jobs,
    vault,
    lookups: lookupBundle,
    currentUserId: () => settings().currentUserId,
    audit: (action, caseId, message) => audit(action, caseId, message),
    api: () => session.api(),
    environment: {
      activeId: () => session.activeId,
      clientFor: (profileId) => session.clientFor(profileId),
      nameOf: (profileId) => profiles.get(profileId)?.name ?? null,
      lookupsOf: (profileId) => lookups.current(profileId),
    },
    connectivity,
    handlers: HANDLERS,
    options: options.queue,
    log: options.log,
    events: {
      queueChanged,
      progress: (p) => events.emit('queue.progress', p),
      caseChanged,
    },
  });
  views = new CaseViews({
    store,
    jobs,
    lookups: lookupBundle,
    waiting: (caseId) => queue.waitingByCase(caseId),
    progressOf: (documentId) => queue.progressOfDocument(documentId),
  });
  const drafts = new DraftService({ store, cases, vault, changed: caseChanged });
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
    currentUserId: () => settings().currentUserId,
    audit,
    changed: (caseId) => {
      caseChanged(caseId);
      queue.pump();
    },
  });
  connectivity.onChange(() => statusChanged());

  // ---- profiles and sign-in
  const refreshLookupsQuietly = async () => {
    const id = session.activeId;
    const api = session.api();
    if (!id || !api) return;
    try {
      await lookups.refresh(id, api);
    } catch (error) {
      options.log?.('lookups-refresh-failed', { kind: classifyError(error).kind });
    }
  };
  /** Cases the migration could not place go to the first profile made active (environment-scope.ts). */
  const assignUnassigned = (profileId: string) => {
    for (const caseId of scope.assignUnassigned(profileId)) {
      audit(
        'case.environment-assigned',
        caseId,
        `Assigned to ${profiles.get(profileId)?.name ?? 'this environment'}`,
      );
    }
  };
  const activate = async (profileId: string | null) => {
    await session.activate(profileId);
    if (profileId) assignUnassigned(profileId);
    connectivity.set(
      profileId ? (session.hasCredentials(profileId) ? 'checking' : 'needs-sign-in') : 'no-profile',
    );
    statusChanged();
    if (profileId && session.hasCredentials(profileId)) {
      queue.sendNow();
      void refreshLookupsQuietly();
    }
  };
  const signIn = async (profileId: string, clientId: string, clientSecret: string) => {
    const profile = profiles.get(profileId)!;
    const insecure = plainHttpEndpointIssues({ ...profile, tokenUrl: tokenUrlOf(profile) })[0];
    if (insecure)
      return { verified: false, message: `${insecure.message}: change the address in Settings first.` };
    const manager = new TokenManager({ profileId, tokenUrl: tokenUrlOf(profile), credentials, tokens });
    try {
      await manager.signIn({ clientId, clientSecret });
    } catch (error) {
      const failure = error instanceof ApiError ? error : classifyError(error);
      const message =
        failure.kind === 'needs-sign-in'
          ? 'The service refused these credentials. Check the client id and secret.'
          : failure.kind === 'not-sent' || failure.kind === 'outcome-unknown'
            ? 'The service cannot be reached, so the credentials were not checked or saved. Try again when online.'
            : `The credentials could not be checked: ${failure.message}`;
      audit('profile.sign-in-failed', null, 'Sign-in refused or not possible');
      return { verified: false, message };
    }
    session.setHasCredentials(profileId, true);
    audit('profile.sign-in', null, 'Signed in');
    if (session.activeId === profileId) {
      session.rebuild();
      connectivity.set('checking');
      queue.sendNow();
      await refreshLookupsQuietly();
    } else if (!session.activeId && profile.kind !== 'live') await activate(profileId);
    statusChanged();
    return { verified: true, message: 'Signed in. Queued work will be sent.' };
  };
  const signOut = async (profileId: string) => {
    await credentials.remove(profileId);
    await tokens.clear(profileId);
    session.setHasCredentials(profileId, false);
    if (session.activeId === profileId) {
      session.rebuild();
      connectivity.set('needs-sign-in');
    }
    audit('profile.sign-out', null, 'Signed out');
    statusChanged();
  };

  // ---- first run: the embedded sandbox's profile. Its id is made once per data folder: the keychain
  // is shared by every installation (and test run) on the machine, and each has its own sandbox.
  if (options.sandbox) {
    const SandboxIdSchema = z.string().regex(/^sandbox-[0-9a-f]{12}$/);
    let sandboxId = settingsRepo.get(SANDBOX_PROFILE_KEY, SandboxIdSchema);
    if (!sandboxId) {
      sandboxId = `sandbox-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      settingsRepo.set(SANDBOX_PROFILE_KEY, SandboxIdSchema, sandboxId);
    }
    const existing = profiles.get(sandboxId);
    if (!existing)
      profiles.create({ id: sandboxId, name: 'Sandbox', kind: 'sandbox', baseUrl: options.sandbox.url });
    else if (existing.baseUrl !== options.sandbox.url)
      profiles.update(sandboxId, { baseUrl: options.sandbox.url });
    const saved = await credentials.load(sandboxId);
    const { clientId, clientSecret } = options.sandbox;
    if (clientId && clientSecret && (saved?.clientId !== clientId || saved.clientSecret !== clientSecret)) {
      await credentials.save(sandboxId, { clientId, clientSecret });
      await tokens.clear(sandboxId);
    }
    if (!session.activeId) settingsRepo.set('activeProfileId', z.string().nullable(), sandboxId);
  }
  for (const p of profiles.list()) await session.refreshHasCredentials(p.id);
  session.rebuild();
  const active = session.activeId;
  if (active) assignUnassigned(active);
  connectivity.set(active ? (session.hasCredentials(active) ? 'checking' : 'needs-sign-in') : 'no-profile');

  const retentionMs = () => options.retentionMs ?? settings().retentionDays * 24 * 3600 * 1000;
  const purgeNow = (now?: number) =>
    purgeDecided(
      {
        store,
        jobs,
        vault,
        destroyCaseKey: (caseId) => caseKeys.destroy(caseId),
        retentionMs,
        audit: (a, c, d) => audit(a, c, d),
        changed: caseChanged,
      },
      now,
    );

  const ctx: CoreContext = {
    store,
    jobs,
    cases,
    drafts,
    scans,
    documentContent: new DocumentContent({ store, vault, api: () => session.api() }),
    formDrafts: new FormDrafts({ db, store, scope, caseKeys, fields: vault.fields }),
    views,
    queue,
    session,
    scope,
    lookups,
    profiles,
    auditLog,
    vault,
    connectivity,
    info: {
      version: options.version ?? '0.1.0',
      shell: options.shell ?? 'electron',
      sandboxUrl: options.sandbox?.url ?? null,
      keychain: options.devKeychainFile ? 'development-file' : 'system',
    },
    status,
    settings,
    saveSettings: (next) => {
      settingsRepo.set(SETTINGS_KEY, SettingsSchema, next);
      statusChanged();
      return settings();
    },
    lookupBundle,
    audit,
    transfer,
    signIn,
    signOut,
    activate,
    statusChanged,
  };
  const handlers = guardHandlers(createHandlers(ctx), {
    store,
    jobs,
    actingUserId: () => settings().currentUserId,
  });

  let closed = false;
  let queueStarted = false;
  const startQueue = () => {
    if (queueStarted) return;
    queueStarted = true;
    queue.start();
    if (active && session.hasCredentials(active) && lookupBundle().fetchedAt === null)
      void refreshLookupsQuietly();
  };
  if (options.startQueue !== false) startQueue();
  const purgeTimer = setInterval(
    () => void purgeNow().catch(() => undefined),
    options.purgeIntervalMs ?? 3600_000,
  );
  purgeTimer.unref();

  return {
    handle: (channel, input) =>
      closed
        ? Promise.resolve({ ok: false, error: { code: 'internal', message: 'FICA Desk is shutting down.' } })
        : dispatch(handlers, channel, input, (ch, error) =>
            options.log?.('internal-error', {
              channel: ch,
              error: error instanceof Error ? error.message : String(error),
            }),
          ),
    on: (event, listener) => events.on(event, listener),
    shutdown: async () => {
      if (closed) return;
      closed = true;
      clearInterval(purgeTimer);
      if (queueEventTimer) clearTimeout(queueEventTimer);
      if (caseTimer) clearTimeout(caseTimer);
      await queue.stop();
      await stopMrzReader();
      await drafts.close();
      db.close();
    },
    internals: {
      db,
      store,
      jobs,
      queue,
      cases,
      drafts,
      vault,
      session,
      connectivity,
      dataDir: options.dataDir,
      startQueue,
      purgeNow,
      tokenManager: () => session.tokenManager(),
    },
  };
}
