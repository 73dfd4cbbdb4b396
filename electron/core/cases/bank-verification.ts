// An individual's bank account, checked by the service's bank verification and kept on the case
// (the last answer shows with it). Needs the client on the service and a connection.
import type { BankAccountVerificationRequest } from '../../../shared/api/index.js';
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ServiceClient } from '../api/client.js';
import type { IndividualCase } from './case-commands.js';
import type { CaseStore } from './case-store.js';

export interface BankVerificationDeps {
  store: Pick<CaseStore, 'db' | 'cases'>;
  requireIndividual: (caseId: string) => IndividualCase;
  /** The active environment's client; throws (offline) when there is none. */
  api: () => ServiceClient;
  audit: (action: string, caseId: string | null, detail: string) => void;
}

export class BankVerification {
  constructor(private readonly deps: BankVerificationDeps) {}

  async verify(
    caseId: string,
    request: BankAccountVerificationRequest,
  ): Promise<ChannelOutput<'individual.verifyBankAccount'>> {
    const c = this.deps.requireIndividual(caseId);
    if (!c.serverId)
      throw new DeskError(
        'conflict',
        'The client is not on the service yet: verify the account once it has been sent.',
      );
    const answer = await this.deps.api().verifyBankAccount(c.serverId, request);
    this.deps.store.db.transaction(() => {
      const fresh = this.deps.requireIndividual(caseId);
      fresh.data.bankVerification = answer;
      this.deps.store.cases.saveCase(fresh);
    })();
    this.deps.audit(
      'individual.bank-verification',
      caseId,
      answer.verified ? 'Bank account verified' : 'Bank account not verified',
    );
    return answer;
  }
}
