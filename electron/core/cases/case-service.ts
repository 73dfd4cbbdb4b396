// What a person does to a case. Each action writes the local change and enqueues the job that sends
// it in ONE transaction (local-first): a crash leaves either both or neither.
import { highRiskApprovalProblems } from '../../../shared/domain/decision-rules.js';
import type { RiskDescription } from '../../../shared/api/common.js';
import { randomUUID } from 'node:crypto';
import type {
  EntityCreateRequest,
  EntityDecisionRequest,
  ExternalValidationRequest,
  IndividualCreateRequest,
  IndividualUpdateRequest,
  KybRequest,
  OrganigramNodeRequest,
  UboBody,
} from '../../../shared/api/index.js';
import type { ScreeningAttestation } from '../../../shared/domain/index.js';
import {
  checkEntityAction,
  checkIndividualAction,
  personName,
  type EntityAction,
  type IndividualAction,
} from '../../../shared/domain/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { DocPair, DocumentOwner } from '../../../shared/ipc/model.js';
import type { JobStore } from '../sync/job-store.js';
import type { JobPayload } from '../sync/job-kinds.js';
import type { EntityData, IndividualData, UboData } from './case-data.js';
import type { CaseStore, StoredCase, StoredDocument, StoredUbo } from './case-store.js';
import { attest, dispositionLines } from './review-gates.js';
import { checkShareholdingTotal } from './shareholding-check.js';
import { stopReason, stopWorkOfDecidedCase } from './finality.js';
import { entityWorkflowState, individualWorkflowState } from './workflow-state.js';

/** A sanctions or PEP review as a person records it; `adverseSearchKYC` follows from the dispositions. */
export interface ReviewInput {
  pepConfirmReviewed: boolean;
  adverseSearchKYC?: boolean;
}

export interface CaseServiceDeps {
  store: CaseStore;
  jobs: JobStore;
  lookups: () => LookupBundle;
  currentUserId: () => string | null;
  profileId: () => string | null;
  audit: (action: string, caseId: string | null, detail: string) => void;
  /** Called after every committed change: events, status, the queue's pump. */
  changed: (caseId: string) => void;
  now?: () => Date;
}

export interface NewDocument {
  caseId: string;
  owner: DocumentOwner;
  pairs: DocPair[];
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  pageCount: number;
  vaultId: string;
}

export class CaseService {
  constructor(private readonly deps: CaseServiceDeps) {}

