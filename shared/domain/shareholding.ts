// Path A's flat owner list: each holder's percentage and the total, which cannot exceed 100 %.
// Percentages travel as text ("25.5"); the sum is taken in ten-thousandths so 33.3333 × 3 adds up.

export interface HolderShare {
  name: string;
  /** The captured percentage text, or undefined when the person holds no shares. */
  percentage: string | undefined;
}

export interface ShareholdingSummary {
  holders: Array<{ name: string; percentage: number }>;
  /** Sum of the holders' percentages, rounded to four decimals. */
  total: number;
  /** Plain-words reason the shareholding cannot be confirmed, or null. */
  problem: string | null;
}

const SCALE = 10_000;
const toUnits = (text: string | undefined): number => {
  const n = Number((text ?? '').trim());
  return Number.isFinite(n) && n > 0 ? Math.round(n * SCALE) : 0;
};

export const formatPercent = (n: number): string => `${Number(n.toFixed(4))} %`;

/**
 * Path A's rule: the holders' shares together may not exceed 100 %. The one check of it, made when an
 * owner is saved (with the people as they would be after the save) and again when the shareholding
 * is confirmed; `moment` only chooses the words.
 */
export function shareholdingSummary(
  people: readonly HolderShare[],
  moment: 'save' | 'confirm' = 'confirm',
): ShareholdingSummary {
  const holders = people
    .filter((p) => toUnits(p.percentage) > 0)
    .map((p) => ({ name: p.name, units: toUnits(p.percentage) }));
  const units = holders.reduce((s, h) => s + h.units, 0);
  const total = units / SCALE;
  const sum = `${formatPercent(total)} (${holders.map((h) => formatPercent(h.units / SCALE)).join(' + ')}), more than 100 %.`;
  const problem =
    units <= 100 * SCALE
      ? null
      : moment === 'save'
        ? `The shareholders would together hold ${sum}`
        : `The shareholders together hold ${sum} Correct the percentages before confirming the shareholding.`;
  return { holders: holders.map((h) => ({ name: h.name, percentage: h.units / SCALE })), total, problem };
}
