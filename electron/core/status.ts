// What the status bar shows: the environment and its connectivity, the queue's counts, who acts.
import type { Status } from '../../shared/ipc/model.js';
import type { EnvironmentScope } from './cases/environment-scope.js';
import type { Session } from './session.js';
import type { StaffSession } from './staff/staff-session.js';
import type { ConnectivityState } from './sync/connectivity.js';
import type { JobStore } from './jobs/job-store.js';
import type { SyncQueue } from './sync/queue.js';

export interface StatusDeps {
  session: Session;
  jobs: JobStore;
  connectivity: ConnectivityState;
  staff: StaffSession;
  scope: EnvironmentScope;
}

export function statusOf(
  { session, jobs, connectivity, staff, scope }: StatusDeps,
  queue: SyncQueue,
): Status {
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
    currentUserId: staff.actingUserId(),
    staff: staff.status(),
    signInPending: staff.signInPending,
    signInRefusal: staff.refusal,
    elsewhere: scope.elsewhere(),
  };
}
