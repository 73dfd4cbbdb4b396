// The one owner of deleting jobs. A job goes only when its answer is recorded (in the same
// transaction), when a person takes back the change it carried before it was sent, or when a
// person discards or cancels it in the queue; nothing else deletes one (lint refuses it).
import type { Db } from '../db/index.js';
import type { JobStore, StoredJob } from './job-store.js';
import { isDecisionKind } from './job-kinds.js';

/** What a discard changes of a case: its decision not yet sent and its refusal banner. */
interface DiscardedCase {
  data: { decision: { synced: boolean } | null; decisionBody: unknown };
  blockedReason: string | null;
}

/** The parts of the case stores (cases/case-store.ts) a discard writes to. */
export interface JobRemovalStore {
  db: Db;
  cases: {
    getCase(id: string): DiscardedCase | null;
    saveCase(c: DiscardedCase): void;
  };
  documents: {
    saveDocumentState(id: string, fields: { state: 'failed'; error: string }): void;
    /** The document's case and content, to mark a copy the service may hold for the next identical scan. */
    getDocument(id: string): { caseId: string; sha256: string; size: number } | null;
  };
  claims: { setFreeCopyCheck(caseId: string, sha256: string, size: number, due: boolean): void };
}

export interface JobRemovalDeps {
  store: JobRemovalStore;
  jobs: JobStore;
  audit: (action: string, caseId: string | null, detail: string) => void;
}

export class JobRemoval {
  // Built once: better-sqlite3 builds a transaction function's wrappers on every db.transaction().
  private readonly recorded: (jobId: string, record: () => void) => void;

  constructor(private readonly deps: JobRemovalDeps) {
    this.recorded = deps.store.db.transaction((jobId: string, record: () => void) => {
      record();
      deps.jobs.remove(jobId);
    });
  }

  /** Records the service's answer and deletes the job in one transaction. */
  recordAnswer(jobId: string, record: () => void): void {
    this.recorded(jobId, record);
  }

  /**
   * A change taken back before it was sent (its person or document removed, or the service already
   * holds it): the job goes inside the caller's transaction.
   */
  withdraw(jobId: string): void {
    this.deps.jobs.remove(jobId);
  }

  /**
   * A person discarded a failed item or cancelled a waiting one: its document says it was not sent,
   * a decision that will never be sent is withdrawn (the case is open again), and a case with no
   * failure left loses its refusal banner. Written to the case's history.
   */
  discard(job: StoredJob, label: string): void {
    const { store, jobs } = this.deps;
    const cancelled = job.state !== 'failed';
    store.db.transaction(() => {
      jobs.remove(job.id);
      if ('documentId' in job.payload && job.payload.kind !== 'document.delete') {
        store.documents.saveDocumentState(job.payload.documentId, {
          state: 'failed',
          error: cancelled ? 'Not sent: cancelled before it was sent' : 'Not sent: discarded from the queue',
        });
        // A request that may have reached the service leaves a copy nobody will look for: the next
        // upload of an identical scan settles it (sync/document-jobs.ts).
        const doc = job.maybeSent ? store.documents.getDocument(job.payload.documentId) : null;
        if (doc) store.claims.setFreeCopyCheck(doc.caseId, doc.sha256, doc.size, true);
      }
      const c = store.cases.getCase(job.caseId);
      if (c && isDecisionKind(job.payload.kind) && c.data.decision && !c.data.decision.synced) {
        c.data.decision = null;
        c.data.decisionBody = null;
        store.cases.saveCase(c);
        this.deps.audit(
          'decision.withdraw',
          job.caseId,
          cancelled ? 'Decision withdrawn before it was sent' : 'Decision not sent: discarded from the queue',
        );
      }
      if (c && !jobs.hasFailed(job.caseId)) {
        c.blockedReason = null;
        store.cases.saveCase(c);
      }
    })();
    this.deps.audit(
      'queue.discard',
      job.caseId,
      cancelled ? `Cancelled before it was sent: ${label}` : `Discarded from the queue: ${label}`,
    );
  }
}
