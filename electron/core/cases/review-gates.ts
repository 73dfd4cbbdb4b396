// The core's side of "never confirm on a guess": a sanctions or PEP review is recorded only for the
// screening results this laptop holds, named by their fingerprint, with every hit dispositioned;
// and the reviews still due are listed for the case screens and the cases list.
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import {
  arrivalMessage,
  checkAttestation,
  HIT_KIND_LABELS,
  screeningFingerprint,
  screeningHits,
  VERDICT_LABELS,
  type ScreeningAttestation,
} from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { ReviewDue, ScreeningReviewRecord } from '../../../shared/ipc/model.js';
import type { EntityData, IndividualData } from './case-data.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredUbo } from './store/people.js';

export interface Attested {
  /** What the service is told: true when any hit is a true match. */
  adverseSearchKYC: boolean;
  record: ScreeningReviewRecord;
}

/**
 * Checks an attestation against the results held for its subject and answers what to store, or
 * throws a DeskError naming what is missing. `requestedAdverse`, when given, must agree with the
 * dispositions.
 */
export function attest(
  results: SanctionsSearchResults | null | undefined,
  attestation: ScreeningAttestation,
  requestedAdverse: boolean | undefined,
  subject: string,
  reviewedBy: string | null,
  now: string,
): Attested {
  const check = checkAttestation(results, attestation, subject);
  if (!check.ok) throw new DeskError('not-allowed', check.message);
  if (requestedAdverse !== undefined && requestedAdverse !== check.adverse) {
    throw new DeskError(
      'not-allowed',
      check.adverse
        ? `A match for ${subject} is marked a true match, so the review cannot say there are no adverse results.`
        : `No match for ${subject} is marked a true match, so the review cannot say adverse results need attention.`,
    );
  }
  return {
    adverseSearchKYC: check.adverse,
    record: {
      fingerprint: attestation.fingerprint,
      dispositions: attestation.dispositions,
      reviewedBy,
      reviewedAt: now,
      madeOn: 'here',
    },
  };
}

/**
 * One line per hit for the case's history. Reasons stay in the encrypted case record: the audit
 * log is kept in the clear.
 */
export function dispositionLines(
  results: SanctionsSearchResults | null | undefined,
  record: ScreeningReviewRecord,
  subject: string,
): string[] {
  const hits = screeningHits(results);
  if (hits.length === 0) return [`Screening of ${subject} reviewed: no matches`];
  return record.dispositions.map((d) => {
    const index = hits.findIndex((h) => h.key === d.hitKey);
    const hit = hits[index];
    const score =
      hit?.match.score !== null && hit?.match.score !== undefined ? `, score ${hit.match.score}` : '';
    return `${HIT_KIND_LABELS[hit?.kind ?? 'other']} ${index + 1} of ${hits.length} for ${subject}${score}: ${VERDICT_LABELS[d.verdict].toLowerCase()}`;
  });
}

/** True when results are held and no review names them (none yet, or made on earlier results). */
export function reviewDue(
  results: SanctionsSearchResults | null | undefined,
  record: ScreeningReviewRecord | null,
  reviewed: boolean,
): boolean {
  const current = screeningFingerprint(results);
  if (current === null) return false;
  if (!reviewed) return true;
  // A review recorded before fingerprints existed stands; one made on other results does not.
  return record !== null && record.fingerprint !== current;
}

const uboName = (u: StoredUbo) =>
  `${u.data.details.firstName} ${u.data.details.lastName}`.trim() || 'Unnamed person';

function dueMessage(results: SanctionsSearchResults, subject: string, changed: boolean): string {
  return changed
    ? `New screening results arrived for ${subject} after the review: ${arrivalMessage(results, subject)}`
    : arrivalMessage(results, subject);
}

export function entityReviewsDue(
  c: StoredCase & { data: EntityData },
  ubos: readonly StoredUbo[],
): ReviewDue[] {
  const d = c.data;
  const out: ReviewDue[] = [];
  const subject = d.create.entityRegName;
  if (
    d.sanctionsSearchResults &&
    reviewDue(d.sanctionsSearchResults, d.sanctionsReviewRecord, d.sanctionsReview !== null)
  ) {
    out.push({
      step: 'sanctions-review',
      uboId: null,
      subject,
      message: dueMessage(d.sanctionsSearchResults, subject, d.sanctionsReview !== null),
    });
  }
  for (const u of ubos) {
    if (u.removed || !u.data.screening || u.data.docsConfirmRequested) continue;
    if (reviewDue(u.data.screening, u.data.pepReviewRecord, u.data.pepReview !== null)) {
      const name = uboName(u);
      out.push({
        step: 'people',
        uboId: u.id,
        subject: name,
        message: dueMessage(u.data.screening, name, u.data.pepReview !== null),
      });
    }
  }
  return out;
}

export function individualReviewsDue(c: StoredCase & { data: IndividualData }): ReviewDue[] {
  const d = c.data;
  if (!d.amlScreening || d.docsConfirmRequested) return [];
  if (!reviewDue(d.amlScreening, d.pepReviewRecord, d.pepDecision !== null)) return [];
  const name = `${d.create.firstName}`.trim() || c.title;
  return [
    {
      step: 'pep-decision',
      uboId: null,
      subject: name,
      message: dueMessage(d.amlScreening, name, d.pepDecision !== null),
    },
  ];
}
