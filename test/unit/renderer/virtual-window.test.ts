// Which rows of a long list the DOM holds: the viewport and a margin, spacers for the rest.
import { describe, expect, it } from 'vitest';
import { pagesCovering, virtualWindow } from '../../../renderer/lib/virtual-window.js';

describe('virtualWindow', () => {
  it('holds the rows in view and a margin, the rest stands as spacer heights', () => {
    const w = virtualWindow({
      scrollTop: 4000,
      viewportHeight: 400,
      rowHeight: 40,
      total: 1000,
      overscan: 5,
    });
    expect(w).toEqual({ start: 95, end: 116, before: 95 * 40, after: (1000 - 116) * 40 });
    expect(w.before + (w.end - w.start) * 40 + w.after).toBe(1000 * 40);
  });

  it('stops at both ends of the list', () => {
    expect(
      virtualWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 40, total: 1000, overscan: 5 }),
    ).toMatchObject({
      start: 0,
      before: 0,
    });
    const last = virtualWindow({
      scrollTop: 39_600,
      viewportHeight: 400,
      rowHeight: 40,
      total: 1000,
      overscan: 5,
    });
    expect(last).toMatchObject({ end: 1000, after: 0 });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 40, total: 3 })).toEqual({
      start: 0,
      end: 3,
      before: 0,
      after: 0,
    });
  });

  it('holds nothing for an empty list, even scrolled past its end', () => {
    expect(virtualWindow({ scrollTop: 900, viewportHeight: 400, rowHeight: 40, total: 0 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    });
    expect(virtualWindow({ scrollTop: 99_999, viewportHeight: 400, rowHeight: 40, total: 10 }).end).toBe(10);
  });
});

describe('pagesCovering', () => {
  it('names the pages that hold a range of rows', () => {
    expect(pagesCovering(0, 50, 50)).toEqual([0]);
    expect(pagesCovering(45, 120, 50)).toEqual([0, 50, 100]);
    expect(pagesCovering(10, 10, 50)).toEqual([]);
  });
});
