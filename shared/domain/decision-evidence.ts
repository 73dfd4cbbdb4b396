// What a reviewer must not miss before deciding, in words: a person rated High Risk, a screening
// result marked a true match, a strong result cleared as a false positive, a review that does not
// rest on the results the case holds, and a bureau or bank answer that failed. The decision screen
// puts these at the top of "What is being decided" and repeats them in its confirmation, for a case
// captured here and one taken from the service alike.
import type { RiskDescription } from '../api/common.js';
import type { BankAccountVerificationResponse } from '../api/bank.js';
import type { ExternalValidationResponse } from '../api/individual.js';
import type { SanctionsSearchResults } from '../api/screening.js';
import {
  HIT_KIND_LABELS,
  screeningFingerprint,
  screeningHits,
  type Disposition,
} from './screening-review.js';

/** A false positive with a score at or above this is named to the reviewer. */
export const STRONG_MATCH_SCORE = 90;

export interface EvidenceReview {
  fingerprint: string;
  dispositions: readonly Disposition[];
  reviewedBy: string | null;
}

export interface EvidenceSubject {
  name: string;
  /** How the subject relates to the case, as the warning names it. */
  role: 'entity' | 'owner' | 'related person' | 'client';
  results: SanctionsSearchResults | null;
  review: EvidenceReview | null;
  /** The service says the subject's screening was reviewed (with or without a record here). */
  reviewed: boolean;
  /** A person's band (owners and related people); null for the entity and the client. */
  band: RiskDescription | null;
  /** A person's effective share of the entity, when known. */
  effectiveShare: number | null;
}

export interface DecisionEvidence {
  subjects: readonly EvidenceSubject[];
  bureau: ExternalValidationResponse | null;
  bank: BankAccountVerificationResponse | null;
}

export interface EvidenceWarning {
  /** `danger` for what makes the client riskier, `warn` for what is not known or not attested. */
  tone: 'danger' | 'warn';
  text: string;
}

const percent = (n: number) => `${Math.round(n * 100) / 100} %`;

const quoted = (reason: string) => `“${reason.trim()}”`;

/** Every warning the evidence holds, most serious first. `nameOf` turns a user id into a name. */
export function evidenceWarnings(
  evidence: DecisionEvidence,
  nameOf: (userId: string | null) => string,
): EvidenceWarning[] {
  const danger: EvidenceWarning[] = [];
  const warn: EvidenceWarning[] = [];
  for (const s of evidence.subjects) {
    if (s.band === 'High Risk' && s.role !== 'entity' && s.role !== 'client') {
      const share =
        s.effectiveShare !== null && s.effectiveShare > 0 ? `, ${percent(s.effectiveShare)} effective` : '';
      danger.push({ tone: 'danger', text: `${s.name} (${s.role}${share}) is rated High Risk.` });
    }
    const hits = screeningHits(s.results);
    if (hits.length === 0) continue;
    if (!s.review) {
      warn.push({
        tone: 'warn',
        text: s.reviewed
          ? `The screening review of ${s.name} has no review record here: who dispositioned its ${hits.length} result${hits.length === 1 ? '' : 's'}, and why, is not known.`
          : `The ${hits.length} screening result${hits.length === 1 ? '' : 's'} of ${s.name} ${hits.length === 1 ? 'is' : 'are'} not reviewed.`,
      });
      continue;
    }
    if (s.review.fingerprint !== screeningFingerprint(s.results)) {
      warn.push({
        tone: 'warn',
        text: `The screening review of ${s.name} was made on other results than the case now holds: it does not attest the current results.`,
      });
      continue;
    }
    for (const d of s.review.dispositions) {
      const hit = hits.find((h) => h.key === d.hitKey);
      if (!hit) continue;
      const score = typeof hit.match.score === 'number' ? hit.match.score : null;
      const what = `${midSentence(HIT_KIND_LABELS[hit.kind])} “${hit.label}”${score !== null ? ` (score ${score})` : ''}`;
      const by = nameOf(s.review.reviewedBy);
      if (d.verdict === 'true-match')
        danger.push({
          tone: 'danger',
          text: `${s.name}: ${what} marked a true match by ${by}: ${quoted(d.reason)}.`,
        });
      else if (score !== null && score >= STRONG_MATCH_SCORE)
        danger.push({
          tone: 'danger',
          text: `${s.name}: ${what} cleared as a false positive by ${by}: ${quoted(d.reason)}.`,
        });
    }
  }
  const kyc = evidence.bureau?.kycResult;
  if (kyc) {
    const failed = [
      kyc.IDStatusDesc && kyc.IDStatusDesc !== 'Verified' ? `ID status ${kyc.IDStatusDesc}` : null,
      kyc.KYCStatusDesc && kyc.KYCStatusDesc !== 'Verified' ? `KYC ${kyc.KYCStatusDesc}` : null,
    ].filter((p): p is string => p !== null);
    if (failed.length > 0)
      danger.push({
        tone: 'danger',
        text: `The credit bureau did not verify the client: ${failed.join(', ')}.`,
      });
  }
  if (evidence.bank && !evidence.bank.verified)
    danger.push({
      tone: 'danger',
      text: `The bank account was not verified${evidence.bank.reason ? `: ${evidence.bank.reason}` : ''}.`,
    });
  return [...danger, ...warn];
}

/** A label inside a sentence: "Sanctions match" → "sanctions match"; an acronym ("PEP match") stays. */
function midSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
