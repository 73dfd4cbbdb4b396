// The desk's paging in the words the screen uses: "1–50 of 100 000", and where Previous and Next go.

/** A count with a space between thousands, as South African forms write it. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export interface PageRange {
  label: string;
  previousSkip: number | null;
  nextSkip: number | null;
}

export function pageRange(skip: number, take: number, shown: number, count: number): PageRange {
  const label =
    count === 0 || shown === 0
      ? `0 of ${formatCount(count)}`
      : `${formatCount(skip + 1)}–${formatCount(skip + shown)} of ${formatCount(count)}`;
  return {
    label,
    previousSkip: skip > 0 ? Math.max(0, skip - take) : null,
    nextSkip: skip + shown < count ? skip + take : null,
  };
}
