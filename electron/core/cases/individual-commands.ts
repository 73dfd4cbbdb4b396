// What a person does to an individual application: create it, change its details, ask for the
// screening and the bureau's validation, the PEP and sanctions decision, the documents confirmation
// and the decision.
import { randomUUID } from 'node:crypto';
import type {
  ExternalValidationRequest,
  IndividualCreateRequest,
  IndividualUpdateRequest,
} from '../../../shared/api/index.js';
import type { ScreeningAttestation } from '../../../shared/domain/index.js';
import { personName } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { noReviewYet, type IndividualData } from './case-data.js';
import type { CaseCommandKit } from './case-commands.js';

export class IndividualCommands {
  constructor(private readonly kit: CaseCommandKit) {}

  createIndividual(request: IndividualCreateRequest): string {
    const id = randomUUID();
    const clientRef = request.clientRef?.trim() || `FD-${id.slice(0, 8).toUpperCase()}`;
    const data: IndividualData = {
      kind: 'individual',
      // The service records who captured the client: the signed-in person, whatever the screen sent.
      create: { ...request, clientRef, userID: this.kit.deps.currentUserId() ?? undefined },
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
      ...noReviewYet(),
    };
    return this.kit.tx(id, () => {
      this.kit.insertNewCase({
        id,
        kind: 'individual',
        title: personName(request),
        clientReference: clientRef,
        data,
      });
      this.kit.deps.jobs.add(id, { kind: 'individual.create' });
      this.kit.deps.audit('individual.create', id, `Individual application ${clientRef} captured`);
      return id;
    });
  }

  updateIndividual(caseId: string, changes: IndividualUpdateRequest): void {
    const c = this.kit.requireIndividual(caseId);
    this.kit.gate(c, { type: 'update' });
    this.kit.tx(caseId, () => {
      c.data.pendingUpdate = { ...(c.data.pendingUpdate ?? {}), ...changes };
      // The update body names the phone `clientPhone`; the create body (what the case shows) `telNumber`.
      if (changes.firstName !== undefined) c.data.create.firstName = changes.firstName;
      if (changes.lastName !== undefined) c.data.create.lastName = changes.lastName;
      if (changes.clientEmail !== undefined) c.data.create.clientEmail = changes.clientEmail;
      if (changes.clientPhone !== undefined) c.data.create.telNumber = changes.clientPhone;
      if (changes.externalSystemId !== undefined) c.data.create.externalSystemId = changes.externalSystemId;
      c.title = personName(c.data.create);
      this.kit.touch(c);
      this.kit.enqueue(caseId, { kind: 'individual.update' });
      this.kit.deps.audit('individual.update', caseId, 'Client details changed');
    });
  }

  runScreening(caseId: string): void {
    const c = this.kit.requireIndividual(caseId);
    if (c.data.amlRequested) return;
    this.kit.gate(c, { type: 'aml-screening' });
    this.kit.tx(caseId, () => {
      c.data.amlRequested = true;
      this.kit.touch(c);
      this.kit.deps.jobs.add(caseId, { kind: 'individual.aml-screening' });
      this.kit.deps.audit('individual.aml-screening', caseId, 'AML screening requested');
    });
  }

  runValidation(caseId: string, overrides: ExternalValidationRequest | undefined): void {
    const c = this.kit.requireIndividual(caseId);
    this.kit.gate(c, { type: 'external-validation' });
    this.kit.tx(caseId, () => {
      c.data.validationRequested = true;
      c.data.validationOverrides = overrides ?? null;
      this.kit.touch(c);
      this.kit.enqueue(caseId, { kind: 'individual.external-validation' });
      this.kit.deps.audit('individual.external-validation', caseId, 'External validation requested');
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
    const c = this.kit.requireIndividual(caseId);
    if (!c.data.amlRequested || !c.data.validationRequested) {
      throw new DeskError('not-allowed', 'Run the AML screening and the external validation first.');
    }
    if (c.data.docsConfirmRequested)
      throw new DeskError(
        'not-allowed',
        'The documents are already confirmed: the PEP decision can no longer change.',
      );
    this.kit.gate(c, { type: 'pep-sanctions-decision' });
    const subject = personName(c.data.create);
    const attested = this.kit.attest(
      c.data.amlScreening,
      decision.screening,
      decision.adverseSearchKYC,
      subject,
    );
    this.kit.tx(caseId, () => {
      c.data.pepDecision = {
        pepConfirmReviewed: decision.pepConfirmReviewed,
        adverseSearchKYC: attested.adverseSearchKYC,
        clientForeignOfficial: decision.clientForeignOfficial,
        clientForeignOfficialType: decision.clientForeignOfficialType ?? null,
      };
      c.data.pepReviewRecord = attested.record;
      c.data.pepSynced = false;
      this.kit.touch(c);
      this.kit.enqueue(caseId, { kind: 'individual.pep-decision' });
      this.kit.auditDispositions(caseId, c.data.amlScreening, attested.record, subject);
      this.kit.deps.audit('individual.pep-decision', caseId, 'PEP and sanctions decision recorded');
    });
  }

  confirmIndividualDocs(caseId: string): void {
    const c = this.kit.requireIndividual(caseId);
    if (c.data.docsConfirmRequested) return;
    this.kit.gate(c, { type: 'confirm-docs' });
    this.kit.tx(caseId, () => {
      c.data.docsConfirmRequested = true;
      this.kit.touch(c);
      this.kit.deps.jobs.add(caseId, { kind: 'individual.confirm-docs' });
      this.kit.deps.audit('individual.confirm-docs', caseId, 'Documents confirmed');
    });
  }

  decideIndividual(
    caseId: string,
    decision: {
      onboardingDecision: 'Approved' | 'Declined' | 'Refer' | 'In Progress';
      additionalComments?: string;
      nextFicaReviewDate?: string;
    },
  ): void {
    const c = this.kit.requireIndividual(caseId);
    this.kit.checkDecision(c, {
      onboardingDecision: decision.onboardingDecision,
      comments: decision.additionalComments,
      nextReviewDate: decision.nextFicaReviewDate,
    });
    this.kit.tx(
      caseId,
      () => {
        c.data.decisionBody = decision;
        c.data.decision = {
          onboardingDecision: decision.onboardingDecision,
          comments: decision.additionalComments ?? null,
          nextFicaReviewDate: decision.nextFicaReviewDate ?? null,
          decidedBy: this.kit.deps.currentUserId(),
          decidedAt: this.kit.now(),
          synced: false,
          source: 'here',
        };
        this.kit.touch(c);
        if (decision.onboardingDecision === 'Declined') this.kit.dropMootWork(caseId);
        this.kit.enqueue(caseId, { kind: 'individual.decision' });
        this.kit.deps.audit('individual.decision', caseId, `Decision: ${decision.onboardingDecision}`);
      },
      { decides: true },
    );
  }
}
