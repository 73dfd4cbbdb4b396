// Review of the service's screening results (sanctions, PEP, adverse media): which hits a person must
// disposition, the fingerprint that ties an attestation to the exact results on screen, and the
// checks an attestation must pass. Both the screen and the core use these, so "what was shown" and
// "what is accepted" are the same thing.
import { z } from 'zod';
import type { SanctionsSearchResults, ScreeningMatch } from '../api/screening.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type HitKind = 'sanctions' | 'pep' | 'adverse-media' | 'other';

export interface ScreeningHit {
  /** Stable within one set of results: `match-<n>` or `media-<n>` (n from 0). */
  key: string;
  kind: HitKind;
  /** A heading a person recognises: the matched name or the article title. */
  label: string;
  match: ScreeningMatch;
}

export const HIT_KIND_LABELS: Record<HitKind, string> = {
  sanctions: 'Sanctions match',
  pep: 'PEP match',
  'adverse-media': 'Adverse media',
  other: 'Match',
};

export const VerdictSchema = z.enum(['true-match', 'false-positive']);
export type Verdict = z.infer<typeof VerdictSchema>;

export const VERDICT_LABELS: Record<Verdict, string> = {
  'true-match': 'True match',
  'false-positive': 'False positive',
};

export const DispositionSchema = z.object({
  hitKey: z.string().min(1).max(40),
  verdict: VerdictSchema,
  reason: z.string().trim().min(1, 'Give a reason for this disposition').max(2000),
});
export type Disposition = z.infer<typeof DispositionSchema>;

/** What a person attests with a review: the results they read (fingerprint) and their verdicts. */
export const ScreeningAttestationSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'fingerprint must be 64 hex digits'),
  dispositions: z.array(DispositionSchema).max(500),
});
export type ScreeningAttestation = z.infer<typeof ScreeningAttestationSchema>;

function kindOf(m: ScreeningMatch): HitKind {
  const t = (m.matchType ?? '').toLowerCase();
  if (t.includes('sanction')) return 'sanctions';
  if (t.includes('pep') || t.includes('politic')) return 'pep';
  if (t.includes('adverse') || t.includes('media')) return 'adverse-media';
  return 'other';
}

/** Every hit of the results, matches first, then adverse media, each with its key. */
export function screeningHits(results: SanctionsSearchResults | null | undefined): ScreeningHit[] {
  if (!results) return [];
  const matches = (results.matchedEntities ?? []).map((m, i) => ({
    key: `match-${i}`,
    kind: kindOf(m),
    label: m.name ?? m.title ?? `Match ${i + 1}`,
    match: m,
  }));
  const media = (results.webSearchResults ?? []).map((m, i) => ({
    key: `media-${i}`,
    kind: 'adverse-media' as const,
    label: m.title ?? m.name ?? `Article ${i + 1}`,
    match: m,
  }));
  return [...matches, ...media];
}

/** JSON with object keys sorted at every level, so equal results give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 of the canonical results; null when no results are held. */
export function screeningFingerprint(results: SanctionsSearchResults | null | undefined): string | null {
  return results ? bytesToHex(sha256(utf8ToBytes(canonicalJson(results)))) : null;
}

/** True when a hit has been marked a true match: adverse results then need attention. */
export const adverseFromDispositions = (dispositions: readonly Disposition[]): boolean =>
  dispositions.some((d) => d.verdict === 'true-match');

export const WAITING_FOR_RESULTS = 'Waiting for screening results from the service';

export type AttestationCheck = { ok: true; adverse: boolean } | { ok: false; message: string };

/**
 * Whether an attestation may be recorded for the results held on this laptop: results must be
 * there, the attestation must name exactly those results, and every hit must carry one disposition
 * with a reason. `adverse` is what the service must be told (`adverseSearchKYC`).
 */
export function checkAttestation(
  results: SanctionsSearchResults | null | undefined,
  attestation: ScreeningAttestation,
  subject: string,
): AttestationCheck {
  const current = screeningFingerprint(results);
  if (current === null) {
    return {
      ok: false,
      message: `${WAITING_FOR_RESULTS} for ${subject}: the review can be recorded once they are on this laptop and you have read them.`,
    };
  }
  if (attestation.fingerprint !== current) {
    return {
      ok: false,
      message: `The screening results for ${subject} changed since you opened them: read the latest results and review again.`,
    };
  }
  const hits = screeningHits(results);
  const keys = new Set(hits.map((h) => h.key));
  const seen = new Set<string>();
  for (const d of attestation.dispositions) {
    if (!keys.has(d.hitKey))
      return {
        ok: false,
        message: `The review names a match that is not in the results for ${subject}: read the latest results and review again.`,
      };
    if (seen.has(d.hitKey))
      return {
        ok: false,
        message: `A match for ${subject} is marked twice: keep one disposition per match.`,
      };
    if (!d.reason.trim())
      return { ok: false, message: `Give a reason for each disposition of the results for ${subject}.` };
    seen.add(d.hitKey);
  }
  const open = hits.filter((h) => !seen.has(h.key));
  if (open.length > 0) {
    return {
      ok: false,
      message: `Mark every match for ${subject} as a true match or a false positive, with a reason: ${open.length} of ${hits.length} still open.`,
    };
  }
  return { ok: true, adverse: adverseFromDispositions(attestation.dispositions) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 sanctions matches arrived for Thabo" / "Screening results arrived for Thabo: no matches". */
export function arrivalMessage(results: SanctionsSearchResults, subject: string): string {
  const hits = screeningHits(results);
  if (hits.length === 0) return `Screening results arrived for ${subject}: no matches. Confirm the review.`;
  const count = (k: HitKind) => hits.filter((h) => h.kind === k).length;
  const parts = [
    count('sanctions') ? plural(count('sanctions'), 'sanctions match', 'sanctions matches') : null,
    count('pep') ? plural(count('pep'), 'PEP match', 'PEP matches') : null,
    count('adverse-media')
      ? plural(count('adverse-media'), 'adverse media result', 'adverse media results')
      : null,
    count('other') ? plural(count('other'), 'other match', 'other matches') : null,
  ].filter((p): p is string => p !== null);
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]!;
  return `${list} arrived for ${subject}`;
}
