// The shapes the renderer sees (shared/ipc/model.ts), built from the rows, the queue and the
// workflow rules of shared/domain.
import {
  entitySteps,
  individualSteps,
  uboSteps,
  type StepView as DomainStep,
} from '../../../shared/domain/index.js';
import {
  DOCUMENT_DELETE,
  ENTITY_JOBS,
  ENTITY_STEP_ROWS,
  INDIVIDUAL_JOBS,
  INDIVIDUAL_STEP_ROWS,
  jobKindsOfPersonStep,
  jobKindsOfStep,
  PERSON_STEP_ROWS,
  type AnyWorkflowJob,
} from '../../../shared/domain/workflow-table.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type {
  CaseDetail,
  CaseDocumentsPage,
  CaseDocumentsRequest,
  CaseStatus,
  CaseSummary,
  CasesListRequest,
  CasesPage,
  DecisionView,
  DocumentCounts,
  DocumentOwner,
  DocumentReading,
  LocalDocument,
  LocalUbo,
  Progress,
  ReviewDue,
  ServiceCheck,
  StepView,
} from '../../../shared/ipc/model.js';
import { CASES_PAGE_MAX, DOCUMENTS_FIRST_PAGE, DOCUMENTS_PAGE_MAX } from '../../../shared/ipc/model.js';
import type { JobKind } from '../jobs/job-kinds.js';
import type { JobStore, StoredJob } from '../jobs/job-store.js';
import type { TypedAddress } from '../../../shared/domain/document-address.js';
import type { DocumentTextRecord, EntityData, IndividualData } from './case-data.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredDocument } from './store/documents.js';
import type { StoredUbo } from './store/people.js';
import { entityBand, entityChecklist, individualBand, personChecklist, uboBand } from './checklists.js';
import type { OwnerDocuments } from './store/documents.js';
import { entityReviewsDue, individualReviewsDue } from './review-gates.js';
import { statement } from '../../../node-shared/sqlite/statements.js';
import { finalityOf, type Finality } from './finality.js';
import { decisionFactsOf } from './decision-facts.js';
import {
  entityWorkflowState,
  individualWorkflowState,
  uboWorkflowState,
  type DocumentsOf,
} from './workflow-state.js';

/** What was typed for a document's owner, that what was read on the document is checked against. */
export interface ReadingSubject {
  address: TypedAddress;
  /** The entity's name and registration number (for its certificates). */
  entity?: { name: string; number: string };
}

export interface ViewDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents' | 'readings'>;
  jobs: JobStore;
  lookups: () => LookupBundle;
  /**
   * Waiting reasons of some of a case's jobs (its heads: the first job of each order group), by job
   * id, evaluated with the order already read, without reading the case's other jobs.
   */
  waiting: (caseRow: StoredCase, heads: StoredJob[], failed: boolean) => Map<string, string>;
  /** The first waiting reason among a case's jobs (in the order queued), without evaluating each. */
  firstWaiting: (caseRow: StoredCase) => string | null;
  progressOf: (documentId: string) => Progress | null;
  /** The last check of the case with the service (case-refresh.ts). */
  serviceCheck: (caseId: string) => ServiceCheck | null;
  /** The id of the newest entry of the case's history, or null. */
  lastHistoryId: (caseId: string) => number | null;
  /**
   * What was read on a document (documents/document-readings.ts) against what was typed for its
   * owner; null for a document that is not read. `records` are the kept readings of the documents
   * shown.
   */
  readingOf?: (
    doc: StoredDocument,
    subject: ReadingSubject,
    records: ReadonlyMap<string, DocumentTextRecord>,
    profileId: string | null,
  ) => DocumentReading | null;
}

/** What each owner typed that a document is checked against. */
const subjects = {
  entity(d: EntityData): ReadingSubject {
    const kyb = d.kyb;
    return {
      address: {
        lines: [kyb?.physicalAddress1, kyb?.physicalAddress2, kyb?.physicalAddress3],
        postalCode: kyb?.zipCode,
      },
      entity: { name: d.create.entityRegName, number: d.create.entityRegNumber },
    };
  },
  ubo(u: StoredUbo): ReadingSubject {
    const p = u.data.details;
    return {
      address: { lines: [p.addressLine1, p.addressLine2, p.addressLine3], postalCode: p.addressZipCode },
    };
  },
  individual(d: IndividualData): ReadingSubject {
    const p = d.create;
    return { address: { lines: [p.addressLineOne, p.addressLineTwo, p.townCity], postalCode: p.zipCode } };
  },
};

