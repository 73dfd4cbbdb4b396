// Which rows of a long list of fixed-height rows to put in the DOM: those in the viewport and a
// margin around it, with the heights of the rows left out before and after (spacers), so the
// scrollbar stands for the whole list while the DOM holds a few dozen rows.

export interface VirtualWindow {
  /** First row index in the DOM. */
  start: number;
  /** One past the last row index in the DOM. */
  end: number;
  /** Height of the rows above `start`, in pixels. */
  before: number;
  /** Height of the rows from `end` to the last one, in pixels. */
  after: number;
}

export interface ViewportOf {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  total: number;
  /** Rows kept beyond each edge of the viewport, so a short scroll shows rows already there. */
  overscan?: number;
}

export function virtualWindow({
  scrollTop,
  viewportHeight,
  rowHeight,
  total,
  overscan = 8,
}: ViewportOf): VirtualWindow {
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const firstVisible = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.min(total - 1, Math.max(0, firstVisible - overscan));
  const end = Math.min(total, firstVisible + visible + overscan);
  return { start, end, before: start * rowHeight, after: (total - end) * rowHeight };
}

/** The offsets of the pages of `pageSize` rows that hold rows `start` to `end` (exclusive). */
export function pagesCovering(start: number, end: number, pageSize: number): number[] {
  const pages: number[] = [];
  if (end <= start) return pages;
  for (let offset = Math.floor(start / pageSize) * pageSize; offset < end; offset += pageSize)
    pages.push(offset);
  return pages;
}
