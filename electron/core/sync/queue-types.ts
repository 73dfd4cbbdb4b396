// What the queue is given: its options, whom it tells, which environment it sends for, and what it
// reads and writes. Shared by the queue's parts (scheduler, failure policy, views).
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { ServiceClient } from '../api/client.js';
import type { ConnectivityState } from './connectivity.js';
import type { HandlerMap, JobEnv } from './job-handler.js';
import type { JobRemoval } from '../jobs/job-removal.js';

export interface QueueOptions {
  /** Jobs in flight at once (uploads included). */
  concurrency: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How often to probe the service while offline. */
  probeIntervalMs: number;
  /** How often an idle, online queue checks the service is still there (the status bar). */
  heartbeatMs: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  concurrency: 4,
  backoffBaseMs: 1000,
  backoffMaxMs: 60_000,
  probeIntervalMs: 5000,
  heartbeatMs: 30_000,
};

export interface QueueEvents {
  /** `everyJob` when what every item shows changed (paused, connectivity), not only the jobs written. */
  queueChanged(everyJob?: boolean): void;
  progress(p: { jobId: string; documentId: string | null; sent: number; total: number }): void;
  /** After a job's answer is recorded (or it failed), so the case's status and views are refreshed. */
  caseChanged(caseId: string): void;
}

/** Which environment profile the queue sends for; a job of any other profile waits. */
export interface QueueEnvironment {
  activeId(): string | null;
  /** The client of that profile's own service and credentials; null unless it is the active one. */
  clientFor(profileId: string | null): ServiceClient | null;
  /** The profile's name as people know it ("Live (branch 12)"); null when it no longer exists. */
  nameOf(profileId: string): string | null;
  /** The look-ups cached for that profile (its users, its partner), whichever profile is active. */
  lookupsOf(profileId: string | null): LookupBundle;
}

export interface QueueDeps extends JobEnv {
  api: () => ServiceClient | null;
  /** The one owner of job deletion. */
  removal: JobRemoval;
  environment: QueueEnvironment;
  connectivity: ConnectivityState;
  /** Writes what the app learned from the service (not what a person did) to the case's history. */
  learnedAudit: (action: string, caseId: string, message: string) => void;
  handlers: HandlerMap;
  events: QueueEvents;
  options?: Partial<QueueOptions>;
  /** Counts of what happened, for tests and the bench. */
  log?: (event: string, detail: Record<string, unknown>) => void;
}