/** What one owner typed, for the documents of that owner; null for an owner no longer there. */
function subjectOf(
  c: StoredCase,
  owner: DocumentOwner,
  ubos: () => readonly StoredUbo[],
): ReadingSubject | null {
  if (c.data.kind === 'individual') return subjects.individual(c.data);
  if (owner.kind === 'entity') return subjects.entity(c.data);
  if (owner.kind !== 'ubo') return null;
  const ubo = ubos().find((u) => u.id === owner.uboId);
  return ubo ? subjects.ubo(ubo) : null;
}

// Which queued jobs each step shows, from the workflow table.
const stepJobs = (jobs: readonly AnyWorkflowJob[], steps: ReadonlyArray<{ id: string }>) =>
  new Map<string, JobKind[]>(steps.map((step) => [step.id, jobKindsOfStep(jobs, step.id)]));
const ENTITY_STEP_JOBS = stepJobs(ENTITY_JOBS, ENTITY_STEP_ROWS);
const UBO_STEP_JOBS = new Map<string, JobKind[]>(
  PERSON_STEP_ROWS.map((step) => [step.id, jobKindsOfPersonStep(step.id)]),
);
const INDIVIDUAL_STEP_JOBS = stepJobs(INDIVIDUAL_JOBS, INDIVIDUAL_STEP_ROWS);

function reviewsDueOf(c: StoredCase, ubos: readonly StoredUbo[]): ReviewDue[] {
  return c.data.kind === 'entity'
    ? entityReviewsDue(c as StoredCase & { data: EntityData }, ubos)
    : individualReviewsDue(c as StoredCase & { data: IndividualData });
}

/** What a case's steps show of its queue: the first job of each order group, and the failed ones. */
interface CaseOrder {
  heads: StoredJob[];
  /** The first failed job of each order group. */
  failed: StoredJob[];
  /** Waiting reasons of the heads, by job id. */
  waiting: Map<string, string>;
}

/** A step's queued jobs as its view needs them: its first one and its first failed one. */
interface StepJobs {
  first: StoredJob | undefined;
  failed: StoredJob | undefined;
}

/**
 * The first job among those a step shows is the first of some order group (a head), and so is its
 * first failed one among the failed: a step reads a few rows whatever its jobs number.
 */
function jobsOfStep(order: CaseOrder, shows: (job: StoredJob) => boolean): StepJobs {
  return { first: order.heads.find(shows), failed: order.failed.find(shows) };
}

/** One owner's first documents, their counts, and what the checklists see of them. */
interface OwnedDocuments {
  documents: LocalDocument[];
  documentCounts: DocumentCounts;
  facts: OwnerDocuments;
}

function toSteps(
  domain: readonly DomainStep[],
  jobsOf: (stepId: string) => StepJobs,
  waiting: Map<string, string>,
  needsReview: ReadonlySet<string>,
): StepView[] {
  return domain.map((s) => {
    const { first, failed } = jobsOf(s.id);
    const base = {
      id: s.id,
      label: s.label,
      blockedBy: s.blockedBy ?? null,
      waitingFor: null as string | null,
    };
    if (failed) return { ...base, status: 'needs-review', blockedBy: failed.error };
    // Results that arrived after a review make the step need one again.
    if (needsReview.has(s.id)) return { ...base, status: 'needs-review', blockedBy: null };
    if (s.status === 'done' && first) {
      return {
        ...base,
        status: 'queued',
        waitingFor: waiting.get(first.id) ?? (first.state === 'running' ? 'sending' : 'waiting to be sent'),
      };
    }
    if (s.status === 'done') return { ...base, status: 'done' };
    return { ...base, status: s.status };
  });
}

/**
 * The steps of a decided case say what is true: an approved case went through every step on the
 * service; a declined one will not do what it had not done. Work still queued or stopped says so.
 */
