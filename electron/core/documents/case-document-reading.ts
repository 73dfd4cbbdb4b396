// What a case screen shows of a document read at the desk (reading-view.ts), for CaseViews.
import type { ViewDeps } from '../cases/case-views.js';
import type { DocumentReadings } from './document-readings.js';
import { readingView } from './reading-view.js';

export function caseDocumentReading(
  readings: DocumentReadings,
  proofOfAddressMonths: () => number,
): NonNullable<ViewDeps['readingOf']> {
  return (doc, subject, records, profileId) => {
    // Only a document whose file is here is read (one on the service alone is not).
    const kind = doc.vaultId ? readings.kindOf(doc, profileId) : null;
    if (!kind) return null;
    const record = records.get(doc.id) ?? null;
    // Read once queued (and at start, or on import); one never scheduled has nothing to show.
    if (!record && !readings.isReading(doc.id)) return null;
    return readingView(
      kind,
      record,
      readings.isReading(doc.id),
      subject,
      localDate(new Date()),
      proofOfAddressMonths(),
    );
  };
}

/** YYYY-MM-DD on this laptop's calendar (a document dated today is today's, here). */
function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
