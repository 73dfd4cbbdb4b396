// What every part of the core is made with: the event buses, what is kept on this laptop, the
// active environment and who acts in it. Made first by createCore, then given to the wiring of
// the case and sync services.
import { DeskError } from '../../../shared/ipc/errors.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { Settings } from '../../../shared/ipc/model.js';
import type { ServiceClient } from '../api/client.js';
import { auditWriters, staffAudit, type AuditWriter } from '../audit-writers.js';
import { EnvironmentScope } from '../cases/environment-scope.js';
import { openCoreStorage, type CoreStorage } from '../core-storage.js';
import { CoreBus } from '../events.js';
import { CoreEvents } from '../ipc/events.js';
import type { KeychainChoice } from '../keychain/development-keychain.js';
import { Session } from '../session.js';
import { deskStaffSession } from '../staff/desk-staff-session.js';
import type { StaffSession } from '../staff/staff-session.js';
import { ConnectivityState } from '../sync/connectivity.js';
import { JobStore } from '../jobs/job-store.js';

export interface CoreBase extends CoreStorage {
  bus: CoreBus;
  /** The screens' events (shared/ipc `events`). */
  events: CoreEvents;
  connectivity: ConnectivityState;
  session: Session;
  staff: StaffSession;
  jobs: JobStore;
  scope: EnvironmentScope;
  settings: () => Settings;
  activeProfileId: () => string | null;
  /** Who acts now: the signed-in, unlocked person. */
  actingUserId: () => string | null;
  lookupBundle: () => LookupBundle;
  audit: AuditWriter;
  learnedAudit: (action: string, caseId: string, detail: string) => void;
  /** The active environment's client; refused as offline when no environment is chosen. */
  needApi: () => ServiceClient;
  /** A case's rows changed: every screen on it reads it again. */
  changed: (caseId: string) => void;
  /** A person changed a case here: told, and its new work is sent. */
  edited: (caseId: string) => void;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export interface CoreBaseOptions extends KeychainChoice {
  dataDir: string;
  openBrowser?: (url: string) => Promise<void>;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export async function openCoreBase(options: CoreBaseOptions): Promise<CoreBase> {
  // Made first: every part that tells the others something gets it, so nothing is bound late.
  const bus = new CoreBus();
  const storage = await openCoreStorage(options.dataDir, options);
  const { db, profiles, settingsRepo, credentials, tokens, auditLog, lookups } = storage;
  const settings = (): Settings => storage.appSettings.get();
  const connectivity = new ConnectivityState();
  const reachability = {
    reached: () => connectivity.reached(),
    unreachable: () => connectivity.unreachable(),
  };
  const session = new Session({ profiles, settings: settingsRepo, credentials, tokens, reachability });
  const activeProfileId = () => session.activeId;
  const staff = deskStaffSession({
    accounts: storage.staffAccounts,
    session,
    lookups,
    settings,
    openBrowser: options.openBrowser,
    audit: staffAudit({ auditLog, activeProfileId }),
    bus,
  });
  const actingUserId = () => staff.actingUserId();
  return {
    ...storage,
    bus,
    events: new CoreEvents(),
    connectivity,
    session,
    staff,
    // Every job records who acted when it was queued.
    jobs: new JobStore(db, actingUserId),
    scope: new EnvironmentScope({ db, profiles, activeProfile: () => session.activeProfile() }),
    settings,
    activeProfileId,
    actingUserId,
    lookupBundle: () => lookups.current(session.activeId),
    ...auditWriters({ auditLog, activeProfileId, actingUserId }),
    needApi: () => {
      const api = session.api();
      if (!api) throw new DeskError('offline', 'Choose an environment profile first.');
      return api;
    },
    changed: (caseId) => bus.emit('case.changed', caseId),
    edited: (caseId) => bus.emit('case.edited', caseId),
    log: options.log,
  };
}