function finalSteps(steps: StepView[], final: Finality | null): StepView[] {
  if (!final) return steps;
  return steps.map((s) => {
    if (s.status === 'queued' || s.status === 'needs-review' || s.status === 'done') return s;
    if (final.decision === 'Approved') return { ...s, status: 'done', blockedBy: null, waitingFor: null };
    return {
      ...s,
      status: 'blocked',
      blockedBy: 'Not needed: the application was declined',
      waitingFor: null,
    };
  });
}

function readOnlyReason(final: Finality | null, decision: DecisionView | null): string | null {
  if (!final) return null;
  if (decision?.source === 'service') {
    const when = decision.decidedAt.slice(0, 10);
    const who = decision.decidedBy ? ` by ${decision.decidedBy}` : '';
    return `Decided on the service: ${final.decision} (${when}${who}). A decided application can no longer be changed.`;
  }
  return `${final.decision}${final.onService ? '' : ' (being sent to the service)'}: a decided application can no longer be changed.`;
}

/** The partner's reviewers who are neither the case's creator nor one of its makers, by name. */
function mayStillDecide(c: StoredCase, lookups: LookupBundle): string[] | null {
  if (lookups.users.length === 0) return null;
  return lookups.users
    .filter((u) => u.role === 'reviewer' && u.id !== c.createdBy && !c.data.makers.includes(u.id))
    .map((u) => u.name);
}

export class CaseViews {
  constructor(private readonly deps: ViewDeps) {}

  /**
   * Documents as the screens show them, each with what was read on it against what its owner typed:
   * the readings of these documents alone are read, so a page costs the same in a case of any size.
   */
  private documentViews(
    c: StoredCase,
    docs: readonly StoredDocument[],
    ubos: () => readonly StoredUbo[],
  ): LocalDocument[] {
    const readingOf = this.deps.readingOf;
    if (!readingOf || docs.length === 0) return docs.map((d) => this.documentView(d, null));
    const records = this.deps.store.readings.readingsOfDocuments(
      c.id,
      docs.map((d) => d.id),
    );
    return docs.map((d) => {
      const subject = subjectOf(c, d.owner, ubos);
      return this.documentView(d, subject && readingOf(d, subject, records, c.profileId));
    });
  }

  private documentView(d: StoredDocument, reading: DocumentReading | null): LocalDocument {
    return {
      id: d.id,
      caseId: d.caseId,
      owner: d.owner,
      pairs: d.pairs,
      filename: d.filename,
      mimeType: d.mimeType,
      size: d.size,
      sha256: d.sha256,
      pageCount: d.pageCount,
      state: d.state,
      progress: d.state === 'uploading' ? this.deps.progressOf(d.id) : null,
      error: d.error,
      serverIds: d.serverIds,
      capturedAt: d.capturedAt,
      reading,
    };
  }

  status(c: StoredCase, jobs: readonly Pick<StoredJob, 'state'>[], ubos: readonly StoredUbo[]): CaseStatus {
    const decision = c.data.decision;
    if (decision?.synced) {
      if (decision.onboardingDecision === 'Approved') return 'approved';
      if (decision.onboardingDecision === 'Declined') return 'declined';
      if (decision.onboardingDecision === 'Refer') return 'referred';
    }
    if (c.blockedReason || jobs.some((j) => j.state === 'failed')) return 'needs-review';
    if (!finalityOf(c) && reviewsDueOf(c, ubos).length > 0) return 'needs-review';
    if (jobs.length > 0) return 'waiting';
    if (c.data.kind === 'entity' && ubos.some((u) => !u.removed && !u.data.detailsCompleted))
      return 'needs-review';
    return c.serverId ? 'synced' : 'draft';
  }

  /** Writes the derived status into the row, so the list can filter on it. */
  refreshStatus(caseId: string): void {
    const c = this.deps.store.cases.getCase(caseId);
    if (!c) return;
    const next = this.status(
      c,
      this.deps.jobs.statesOfCase(caseId),
      c.kind === 'entity' ? this.deps.store.people.listUbos(caseId) : [],
    );
    if (next !== c.status)
      statement(this.deps.store.db, 'UPDATE cases SET status = ? WHERE id = ?').run(next, caseId);
  }

