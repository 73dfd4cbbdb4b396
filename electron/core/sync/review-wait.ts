// A recorded review is sent only while it names the results the laptop holds: results that arrived
// after it (a re-screen) hold the review back until a person has reviewed the new ones.
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import { screeningFingerprint } from '../../../shared/domain/index.js';
import type { ScreeningReviewRecord } from '../../../shared/ipc/model.js';

export function staleReview(
  results: SanctionsSearchResults | null | undefined,
  record: ScreeningReviewRecord | null,
  subject: string,
): string | null {
  if (record === null) return null;
  return record.fingerprint === screeningFingerprint(results)
    ? null
    : `waiting for a review of the new screening results of ${subject}`;
}
