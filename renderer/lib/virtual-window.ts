// Which rows of a long list of equal-height rows are near the viewport: only those are drawn, and a
// spacer gives the list its full height. Pure arithmetic, so a list of ten thousand rows draws and
// scrolls like one of thirty.

/** A run of rows by index: from `start` up to, not including, `end`. */
export interface RowRange {
  start: number;
  end: number;
}

export interface Viewport {
  /** How far the list is scrolled, in pixels. */
  scrollTop: number;
  /** How tall the scrolled box is, in pixels. */
  height: number;
  rowHeight: number;
  /** How many rows the list has. */
  total: number;
  /** Rows drawn beyond each edge of the viewport, so a quick scroll never shows a gap. */
  overscan: number;
}

/** The rows to draw: those in the viewport and `overscan` rows either side, within the list. */
export function visibleRows(v: Viewport): RowRange {
  if (v.total <= 0 || v.rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, v.scrollTop) / v.rowHeight);
  const inView = Math.ceil(Math.max(0, v.height) / v.rowHeight) + 1;
  const start = Math.min(Math.max(0, first - v.overscan), v.total);
  const end = Math.min(v.total, first + inView + v.overscan);
  return { start: Math.min(start, end), end };
}

/** The rows worth reading for `wanted`: `margin` more either side, so small scrolls need no read. */
export function rowsToRead(wanted: RowRange, total: number, margin: number): RowRange {
  return {
    start: Math.max(0, wanted.start - margin),
    end: Math.max(Math.min(Math.max(total, wanted.end), wanted.end + margin), wanted.start),
  };
}

/** Whether the rows held cover the rows wanted (an empty want is always covered). */
export function covers(held: RowRange, wanted: RowRange): boolean {
  return wanted.end <= wanted.start || (held.start <= wanted.start && held.end >= wanted.end);
}

/** The heights of the empty space above and below the drawn rows. */
export function spacers(drawn: RowRange, total: number, rowHeight: number): { above: number; below: number } {
  return {
    above: drawn.start * rowHeight,
    below: Math.max(0, total - drawn.end) * rowHeight,
  };
}

/** The offsets of the pages of `pageSize` rows that hold rows `start` to `end` (exclusive). */
export function pagesCovering(start: number, end: number, pageSize: number): number[] {
  const pages: number[] = [];
  if (end <= start) return pages;
  for (let offset = Math.floor(start / pageSize) * pageSize; offset < end; offset += pageSize)
    pages.push(offset);
  return pages;
}