  /**
   * One page of the environment's cases, newest first, narrowed by kind, status and a search of
   * title or client reference; or, with `ids`, those of the named cases that match. Kind and status
   * are narrowed in SQL (the status column the change notifier refreshes); a search reads only the
   * ids, titles and references (titles decrypted once while unchanged); only the page's cases are
   * read whole and summarised.
   */
  list(profileId: string, request: CasesListRequest): CasesPage {
    const { store } = this.deps;
    const columns = { kind: request.kind, status: request.status, origin: request.origin };
    const needle = request.search?.trim().toLowerCase();
    const offset = request.offset ?? 0;
    const limit = request.limit ?? CASES_PAGE_MAX;
    if (!needle) {
      const { total, needsReview } = store.cases.listCountsOf(profileId, columns);
      const rows = request.ids
        ? store.cases.casesOf(profileId, columns, request.ids)
        : store.cases.pageOf(profileId, columns, offset, limit);
      return { cases: this.summaries(rows), total, needsReview };
    }
    const matches = store.cases
      .searchableOf(profileId, columns)
      .filter(
        (c) => c.title.toLowerCase().includes(needle) || c.clientReference.toLowerCase().includes(needle),
      );
    const wanted = request.ids ? new Set(request.ids) : null;
    const ids = wanted
      ? matches.filter((c) => wanted.has(c.id)).map((c) => c.id)
      : matches.slice(offset, offset + limit).map((c) => c.id);
    return {
      cases: this.summaries(store.cases.casesOf(profileId, columns, ids)),
      total: matches.length,
      needsReview: store.cases.countOf(profileId, { status: 'needs-review' }),
    };
  }

  /** The rows of a page of the list; their queued items are counted in one read for the page. */
  private summaries(cases: readonly StoredCase[]): CaseSummary[] {
    const counts = this.deps.jobs.stateCountsOfCases(cases.map((c) => c.id));
    return cases.map((c) => this.summary(c, counts.get(c.id) ?? []));
  }

  private summary(
    c: StoredCase,
    states: readonly { state: StoredJob['state']; count: number }[],
  ): CaseSummary {
    // Counted and summarised from indexes: a case with thousands of queued items reads a few rows.
    const unsent = states.reduce((sum, s) => sum + s.count, 0);
    const firstWaiting = unsent > 0 ? this.deps.firstWaiting(c) : null;
    const ubos = c.kind === 'entity' ? this.deps.store.people.listUbos(c.id) : [];
    return {
      id: c.id,
      kind: c.kind,
      title: c.title,
      subtitle:
        c.data.kind === 'entity'
          ? `${c.data.entityTypeName} · ${c.data.create.entityRegNumber}`
          : 'Individual client',
      clientReference: c.clientReference,
      status: this.status(c, states, ubos),
      waitingFor: c.blockedReason ?? firstWaiting,
      serverId: c.serverId,
      riskBand: c.data.riskBand,
      unsentJobs: unsent,
      reviewsDue: finalityOf(c) ? 0 : reviewsDueOf(c, ubos).length,
      createdBy: c.createdBy,
      updatedAt: c.updatedAt,
      origin: c.origin,
    };
  }

  /** One document as the screens show it; null when it is not there (or removed). */
  documentOf(documentId: string): LocalDocument | null {
    const { store } = this.deps;
    const d = store.documents.getDocument(documentId);
    const c = d && !d.removed ? store.cases.getCase(d.caseId) : null;
    if (!d || !c) return null;
    return this.documentViews(c, [d], () => store.people.listUbos(c.id))[0] ?? null;
  }

  /** The next page of one owner's documents in the screens' order, or the named documents again. */
  documents(request: CaseDocumentsRequest): CaseDocumentsPage {
    const { store } = this.deps;
    const c = store.cases.getCase(request.caseId);
    if (!c) return { documents: [] };
    const ubos = () => store.people.listUbos(c.id);
    if ('ids' in request)
      return { documents: this.documentViews(c, store.documents.documentsNamed(c.id, request.ids), ubos) };
    const limit = Math.min(request.limit ?? DOCUMENTS_FIRST_PAGE, DOCUMENTS_PAGE_MAX);
    return {
      documents: this.documentViews(
        c,
        store.documents.documentPage(c.id, request.owner, request.after ?? null, limit),
        ubos,
      ),
    };
  }

