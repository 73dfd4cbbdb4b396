// The screen's side of a screening review: which hits still need a verdict or a reason, in words.
import { screeningHits, type Disposition } from '../../shared/domain/index.js';
import type { SanctionsSearchResults } from '../../shared/api/index.js';

/** Inline errors by hit key; empty when every hit has a verdict and a reason. */
export function dispositionErrors(
  results: SanctionsSearchResults,
  dispositions: readonly Disposition[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const h of screeningHits(results)) {
    const d = dispositions.find((x) => x.hitKey === h.key);
    if (!d) errors[h.key] = 'Choose true match or false positive, and give the reason.';
    else if (!d.reason) errors[h.key] = 'Give the reason for this disposition.';
  }
  return errors;
}
