// The cases this laptop holds: the list, one case opened (read from the service first when online),
// and a page of its documents.
import type { CaseRefresh } from '../../cases/case-refresh.js';
import type { CaseViews } from '../../cases/case-views.js';
import type { ReviewRecords } from '../../documents/review-records.js';
import { caseDetail, type HandlersOf } from './group.js';

export interface CaseHandlerDeps {
  views: Pick<CaseViews, 'list' | 'detail' | 'documents'>;
  activeProfileId(): string | null;
  /** Reads opened cases back from the service in the background. */
  caseRefresh: Pick<CaseRefresh, 'opened'>;
  /** Makes the review records a case's subjects carry to the service. */
  reviewRecords: Pick<ReviewRecords, 'opened'>;
}

export function caseHandlers({
  views,
  activeProfileId,
  caseRefresh,
  reviewRecords,
}: CaseHandlerDeps): HandlersOf<'cases'> {
  return {
    'cases.list': (request) => {
      const activeId = activeProfileId();
      return activeId ? views.list(activeId, request) : { cases: [], total: 0, needsReview: 0 };
    },
    'cases.get': async ({ caseId, fresh }) => {
      caseDetail(views, caseId);
      // Read from the service first when online (bounded); a slower answer arrives as a case.changed.
      await caseRefresh.opened(caseId, { fresh: fresh === true });
      reviewRecords.opened(caseId);
      return caseDetail(views, caseId);
    },
    'cases.documents': (request) => views.documents(request),
  };
}