  /**
   * The case as its screen shows it, at the same cost whatever it holds: its jobs are read through
   * their tallies and the first job of each order group (the heads, whose waits are the steps'), its
   * documents as a first page per owner with their counts, and its checklists from the tallies by
   * document group.
   */
  detail(caseId: string): CaseDetail | null {
    const { store, jobs } = this.deps;
    const c = store.cases.getCase(caseId);
    if (!c) return null;
    const states = jobs.stateCountsOfCases([caseId]).get(caseId) ?? [];
    const unsent = states.reduce((sum, s) => sum + s.count, 0);
    const anyFailed = states.some((s) => s.state === 'failed');
    const heads = unsent > 0 ? jobs.headsOfCase(caseId) : [];
    const order: CaseOrder = {
      heads,
      failed: anyFailed ? jobs.failedHeadsOfCase(caseId) : [],
      waiting: heads.length > 0 ? this.deps.waiting(c, heads, anyFailed) : new Map(),
    };
    const ubos = c.kind === 'entity' ? store.people.listUbos(caseId) : [];
    const lookups = this.deps.lookups();
    const documentsOf = store.documents.documentFactsOf(caseId);
    const countsOf = store.documents.documentCountsOf(caseId);
    const base = {
      id: c.id,
      status: this.status(c, states, ubos),
      title: c.title,
      serverId: c.serverId,
      clientReference: c.clientReference,
      createdBy: c.createdBy,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      riskReason: c.data.riskReason,
      decision: c.data.decision,
      unsentJobs: unsent,
      blockedReason: c.blockedReason,
      reportCachedAt: c.reportCachedAt,
      reviewsDue: finalityOf(c) ? [] : reviewsDueOf(c, ubos),
      readOnly: readOnlyReason(finalityOf(c), c.data.decision),
      serviceCheck: this.deps.serviceCheck(caseId),
      lastHistoryId: this.deps.lastHistoryId(caseId),
      origin: c.origin,
      taken: c.data.taken,
      serviceReadAt: c.data.serviceReadAt,
      makers: c.data.makers,
      decisionFacts: decisionFactsOf(c, ubos, documentsOf, lookups),
      mayDecide: mayStillDecide(c, lookups),
    };
    const owned = (owner: DocumentOwner) => ({
      documents: this.documentViews(
        c,
        store.documents.documentPage(caseId, owner, null, DOCUMENTS_FIRST_PAGE),
        () => ubos,
      ),
      documentCounts: countsOf(owner),
      facts: documentsOf(owner),
    });
    if (c.data.kind === 'entity')
      return this.entityDetail(
        c as StoredCase & { data: EntityData },
        base,
        order,
        ubos,
        documentsOf,
        owned,
        lookups,
      );
    return this.individualDetail(
      c as StoredCase & { data: IndividualData },
      base,
      order,
      documentsOf,
      owned({ kind: 'individual' }),
      lookups,
    );
  }

