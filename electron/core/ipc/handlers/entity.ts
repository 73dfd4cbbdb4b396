// What a person does to an entity application and its people, each answered with the case as it
// now shows.
import type { CaseService } from '../../cases/case-service.js';
import type { CaseViews } from '../../cases/case-views.js';
import type { ReviewRecords } from '../../documents/review-records.js';
import { caseDetail, type HandlersOf } from './group.js';

export interface EntityHandlerDeps {
  cases: Pick<CaseService, 'entities' | 'people'>;
  views: Pick<CaseViews, 'detail'>;
  reviewRecords: Pick<ReviewRecords, 'made' | 'settled'>;
}

export function entityHandlers({ cases, views, reviewRecords }: EntityHandlerDeps): HandlersOf<'entity'> {
  const { entities, people } = cases;
  const detail = (caseId: string) => caseDetail(views, caseId);
  return {
    'entity.create': (input) => ({ caseId: entities.createEntity(input) }),
    'entity.saveKyb': ({ caseId, kyb }) => {
      entities.saveKyb(caseId, kyb);
      return detail(caseId);
    },
    // A review (or check) recorded here goes to reviewers elsewhere in its review record, made
    // and queued before the answer.
    'entity.sanctionsReview': async ({ caseId, review, screening }) => {
      entities.sanctionsReview(caseId, review, screening);
      await reviewRecords.made(caseId);
      return detail(caseId);
    },
    'entity.saveUbo': ({ caseId, uboId, body }) => {
      const id = people.saveUbo(caseId, uboId, body);
      return { uboId: id, case: detail(caseId) };
    },
    'entity.removeUbo': ({ caseId, uboId }) => {
      people.removeUbo(caseId, uboId);
      return detail(caseId);
    },
    'entity.uboPepConfirm': async ({ caseId, uboId, review, screening }) => {
      people.uboPepConfirm(caseId, uboId, review, screening);
      await reviewRecords.made(caseId);
      return detail(caseId);
    },
    // A confirmation closes its owner's documents on the service: the review records being made
    // for the case join them first.
    'entity.uboConfirmDocs': async ({ caseId, uboId }) => {
      await reviewRecords.settled();
      people.uboConfirmDocs(caseId, uboId);
      return detail(caseId);
    },
    'entity.saveOrganigram': ({ caseId, tree }) => {
      entities.saveOrganigram(caseId, tree);
      return detail(caseId);
    },
    'entity.verifyOrganigram': async ({ caseId }) => {
      entities.verifyOrganigram(caseId);
      await reviewRecords.made(caseId);
      return detail(caseId);
    },
    'entity.confirmShareholding': async ({ caseId }) => {
      entities.confirmShareholding(caseId);
      await reviewRecords.made(caseId);
      return detail(caseId);
    },
    'entity.confirmDocs': async ({ caseId }) => {
      await reviewRecords.settled();
      entities.confirmEntityDocs(caseId);
      return detail(caseId);
    },
    'entity.decide': ({ caseId, decision }) => {
      entities.decideEntity(caseId, decision);
      return detail(caseId);
    },
  };
}
