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
import type { CaseCommandKit, IndividualCase } from './case-commands.js';

export class IndividualCommands {
  constructor(private readonly kit: CaseCommandKit) {}

  createIndividual(request: IndividualCreateRequest): string {
    const id = randomUUID();
    const clientRef = request.clientRef?.trim() || `FD-${id.slice(0, 8).toUpperCase()}`;
    const data: IndividualData = {
      kind: 'individual',
      // The service records who captured the client: the signed-in person, whatever the screen sent.
      create: { ...request, clientRef, userID: this.kit.userId() ?? undefined },
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
    this.kit.record(id, {
      write: () =>
        this.kit.insertNewCase({
          id,
          kind: 'individual',
          title: personName(request),
          clientReference: clientRef,
          data,
        }),
      job: { add: { kind: 'individual.create' } },
      audit: ['individual.create', `Individual application ${clientRef} captured`],
    });
    return id;
  }

  updateIndividual(caseId: string, changes: IndividualUpdateRequest): void {
    const c = this.kit.requireIndividual(caseId);
    this.kit.gate(c, { type: 'update' });
    this.kit.record(caseId, {
      write: () => this.writeUpdate(c, changes),
      touches: c,
      job: { addUnlessWaiting: { kind: 'individual.update' } },
      audit: ['individual.update', 'Client details changed'],
    });
  }

  /** The changes wait to be sent as one update; the case shows them at once. */
  private writeUpdate(c: IndividualCase, changes: IndividualUpdateRequest): void {
    c.data.pendingUpdate = { ...(c.data.pendingUpdate ?? {}), ...changes };
    // The update body names the phone `clientPhone`; the create body (what the case shows) `telNumber`.
    if (changes.firstName !== undefined) c.data.create.firstName = changes.firstName;
    if (changes.lastName !== undefined) c.data.create.lastName = changes.lastName;
    if (changes.clientEmail !== undefined) c.data.create.clientEmail = changes.clientEmail;
    if (changes.clientPhone !== undefined) c.data.create.telNumber = changes.clientPhone;
    if (changes.externalSystemId !== undefined) c.data.create.externalSystemId = changes.externalSystemId;
    c.title = personName(c.data.create);
  }

  runScreening(caseId: string): void {
    const c = this.kit.requireIndividual(caseId);
    if (c.data.amlRequested) return;
    this.kit.gate(c, { type: 'aml-screening' });
    this.kit.record(caseId, {
      write: () => (c.data.amlRequested = true),
      touches: c,
      job: { add: { kind: 'individual.aml-screening' } },
      audit: ['individual.aml-screening', 'AML screening requested'],
    });
  }

  runValidation(caseId: string, overrides: ExternalValidationRequest | undefined): void {
    const c = this.kit.requireIndividual(caseId);
    this.kit.gate(c, { type: 'external-validation' });
    this.kit.record(caseId, {
      write: () => {
        c.data.validationRequested = true;
        c.data.validationOverrides = overrides ?? null;
      },
      touches: c,
      job: { addUnlessWaiting: { kind: 'individual.external-validation' } },
      audit: ['individual.external-validation', 'External validation requested'],
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
    this.kit.record(caseId, {
      write: () => {
        c.data.pepDecision = {
          pepConfirmReviewed: decision.pepConfirmReviewed,
          adverseSearchKYC: attested.adverseSearchKYC,
          clientForeignOfficial: decision.clientForeignOfficial,
          clientForeignOfficialType: decision.clientForeignOfficialType ?? null,
        };
        c.data.pepReviewRecord = attested.record;
        c.data.pepSynced = false;
      },
      touches: c,
      job: { addUnlessWaiting: { kind: 'individual.pep-decision' } },
      dispositions: { results: c.data.amlScreening, record: attested.record, subject },
      audit: ['individual.pep-decision', 'PEP and sanctions decision recorded'],
    });
  }

  confirmIndividualDocs(caseId: string): void {
    const c = this.kit.requireIndividual(caseId);
    if (c.data.docsConfirmRequested) return;
    this.kit.gate(c, { type: 'confirm-docs' });
    this.kit.record(caseId, {
      write: () => (c.data.docsConfirmRequested = true),
      touches: c,
      job: { add: { kind: 'individual.confirm-docs' } },
      audit: ['individual.confirm-docs', 'Documents confirmed'],
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
    this.kit.record(caseId, {
      write: () => {
        c.data.decisionBody = decision;
        c.data.decision = {
          onboardingDecision: decision.onboardingDecision,
          comments: decision.additionalComments ?? null,
          nextFicaReviewDate: decision.nextFicaReviewDate ?? null,
          decidedBy: this.kit.userId(),
          decidedAt: this.kit.now(),
          synced: false,
          source: 'here',
        };
      },
      touches: c,
      decision: decision.onboardingDecision,
      job: { addUnlessWaiting: { kind: 'individual.decision' } },
      audit: ['individual.decision', `Decision: ${decision.onboardingDecision}`],
    });
  }
}