  private get store() {
    return this.deps.store;
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  private tx<T>(caseId: string | null, work: () => T): T {
    const result = this.store.db.transaction(work)();
    if (caseId) this.deps.changed(caseId);
    return result;
  }

  // ---- reading
  requireCase(caseId: string): StoredCase {
    const c = this.store.getCase(caseId);
    if (!c) throw new DeskError('not-found', 'This case does not exist on this laptop.');
    return c;
  }

  requireEntity(caseId: string): StoredCase & { data: EntityData } {
    const c = this.requireCase(caseId);
    if (c.data.kind !== 'entity')
      throw new DeskError('invalid-input', 'This case is not an entity application.');
    return c as StoredCase & { data: EntityData };
  }

  requireIndividual(caseId: string): StoredCase & { data: IndividualData } {
    const c = this.requireCase(caseId);
    if (c.data.kind !== 'individual')
      throw new DeskError('invalid-input', 'This case is not an individual application.');
    return c as StoredCase & { data: IndividualData };
  }

  requireUbo(caseId: string, uboId: string): StoredUbo {
    const u = this.store.getUbo(uboId);
    if (!u || u.caseId !== caseId || u.removed)
      throw new DeskError('not-found', 'This person is not part of the case.');
    return u;
  }

  private touch(c: StoredCase): void {
    c.updatedAt = this.now();
    this.store.saveCase(c);
  }

  /**
   * Adds a job unless an identical one is still waiting to start (it reads the latest data when it
   * runs, so it is sent under the person who made that latest change).
   */
  private enqueue(caseId: string, payload: JobPayload): void {
    const same = (p: JobPayload) =>
      JSON.stringify({ ...p, actor: undefined }) === JSON.stringify({ ...payload, actor: undefined });
    const waiting = this.deps.jobs
      .ofCase(caseId)
      .find((j) => j.state === 'ready' && !j.maybeSent && same(j.payload));
    const actor = this.deps.currentUserId();
    if (!waiting) this.deps.jobs.add(caseId, payload);
    else if (actor) this.deps.jobs.setActor(waiting.id, actor);
  }

  private checkEntity(c: StoredCase & { data: EntityData }, action: EntityAction): void {
    const result = checkEntityAction(
      entityWorkflowState(c, this.store.listUbos(c.id), this.store.listDocuments(c.id), this.deps.lookups()),
      action,
    );
    if (!result.ok) throw new DeskError(result.status === 404 ? 'not-found' : 'not-allowed', result.message);
  }

  private checkIndividual(c: StoredCase & { data: IndividualData }, action: IndividualAction): void {
    const result = checkIndividualAction(
      individualWorkflowState(c, this.store.listDocuments(c.id), this.deps.lookups()),
      action,
    );
    if (!result.ok) throw new DeskError(result.status === 404 ? 'not-found' : 'not-allowed', result.message);
  }

  // ---- entity
  createEntity(request: EntityCreateRequest): string {
    const type = this.deps.lookups().entityTypes.find((t) => t.id === request.entityType);
    if (!type) {
      throw new DeskError(
        'invalid-input',
        'Choose an entity type from the list (refresh the lists when you are online).',
        [{ path: 'entityType', message: 'Unknown entity type' }],
      );
    }
    const id = randomUUID();
    // The device's own reference lets a create whose answer was lost be found again (contract §3).
    const clientReference = request.clientReference?.trim() || `FD-${id.slice(0, 8).toUpperCase()}`;
    const now = this.now();
    const data: EntityData = {
      kind: 'entity',
      create: { ...request, clientReference },
      entityTypeName: type.name,
      showOrganigram: type.showOrganigram,
      foreignEntityType: type.foreignEntityType,
      registryCommercialName: null,
      registryFound: null,
      sanctionsSearchResults: null,
      kyb: null,
      kybSynced: false,
      sanctionsReview: null,
      sanctionsReviewSynced: false,
      sanctionsReviewRecord: null,
      organigramDraft: null,
      organigramRequested: false,
      organigramVerified: false,
      organigramResponse: null,
      shareholdingRequested: false,
      shareholdingConfirmed: false,
      docsConfirmRequested: false,
      docsConfirmed: false,
      riskBand: 'Undetermined',
      riskReason: null,
      decisionBody: null,
      decision: null,
      reportVaultId: null,
      reportFingerprint: null,
    };
    return this.tx(id, () => {
      this.store.insertCase({
        id,
        kind: 'entity',
        profileId: this.deps.profileId(),
        title: request.entityRegName,
        clientReference,
        status: 'waiting',
        serverId: null,
        createdBy: this.deps.currentUserId(),
        createdAt: now,
        updatedAt: now,
        blockedReason: null,
        decidedAt: null,
        purgedAt: null,
        reportCachedAt: null,
        data,
      });
      this.deps.jobs.add(id, { kind: 'entity.create' });
      this.deps.audit('entity.create', id, `Entity application ${clientReference} captured`);
      return id;
    });
  }

  saveKyb(caseId: string, kyb: KybRequest): void {
    const c = this.requireEntity(caseId);
    this.checkEntity(c, { type: 'kyb' });
    this.tx(caseId, () => {
      c.data.kyb = { ...kyb, userID: kyb.userID ?? this.deps.currentUserId() ?? undefined };
      c.data.kybSynced = false;
      this.touch(c);
      this.enqueue(caseId, { kind: 'entity.kyb' });
      this.deps.audit('entity.kyb', caseId, 'KYB details saved');
    });
  }

  sanctionsReview(caseId: string, review: ReviewInput, screening: ScreeningAttestation): void {
    const c = this.requireEntity(caseId);
    this.checkEntity(c, { type: 'sanctions-review' });
    const subject = c.data.create.entityRegName;
    const attested = attest(
      c.data.sanctionsSearchResults,
      screening,
      review.adverseSearchKYC,
      subject,
      this.deps.currentUserId(),
      this.now(),
    );
    this.tx(caseId, () => {
      c.data.sanctionsReview = {
        adverseSearchKYC: attested.adverseSearchKYC,
        pepConfirmReviewed: review.pepConfirmReviewed,
      };
      c.data.sanctionsReviewRecord = attested.record;
      c.data.sanctionsReviewSynced = false;
      this.touch(c);
      this.enqueue(caseId, { kind: 'entity.sanctions-review' });
      this.auditDispositions(caseId, c.data.sanctionsSearchResults, attested.record, subject);
      this.deps.audit('entity.sanctions-review', caseId, 'Sanctions review recorded');
    });
  }

  private auditDispositions(
    caseId: string,
    results: Parameters<typeof dispositionLines>[0],
    record: Parameters<typeof dispositionLines>[1],
    subject: string,
  ): void {
    for (const line of dispositionLines(results, record, subject))
      this.deps.audit('screening.disposition', caseId, line);
  }

  saveUbo(caseId: string, uboId: string | undefined, body: UboBody): string {
    const c = this.requireEntity(caseId);
    if (uboId === undefined) {
      if (c.data.showOrganigram) {
        throw new DeskError(
          'not-allowed',
          'For this entity type people are added in the ownership tree, not one by one.',
        );
      }
      this.checkEntity(c, { type: 'ubo-create' });
      const id = randomUUID();
      return this.tx(caseId, () => {
        this.store.insertUbo({
          id,
          caseId,
          position: this.store.nextUboPosition(caseId),
          serverId: null,
          origin: 'manual',
          removed: false,
          // externalId lets an add whose answer was lost be found in the owner list again.
          data: newUboData({ ...body, externalId: body.externalId ?? id }, true),
        });
        this.deps.jobs.add(caseId, { kind: 'ubo.create', uboId: id });
        this.touch(c);
        this.deps.audit('ubo.create', caseId, `${personName(body)} added`);
        return id;
      });
    }
    const ubo = this.requireUbo(caseId, uboId);
    this.checkEntity(c, { type: 'ubo-update', uboId });
    return this.tx(caseId, () => {
      ubo.data.details = { ...body, externalId: body.externalId ?? ubo.data.details.externalId };
      ubo.data.detailsCompleted = true;
      ubo.data.detailsSynced = false;
      this.store.saveUbo(ubo);
      // A person not yet created on the service is sent whole by its create job.
      const creating = this.deps.jobs
        .ofCase(caseId)
        .some(
          (j) =>
            j.payload.kind === 'ubo.create' &&
            j.payload.uboId === uboId &&
            !j.maybeSent &&
            j.state === 'ready',
        );
      if (!creating) this.enqueue(caseId, { kind: 'ubo.update', uboId });
      this.touch(c);
      this.deps.audit('ubo.update', caseId, `Details of ${personName(body)} saved`);
      return uboId;
    });
  }

  removeUbo(caseId: string, uboId: string): void {
    const c = this.requireEntity(caseId);
    const ubo = this.requireUbo(caseId, uboId);
    if (c.data.showOrganigram)
      throw new DeskError('not-allowed', 'For this entity type people are removed in the ownership tree.');
    this.checkEntity(c, { type: 'ubo-delete', uboId });
    this.tx(caseId, () => {
      const jobs = this.deps.jobs.ofCase(caseId);
      const createJob = jobs.find((j) => j.payload.kind === 'ubo.create' && j.payload.uboId === uboId);
      const neverSent =
        ubo.serverId === null && (!createJob || (!createJob.maybeSent && createJob.state !== 'running'));
      // Drop the person's own queued work; their documents go with them.
      for (const j of jobs) {
        if ('uboId' in j.payload && j.payload.uboId === uboId && j.state !== 'running')
          this.deps.jobs.remove(j.id);
      }
      for (const d of this.store.listDocuments(caseId)) {
        if (d.owner.kind === 'ubo' && d.owner.uboId === uboId)
          this.store.saveDocumentState(d.id, { removed: true });
      }
      if (neverSent) this.store.deleteUbo(uboId);
      else {
        ubo.removed = true;
        this.store.saveUbo(ubo);
        this.deps.jobs.add(caseId, { kind: 'ubo.delete', uboId });
      }
      this.touch(c);
      this.deps.audit('ubo.delete', caseId, `${personName(ubo.data.details)} removed`);
    });
  }

  uboPepConfirm(caseId: string, uboId: string, review: ReviewInput, screening: ScreeningAttestation): void {
    const c = this.requireEntity(caseId);
    const ubo = this.requireUbo(caseId, uboId);
    this.checkEntity(c, { type: 'ubo-pep-confirm', uboId });
    const subject = personName(ubo.data.details);
    const attested = attest(
      ubo.data.screening,
      screening,
      review.adverseSearchKYC,
      subject,
      this.deps.currentUserId(),
      this.now(),
    );
    this.tx(caseId, () => {
      ubo.data.pepReview = {
        adverseSearchKYC: attested.adverseSearchKYC,
        pepConfirmReviewed: review.pepConfirmReviewed,
      };
      ubo.data.pepReviewRecord = attested.record;
      ubo.data.pepSynced = false;
      this.store.saveUbo(ubo);
      this.enqueue(caseId, { kind: 'ubo.pep-confirm', uboId });
      this.touch(c);
      this.auditDispositions(caseId, ubo.data.screening, attested.record, subject);
      this.deps.audit('ubo.pep-confirm', caseId, `PEP review of ${personName(ubo.data.details)} recorded`);
    });
  }

  uboConfirmDocs(caseId: string, uboId: string): void {
    const c = this.requireEntity(caseId);
    const ubo = this.requireUbo(caseId, uboId);
    this.checkEntity(c, { type: 'ubo-doc-confirm', uboId });
    if (ubo.data.docsConfirmRequested) return;
    this.tx(caseId, () => {
      ubo.data.docsConfirmRequested = true;
      this.store.saveUbo(ubo);
      this.deps.jobs.add(caseId, { kind: 'ubo.doc-confirm', uboId });
      this.touch(c);
      this.deps.audit('ubo.doc-confirm', caseId, `Documents of ${personName(ubo.data.details)} confirmed`);
    });
  }

  saveOrganigram(caseId: string, tree: OrganigramNodeRequest[]): void {
    const c = this.requireEntity(caseId);
    if (!c.data.showOrganigram)
      throw new DeskError('not-allowed', 'This entity type has a flat owner list, not an ownership tree.');
    if (c.data.organigramRequested)
      throw new DeskError('not-allowed', 'Organigram has already been finalised');
    if (tree[0]?.shareholderType !== 'Root') {
      throw new DeskError('invalid-input', 'entityOrganigram must be an array whose first node is the Root');
    }
    this.tx(caseId, () => {
      c.data.organigramDraft = tree;
      // Every Individual in the tree is a person whose loop can be captured now; the node guid is the local id.
      const people = new Map<string, OrganigramNodeRequest>();
      const visit = (n: OrganigramNodeRequest) => {
        if (n.shareholderType === 'Individual') people.set(n.guid, n);
        n.children.forEach(visit);
      };
      tree.forEach(visit);
      const existing = this.store.listUbos(caseId, true);
      for (const u of existing) {
        if (u.origin === 'organigram' && !people.has(u.id)) this.store.deleteUbo(u.id);
      }
      for (const [guid, node] of people) {
        const current = existing.find((u) => u.id === guid);
        if (current) {
          current.data.details.firstName = node.firstName ?? current.data.details.firstName;
          current.data.details.lastName = node.lastName ?? current.data.details.lastName;
          this.store.saveUbo(current);
          continue;
        }
        const linked = node.uboID ? existing.find((u) => u.serverId === node.uboID) : undefined;
        if (linked) continue;
        this.store.insertUbo({
          id: guid,
          caseId,
          position: this.store.nextUboPosition(caseId),
          serverId: null,
          origin: 'organigram',
          removed: false,
          data: newUboData(
            { firstName: node.firstName ?? '', lastName: node.lastName ?? '', isDirector: node.isDirector },
            false,
          ),
        });
      }
      this.touch(c);
      this.deps.audit('entity.organigram', caseId, 'Ownership tree saved');
    });
  }

  verifyOrganigram(caseId: string): void {
    const c = this.requireEntity(caseId);
    if (!c.data.organigramDraft) throw new DeskError('not-allowed', 'Draw the ownership tree first.');
    this.checkEntity(c, { type: 'verify-organigram' });
    this.tx(caseId, () => {
      c.data.organigramRequested = true;
      this.touch(c);
      this.deps.jobs.add(caseId, { kind: 'entity.verify-organigram' });
      this.deps.audit('entity.verify-organigram', caseId, 'Ownership tree sent for verification');
    });
  }

  confirmShareholding(caseId: string): void {
    const c = this.requireEntity(caseId);
    if (c.data.shareholdingRequested) return;
    this.checkEntity(c, { type: 'shareholding-confirm' });
    if (!c.data.showOrganigram) checkShareholdingTotal(this.store.listUbos(caseId));
    this.tx(caseId, () => {
      c.data.shareholdingRequested = true;
      this.touch(c);
      this.deps.jobs.add(caseId, { kind: 'entity.shareholding-confirm' });
      this.deps.audit('entity.shareholding-confirm', caseId, 'Shareholding confirmed');
    });
  }

  confirmEntityDocs(caseId: string): void {
    const c = this.requireEntity(caseId);
    if (c.data.docsConfirmRequested) return;
    this.checkEntity(c, { type: 'entity-doc-confirm' });
    this.tx(caseId, () => {
      c.data.docsConfirmRequested = true;
      this.touch(c);
      this.deps.jobs.add(caseId, { kind: 'entity.doc-confirm' });
      this.deps.audit('entity.doc-confirm', caseId, 'Entity documents confirmed');
    });
  }

  decideEntity(caseId: string, decision: EntityDecisionRequest, allowSelfApproval: boolean): void {
    const c = this.requireEntity(caseId);
    this.checkMakerChecker(c, decision.onboardingDecision, allowSelfApproval);
    this.checkHighRiskApproval(c.data.riskBand, {
      onboardingDecision: decision.onboardingDecision,
      comments: decision.approvedComments,
      nextReviewDate: decision.nextFicaReviewDate,
    });
    this.checkEntity(c, { type: 'decision', decision: decision.onboardingDecision });
    this.tx(caseId, () => {
      c.data.decisionBody = decision;
      c.data.decision = {
        onboardingDecision: decision.onboardingDecision,
        comments: decision.approvedComments ?? decision.declinedComments ?? decision.referComments ?? null,
        nextFicaReviewDate: decision.nextFicaReviewDate ?? null,
        decidedBy: this.deps.currentUserId(),
        decidedAt: this.now(),
        synced: false,
        source: 'here',
      };
      this.touch(c);
      if (decision.onboardingDecision === 'Declined') this.dropMootWork(caseId);
      this.enqueue(caseId, { kind: 'entity.decision' });
      this.deps.audit('entity.decision', caseId, `Decision: ${decision.onboardingDecision}`);
    });
  }

  /** A declined application takes no more changes: its queued work is stopped and shown, not sent. */
  private dropMootWork(caseId: string): void {
    const stopped = stopWorkOfDecidedCase(this.store, this.deps.jobs, caseId, stopReason('Declined', false));
    if (stopped > 0)
      this.deps.audit(
        'queue.stop',
        caseId,
        `${stopped} queued change(s) stopped because the application was declined`,
      );
  }

  private checkHighRiskApproval(
    band: RiskDescription,
    decision: { onboardingDecision: string; comments?: string; nextReviewDate?: string },
  ): void {
    const problems = highRiskApprovalProblems(band, decision, this.now());
    if (problems.length === 0) return;
    throw new DeskError(
      'invalid-input',
      `This client is rated High Risk. ${problems.map((p) => p.message).join(' ')}`,
      problems.map((p) => ({ path: p.field, message: p.message })),
    );
  }

  private checkMakerChecker(c: StoredCase, decision: string, allowSelfApproval: boolean): void {
    if (decision !== 'Approved' || allowSelfApproval) return;
    const user = this.deps.currentUserId();
    if (user !== null && c.createdBy !== null && user === c.createdBy) {
      throw new DeskError(
        'not-allowed',
        'The person who captured this application cannot approve it. Ask a reviewer.',
      );
    }
  }

  // ---- individual
  createIndividual(request: IndividualCreateRequest): string {
    const id = randomUUID();
    const clientRef = request.clientRef?.trim() || `FD-${id.slice(0, 8).toUpperCase()}`;
    const now = this.now();
    const data: IndividualData = {
      kind: 'individual',
      create: { ...request, clientRef },
      pendingUpdate: null,
      amlRequested: false,
      amlScreening: null,
      validationRequested: false,
      validationOverrides: null,
      externalValidation: null,
      pepDecision: null,
      pepReviewRecord: null,
      pepSynced: false,
      riskBand: 'Undetermined',
      riskReason: null,
      docsConfirmRequested: false,
      docsConfirmed: false,
      decisionBody: null,
      decision: null,
      bankVerification: null,
      reportVaultId: null,
      reportFingerprint: null,
    };
    return this.tx(id, () => {
      this.store.insertCase({
        id,
        kind: 'individual',
        profileId: this.deps.profileId(),
        title: personName(request),
        clientReference: clientRef,
        status: 'waiting',
        serverId: null,
        createdBy: this.deps.currentUserId(),
        createdAt: now,
        updatedAt: now,
        blockedReason: null,
        decidedAt: null,
        purgedAt: null,
        reportCachedAt: null,
        data,
      });
      this.deps.jobs.add(id, { kind: 'individual.create' });
      this.deps.audit('individual.create', id, `Individual application ${clientRef} captured`);
      return id;
    });
  }

  updateIndividual(caseId: string, changes: IndividualUpdateRequest): void {
    const c = this.requireIndividual(caseId);
    this.checkIndividual(c, { type: 'update' });
    this.tx(caseId, () => {
      c.data.pendingUpdate = { ...(c.data.pendingUpdate ?? {}), ...changes };
      // The update body names the phone `clientPhone`; the create body (what the case shows) `telNumber`.
      if (changes.firstName !== undefined) c.data.create.firstName = changes.firstName;
      if (changes.lastName !== undefined) c.data.create.lastName = changes.lastName;
      if (changes.clientEmail !== undefined) c.data.create.clientEmail = changes.clientEmail;
      if (changes.clientPhone !== undefined) c.data.create.telNumber = changes.clientPhone;
      if (changes.externalSystemId !== undefined) c.data.create.externalSystemId = changes.externalSystemId;
      c.title = personName(c.data.create);
      this.touch(c);
      this.enqueue(caseId, { kind: 'individual.update' });
      this.deps.audit('individual.update', caseId, 'Client details changed');
    });
  }

  runScreening(caseId: string): void {
    const c = this.requireIndividual(caseId);
    if (c.data.amlRequested) return;
    this.tx(caseId, () => {
      c.data.amlRequested = true;
      this.touch(c);
      this.deps.jobs.add(caseId, { kind: 'individual.aml-screening' });
      this.deps.audit('individual.aml-screening', caseId, 'AML screening requested');
    });
  }

  runValidation(caseId: string, overrides: ExternalValidationRequest | undefined): void {
    const c = this.requireIndividual(caseId);
    this.tx(caseId, () => {
      c.data.validationRequested = true;
      c.data.validationOverrides = overrides ?? null;
      this.touch(c);
      this.enqueue(caseId, { kind: 'individual.external-validation' });
      this.deps.audit('individual.external-validation', caseId, 'External validation requested');
    });
  }

  pepDecision(
    caseId: string,
    decision: {
      pepConfirmReviewed: boolean;
      adverseSearchKYC?: boolean;
      clientForeignOfficial: boolean;
      clientForeignOfficialType?: number;
      screening: ScreeningAttestation;
    },
  ): void {
    const c = this.requireIndividual(caseId);
    if (!c.data.amlRequested || !c.data.validationRequested) {
      throw new DeskError('not-allowed', 'Run the AML screening and the external validation first.');
    }
    if (c.data.docsConfirmRequested)
      throw new DeskError(
        'not-allowed',
        'The documents are already confirmed: the PEP decision can no longer change.',
      );
    this.checkIndividual(c, { type: 'pep-sanctions-decision' });
    const subject = personName(c.data.create);
    const attested = attest(
      c.data.amlScreening,
      decision.screening,
      decision.adverseSearchKYC,
      subject,
      this.deps.currentUserId(),
      this.now(),
    );
    this.tx(caseId, () => {
      c.data.pepDecision = {
        pepConfirmReviewed: decision.pepConfirmReviewed,
        adverseSearchKYC: attested.adverseSearchKYC,
        clientForeignOfficial: decision.clientForeignOfficial,
        clientForeignOfficialType: decision.clientForeignOfficialType ?? null,
      };
      c.data.pepReviewRecord = attested.record;
      c.data.pepSynced = false;
      this.touch(c);
      this.enqueue(caseId, { kind: 'individual.pep-decision' });
      this.auditDispositions(caseId, c.data.amlScreening, attested.record, subject);
      this.deps.audit('individual.pep-decision', caseId, 'PEP and sanctions decision recorded');
    });
  }

  confirmIndividualDocs(caseId: string): void {
    const c = this.requireIndividual(caseId);
    if (c.data.docsConfirmRequested) return;
    this.checkIndividual(c, { type: 'confirm-docs' });
    this.tx(caseId, () => {
      c.data.docsConfirmRequested = true;
      this.touch(c);
      this.deps.jobs.add(caseId, { kind: 'individual.confirm-docs' });
      this.deps.audit('individual.confirm-docs', caseId, 'Documents confirmed');
    });
  }

  decideIndividual(
    caseId: string,
    decision: {
      onboardingDecision: 'Approved' | 'Declined' | 'Refer' | 'In Progress';
      additionalComments?: string;
      nextFicaReviewDate?: string;
    },
    allowSelfApproval: boolean,
  ): void {
    const c = this.requireIndividual(caseId);
    this.checkMakerChecker(c, decision.onboardingDecision, allowSelfApproval);
    this.checkHighRiskApproval(c.data.riskBand, {
      onboardingDecision: decision.onboardingDecision,
      comments: decision.additionalComments,
      nextReviewDate: decision.nextFicaReviewDate,
    });
    this.checkIndividual(c, { type: 'decision', decision: decision.onboardingDecision });
    this.tx(caseId, () => {
      c.data.decisionBody = decision;
      c.data.decision = {
        onboardingDecision: decision.onboardingDecision,
        comments: decision.additionalComments ?? null,
        nextFicaReviewDate: decision.nextFicaReviewDate ?? null,
        decidedBy: this.deps.currentUserId(),
        decidedAt: this.now(),
        synced: false,
        source: 'here',
      };
      this.touch(c);
      if (decision.onboardingDecision === 'Declined') this.dropMootWork(caseId);
      this.enqueue(caseId, { kind: 'individual.decision' });
      this.deps.audit('individual.decision', caseId, `Decision: ${decision.onboardingDecision}`);
    });
  }

  // ---- documents
  addDocument(doc: NewDocument): StoredDocument {
    const c = this.requireCase(doc.caseId);
    if (doc.owner.kind === 'ubo') this.requireUbo(doc.caseId, doc.owner.uboId);
    if (doc.owner.kind === 'individual' && c.kind !== 'individual')
      throw new DeskError('invalid-input', 'This case has no individual client.');
    if (doc.owner.kind !== 'individual' && c.kind !== 'entity')
      throw new DeskError('invalid-input', 'This case is not an entity application.');
    if (doc.owner.kind !== 'individual' && doc.pairs.length !== 1) {
      throw new DeskError('invalid-input', 'An entity or owner document serves exactly one document type.');
    }
    const stored: StoredDocument = {
      id: randomUUID(),
      ...doc,
      state: 'queued',
      error: null,
      serverIds: [],
      capturedAt: this.now(),
      removed: false,
    };
    return this.tx(doc.caseId, () => {
      this.store.insertDocument(stored);
      const payload: JobPayload =
        doc.owner.kind === 'ubo'
          ? { kind: 'ubo.doc-upload', uboId: doc.owner.uboId, documentId: stored.id }
          : doc.owner.kind === 'entity'
            ? { kind: 'entity.doc-upload', documentId: stored.id }
            : { kind: 'individual.doc-upload', documentId: stored.id };
      this.deps.jobs.add(doc.caseId, payload);
      this.touch(c);
      this.deps.audit(
        'document.capture',
        doc.caseId,
        `Document captured (${doc.pageCount} page${doc.pageCount === 1 ? '' : 's'})`,
      );
      return stored;
    });
  }

  /** Before upload the file and its job go; after upload the service's copy is deleted by a job. */
  removeDocument(documentId: string): { vaultIdToPurge: string | null } {
    const doc = this.store.getDocument(documentId);
    if (!doc || doc.removed) throw new DeskError('not-found', 'This document does not exist on this laptop.');
    const c = this.requireCase(doc.caseId);
    return this.tx(doc.caseId, () => {
      const upload = this.deps.jobs
        .ofCase(doc.caseId)
        .find(
          (j) =>
            'documentId' in j.payload &&
            j.payload.documentId === documentId &&
            j.payload.kind !== 'document.delete',
        );
      if (upload?.state === 'running')
        throw new DeskError('conflict', 'This document is being sent right now. Try again in a moment.');
      // Removing the document the service refused fixes what stopped the case: its banner goes,
      // and the case's other items go on, unless something else of it failed too.
      const clearsRefusal = (): void => {
        if (upload?.state !== 'failed') return;
        if (this.deps.jobs.ofCase(doc.caseId).some((j) => j.state === 'failed')) return;
        c.blockedReason = null;
      };
      if (upload && !upload.maybeSent && doc.serverIds.length === 0) {
        this.deps.jobs.remove(upload.id);
        this.store.deleteDocument(documentId);
        clearsRefusal();
        this.touch(c);
        this.deps.audit('document.remove', doc.caseId, 'Document removed before upload');
        return { vaultIdToPurge: doc.vaultId };
      }
      if (upload) this.deps.jobs.remove(upload.id);
      clearsRefusal();
      this.store.saveDocumentState(documentId, { state: 'removing', removed: true });
      this.deps.jobs.add(doc.caseId, {
        kind: 'document.delete',
        documentId,
        uboId: doc.owner.kind === 'ubo' ? doc.owner.uboId : null,
      });
      this.touch(c);
      this.deps.audit('document.remove', doc.caseId, 'Document removal queued');
      return { vaultIdToPurge: null };
    });
  }
}

export function newUboData(details: UboData['details'], completed: boolean): UboData {
  return {
    details,
    detailsCompleted: completed,
    detailsSynced: false,
    screening: null,
    pepReview: null,
    pepReviewRecord: null,
    pepSynced: false,
    riskStatus: 'Undetermined',
    riskReason: null,
    docsConfirmRequested: false,
    docsConfirmed: false,
  };
}
