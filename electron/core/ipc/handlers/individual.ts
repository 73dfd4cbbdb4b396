// What a person does to an individual application, each answered with the case as it now shows
// (the bank account check with the service's answer).
import type { BankVerification } from '../../cases/bank-verification.js';
import type { CaseService } from '../../cases/case-service.js';
import type { CaseViews } from '../../cases/case-views.js';
import type { ReviewRecords } from '../../documents/review-records.js';
import { caseDetail, type HandlersOf } from './group.js';

export interface IndividualHandlerDeps {
  cases: Pick<CaseService, 'individuals'>;
  views: Pick<CaseViews, 'detail'>;
  reviewRecords: Pick<ReviewRecords, 'made' | 'settled'>;
  bank: Pick<BankVerification, 'verify'>;
}

export function individualHandlers({
  cases,
  views,
  reviewRecords,
  bank,
}: IndividualHandlerDeps): HandlersOf<'individual'> {
  const { individuals } = cases;
  const detail = (caseId: string) => caseDetail(views, caseId);
  return {
    'individual.create': (input) => ({ caseId: individuals.createIndividual(input) }),
    'individual.update': ({ caseId, changes }) => {
      individuals.updateIndividual(caseId, changes);
      return detail(caseId);
    },
    'individual.runScreening': ({ caseId }) => {
      individuals.runScreening(caseId);
      return detail(caseId);
    },
    'individual.runValidation': ({ caseId, overrides }) => {
      individuals.runValidation(caseId, overrides);
      return detail(caseId);
    },
    'individual.pepDecision': async ({ caseId, ...decision }) => {
      individuals.pepDecision(caseId, decision);
      await reviewRecords.made(caseId);
      return detail(caseId);
    },
    'individual.confirmDocs': async ({ caseId }) => {
      await reviewRecords.settled();
      individuals.confirmIndividualDocs(caseId);
      return detail(caseId);
    },
    'individual.decide': ({ caseId, ...decision }) => {
      individuals.decideIndividual(caseId, decision);
      return detail(caseId);
    },
    'individual.verifyBankAccount': async ({ caseId, request }) => {
      const answer = await bank.verify(caseId, request);
      await reviewRecords.made(caseId);
      return answer;
    },
  };
}
