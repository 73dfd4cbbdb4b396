// What a person does to an entity application: create it, its business details, the sanctions
// review, the ownership tree, shareholding, the entity's documents confirmation and the decision.
import { randomUUID } from 'node:crypto';
import type {
  EntityCreateRequest,
  EntityDecisionRequest,
  KybRequest,
  OrganigramNodeRequest,
} from '../../../shared/api/index.js';
import { decisionComment } from '../../../shared/domain/decision-comments.js';
import type { ScreeningAttestation } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { noReviewYet, type EntityData } from './case-data.js';
import type { CaseCommandKit, EntityCase } from './case-commands.js';
import type { ReviewInput } from './review-input.js';
import { newUboData } from './ubo-data.js';
import { checkShareholdingTotal } from './shareholding-check.js';

export class EntityCommands {
  constructor(private readonly kit: CaseCommandKit) {}

  createEntity(request: EntityCreateRequest): string {
    const type = this.kit.lookups().entityTypes.find((t) => t.id === request.entityType);
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
      ...noReviewYet(),
    };
    this.kit.record(id, {
      write: () =>
        this.kit.insertNewCase({ id, kind: 'entity', title: request.entityRegName, clientReference, data }),
      job: { add: { kind: 'entity.create' } },
      audit: ['entity.create', `Entity application ${clientReference} captured`],
    });
    return id;
  }

  saveKyb(caseId: string, kyb: KybRequest): void {
    const c = this.kit.requireEntity(caseId);
    this.kit.gate(c, { type: 'kyb' });
    this.kit.record(caseId, {
      write: () => {
        c.data.kyb = { ...kyb, userID: kyb.userID ?? this.kit.userId() ?? undefined };
        c.data.kybSynced = false;
      },
      touches: c,
      job: { addUnlessWaiting: { kind: 'entity.kyb' } },
      audit: ['entity.kyb', 'KYB details saved'],
    });
  }

  sanctionsReview(caseId: string, review: ReviewInput, screening: ScreeningAttestation): void {
    const c = this.kit.requireEntity(caseId);
    this.kit.gate(c, { type: 'sanctions-review' });
    const subject = c.data.create.entityRegName;
    const attested = this.kit.attest(
      c.data.sanctionsSearchResults,
      screening,
      review.adverseSearchKYC,
      subject,
    );
    this.kit.record(caseId, {
      write: () => {
        c.data.sanctionsReview = {
          adverseSearchKYC: attested.adverseSearchKYC,
          pepConfirmReviewed: review.pepConfirmReviewed,
        };
        c.data.sanctionsReviewRecord = attested.record;
        c.data.sanctionsReviewSynced = false;
      },
      touches: c,
      job: { addUnlessWaiting: { kind: 'entity.sanctions-review' } },
      dispositions: { results: c.data.sanctionsSearchResults, record: attested.record, subject },
      audit: ['entity.sanctions-review', 'Sanctions review recorded'],
    });
  }

  saveOrganigram(caseId: string, tree: OrganigramNodeRequest[]): void {
    const c = this.kit.requireEntity(caseId);
    if (!c.data.showOrganigram)
      throw new DeskError('not-allowed', 'This entity type has a flat owner list, not an ownership tree.');
    if (c.data.organigramRequested)
      throw new DeskError('not-allowed', 'Organigram has already been finalised');
    if (tree[0]?.shareholderType !== 'Root') {
      throw new DeskError('invalid-input', 'entityOrganigram must be an array whose first node is the Root');
    }
    this.kit.record(caseId, {
      write: () => this.writeOrganigram(c, tree),
      touches: c,
      audit: ['entity.organigram', 'Ownership tree saved'],
    });
  }

  /** The tree's people become the case's owners: added, renamed or gone with their nodes. */
  private writeOrganigram(c: EntityCase, tree: OrganigramNodeRequest[]): void {
    const caseId = c.id;
    c.data.organigramDraft = tree;
    // Every Individual in the tree is a person whose loop can be captured now; the node guid is the local id.
    const people = new Map<string, OrganigramNodeRequest>();
    const visit = (n: OrganigramNodeRequest) => {
      if (n.shareholderType === 'Individual') people.set(n.guid, n);
      n.children.forEach(visit);
    };
    tree.forEach(visit);
    const existing = this.kit.store.people.listUbos(caseId, true);
    for (const u of existing) {
      if (u.origin === 'organigram' && !people.has(u.id)) this.kit.store.people.deleteUbo(u.id);
    }
    for (const [guid, node] of people) {
      const current = existing.find((u) => u.id === guid);
      if (current) {
        current.data.details.firstName = node.firstName ?? current.data.details.firstName;
        current.data.details.lastName = node.lastName ?? current.data.details.lastName;
        this.kit.store.people.saveUbo(current);
        continue;
      }
      const linked = node.uboID ? existing.find((u) => u.serverId === node.uboID) : undefined;
      if (linked) continue;
      this.kit.store.people.insertUbo({
        id: guid,
        caseId,
        position: this.kit.store.people.nextUboPosition(caseId),
        serverId: null,
        origin: 'organigram',
        removed: false,
        data: newUboData(
          { firstName: node.firstName ?? '', lastName: node.lastName ?? '', isDirector: node.isDirector },
          false,
        ),
      });
    }
  }

  verifyOrganigram(caseId: string): void {
    const c = this.kit.requireEntity(caseId);
    if (!c.data.organigramDraft) throw new DeskError('not-allowed', 'Draw the ownership tree first.');
    this.kit.gate(c, { type: 'verify-organigram' });
    this.kit.record(caseId, {
      write: () => (c.data.organigramRequested = true),
      touches: c,
      job: { add: { kind: 'entity.verify-organigram' } },
      audit: ['entity.verify-organigram', 'Ownership tree sent for verification'],
    });
  }

  confirmShareholding(caseId: string): void {
    const c = this.kit.requireEntity(caseId);
    if (c.data.shareholdingRequested) return;
    this.kit.gate(c, { type: 'shareholding-confirm' });
    if (!c.data.showOrganigram) checkShareholdingTotal(this.kit.store.people.listUbos(caseId));
    this.kit.record(caseId, {
      write: () => (c.data.shareholdingRequested = true),
      touches: c,
      job: { add: { kind: 'entity.shareholding-confirm' } },
      audit: ['entity.shareholding-confirm', 'Shareholding confirmed'],
    });
  }

  confirmEntityDocs(caseId: string): void {
    const c = this.kit.requireEntity(caseId);
    if (c.data.docsConfirmRequested) return;
    this.kit.gate(c, { type: 'entity-doc-confirm' });
    this.kit.record(caseId, {
      write: () => (c.data.docsConfirmRequested = true),
      touches: c,
      job: { add: { kind: 'entity.doc-confirm' } },
      audit: ['entity.doc-confirm', 'Entity documents confirmed'],
    });
  }

  decideEntity(caseId: string, decision: EntityDecisionRequest): void {
    const c = this.kit.requireEntity(caseId);
    this.kit.checkDecision(c, {
      onboardingDecision: decision.onboardingDecision,
      comments: decisionComment(decision.onboardingDecision, decision),
      nextReviewDate: decision.nextFicaReviewDate,
    });
    this.kit.record(caseId, {
      write: () => {
        c.data.decisionBody = decision;
        c.data.decision = {
          onboardingDecision: decision.onboardingDecision,
          comments: decisionComment(decision.onboardingDecision, decision) ?? null,
          nextFicaReviewDate: decision.nextFicaReviewDate ?? null,
          decidedBy: this.kit.userId(),
          decidedAt: this.kit.now(),
          synced: false,
          source: 'here',
        };
      },
      touches: c,
      decision: decision.onboardingDecision,
      job: { addUnlessWaiting: { kind: 'entity.decision' } },
      audit: ['entity.decision', `Decision: ${decision.onboardingDecision}`],
    });
  }
}
