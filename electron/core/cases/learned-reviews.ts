// Screening reviews a person recorded on the service from another laptop: the entity's sanctions
// review, a person's PEP review, an individual's PEP and sanctions decision. Work imported from an
// archive can be older than the service (the laptop that exported it went on sending); the review
// is then taken from the service rather than asked for again. Only where nothing of this laptop's
// own would set it: no review recorded here and none queued. A review is never made up: it is
// learned only once the service says a person recorded it, with the results it was made on.
import { personName } from '../../../shared/domain/index.js';
import type { JobKind } from '../jobs/job-kinds.js';
import type { JobStore } from '../jobs/job-store.js';
import type { CaseStore } from './case-store.js';
import type { ServiceReviews } from './service-snapshot.js';

const NOT_ASKED = 'taken from there, not asked again';

/** Records the reviews the service has and this laptop lacks. Call in a transaction; answers whether any was. */
export function learnReviews(
  store: Pick<CaseStore, 'cases' | 'people'>,
  jobs: JobStore,
  caseId: string,
  reviews: ServiceReviews,
  note: (action: string, message: string) => void,
): boolean {
  const c = store.cases.getCase(caseId);
  if (!c) return false;
  const queued = jobs.ofCase(caseId).map((j) => j.payload);
  const pending = (kind: JobKind, uboId?: string) =>
    queued.some((p) => p.kind === kind && (uboId === undefined || ('uboId' in p && p.uboId === uboId)));
  let learned = false;
  const d = c.data;
  if (
    d.kind === 'entity' &&
    reviews.entity &&
    d.sanctionsReview === null &&
    !pending('entity.sanctions-review')
  ) {
    d.sanctionsReview = { pepConfirmReviewed: true, adverseSearchKYC: reviews.entity.adverseSearchKYC };
    d.sanctionsReviewSynced = true;
    d.sanctionsSearchResults ??= reviews.entity.results;
    note('review.learned', `The sanctions review is already recorded on the service: ${NOT_ASKED}`);
    learned = true;
  }
  if (
    d.kind === 'individual' &&
    reviews.individual &&
    d.pepDecision === null &&
    !pending('individual.pep-decision')
  ) {
    d.pepDecision = reviews.individual.decision;
    d.pepSynced = true;
    if (d.amlScreening === null && !pending('individual.aml-screening')) {
      d.amlScreening = reviews.individual.amlScreening;
      d.amlRequested ||= d.amlScreening !== null;
    }
    if (d.externalValidation === null && !pending('individual.external-validation')) {
      d.externalValidation = reviews.individual.externalValidation;
      d.validationRequested ||= d.externalValidation !== null;
    }
    note('review.learned', `The PEP and sanctions decision is already recorded on the service: ${NOT_ASKED}`);
    learned = true;
  }
  if (learned) {
    c.updatedAt = new Date().toISOString();
    store.cases.saveCase(c);
  }
  for (const person of reviews.people) {
    const ubo = store.people.getUbo(person.uboId);
    if (!ubo || ubo.removed || ubo.data.pepReview !== null || pending('ubo.pep-confirm', ubo.id)) continue;
    ubo.data.pepReview = { pepConfirmReviewed: true, adverseSearchKYC: person.adverseSearchKYC };
    ubo.data.pepSynced = true;
    ubo.data.screening ??= person.results;
    if (person.band) ubo.data.riskStatus = person.band;
    if (person.riskReason !== null) ubo.data.riskReason = person.riskReason;
    store.people.saveUbo(ubo);
    note(
      'review.learned',
      `The PEP review of ${personName(ubo.data.details)} is already recorded on the service: ${NOT_ASKED}`,
    );
    learned = true;
  }
  return learned;
}