  private entityDetail(
    c: StoredCase & { data: EntityData },
    base: Record<string, unknown>,
    order: CaseOrder,
    ubos: StoredUbo[],
    documentsOf: DocumentsOf,
    owned: (owner: DocumentOwner) => OwnedDocuments,
    lookups: LookupBundle,
  ): CaseDetail {
    const d = c.data;
    const state = entityWorkflowState(c, ubos, documentsOf, lookups);
    const ofEntity = (j: StoredJob, kinds: JobKind[]) =>
      kinds.includes(j.payload.kind) ||
      (j.payload.kind === DOCUMENT_DELETE.kind &&
        !j.payload.uboId &&
        kinds.includes(DOCUMENT_DELETE.sitsWith.entity));
    const due = base.reviewsDue as ReviewDue[];
    const review = new Set<string>();
    if (due.some((r) => r.step === 'sanctions-review')) review.add('sanctions-review');
    const final = finalityOf(c);
    const steps = finalSteps(
      toSteps(
        entitySteps(state),
        (id) => jobsOfStep(order, (j) => ofEntity(j, ENTITY_STEP_JOBS.get(id) ?? [])),
        order.waiting,
        review,
      ),
      final,
    );
    const localUbos: LocalUbo[] = ubos.map((u) => {
      const mine = owned({ kind: 'ubo', uboId: u.id });
      const ofUbo = (j: StoredJob, kinds: JobKind[]) =>
        'uboId' in j.payload && j.payload.uboId === u.id && kinds.includes(j.payload.kind);
      const uReview = new Set<string>();
      if (due.some((r) => r.uboId === u.id)) uReview.add('pep-review');
      if (!u.data.detailsCompleted) uReview.add('details');
      return {
        id: u.id,
        serverId: u.serverId,
        origin: u.origin,
        details: u.data.details,
        detailsCompleted: u.data.detailsCompleted,
        screening: u.data.screening,
        pepReview: u.data.pepReview,
        pepReviewRecord: u.data.pepReviewRecord,
        riskStatus: u.data.riskStatus,
        riskReason: u.data.riskReason,
        docsConfirmed: u.data.docsConfirmRequested,
        documents: mine.documents,
        documentCounts: mine.documentCounts,
        checklist: personChecklist(uboBand(u, lookups), lookups, mine.facts),
        steps: finalSteps(
          toSteps(
            uboSteps(state, uboWorkflowState(u, documentsOf, lookups)),
            (id) => jobsOfStep(order, (j) => ofUbo(j, UBO_STEP_JOBS.get(id) ?? [])),
            order.waiting,
            uReview,
          ),
          final,
        ),
      };
    });
    const entityDocs = owned({ kind: 'entity' });
    return {
      ...base,
      kind: 'entity',
      riskBand: d.riskBand,
      documents: entityDocs.documents,
      documentCounts: entityDocs.documentCounts,
      checklist: entityChecklist(entityBand(d.riskBand), lookups, entityDocs.facts),
      steps,
      create: d.create,
      entityTypeName: d.entityTypeName,
      showOrganigram: d.showOrganigram,
      foreignEntityType: d.foreignEntityType,
      registryCommercialName: d.registryCommercialName,
      registryFound: d.registryFound,
      sanctionsSearchResults: d.sanctionsSearchResults,
      kyb: d.kyb,
      sanctionsReview: d.sanctionsReview,
      sanctionsReviewRecord: d.sanctionsReviewRecord,
      ubos: localUbos,
      organigram: {
        draft: d.organigramDraft,
        verified: d.organigramVerified,
        response: d.organigramResponse,
      },
      shareholdingConfirmed: d.shareholdingRequested,
      docsConfirmed: d.docsConfirmRequested,
    } as CaseDetail;
  }

  private individualDetail(
    c: StoredCase & { data: IndividualData },
    base: Record<string, unknown>,
    order: CaseOrder,
    documentsOf: DocumentsOf,
    mine: OwnedDocuments,
    lookups: LookupBundle,
  ): CaseDetail {
    const d = c.data;
    const state = individualWorkflowState(c, documentsOf, lookups);
    const review = new Set<string>();
    if ((base.reviewsDue as ReviewDue[]).length > 0) review.add('pep-decision');
    const ofStep = (j: StoredJob, kinds: JobKind[]) =>
      kinds.includes(j.payload.kind) ||
      (j.payload.kind === DOCUMENT_DELETE.kind && kinds.includes(DOCUMENT_DELETE.sitsWith.individual));
    const band = individualBand(d, lookups);
    return {
      ...base,
      kind: 'individual',
      riskBand: d.riskBand,
      documents: mine.documents,
      documentCounts: mine.documentCounts,
      checklist: personChecklist(band, lookups, mine.facts),
      steps: finalSteps(
        toSteps(
          individualSteps(state),
          (id) => jobsOfStep(order, (j) => ofStep(j, INDIVIDUAL_STEP_JOBS.get(id) ?? [])),
          order.waiting,
          review,
        ),
        finalityOf(c),
      ),
      create: d.create,
      amlScreening: d.amlScreening,
      externalValidation: d.externalValidation,
      pepDecision: d.pepDecision,
      pepReviewRecord: d.pepReviewRecord,
      docsConfirmed: d.docsConfirmRequested,
      bankVerification: d.bankVerification,
    } as CaseDetail;
  }
}
