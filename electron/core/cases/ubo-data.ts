// A new owner's local record: details as captured, nothing reviewed or sent yet.
import type { UboData } from './case-data.js';

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
