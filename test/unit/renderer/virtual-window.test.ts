// The arithmetic of the virtualised queue list: which rows are drawn, which are read, and how tall
// the empty space around them is.
import { describe, expect, it } from 'vitest';
import {
  covers,
  pagesCovering,
  rowsToRead,
  spacers,
  visibleRows,
} from '../../../renderer/lib/virtual-window.js';

const base = { rowHeight: 100, height: 500, overscan: 2 };

describe('visibleRows', () => {
  it('draws the rows in the viewport and a few either side', () => {
    expect(visibleRows({ ...base, scrollTop: 0, total: 1000 })).toEqual({ start: 0, end: 8 });
    expect(visibleRows({ ...base, scrollTop: 1050, total: 1000 })).toEqual({ start: 8, end: 18 });
  });

  it('stops at the ends of the list', () => {
    expect(visibleRows({ ...base, scrollTop: 99_800, total: 1000 })).toEqual({ start: 996, end: 1000 });
    expect(visibleRows({ ...base, scrollTop: 0, total: 3 })).toEqual({ start: 0, end: 3 });
    expect(visibleRows({ ...base, scrollTop: 0, total: 0 })).toEqual({ start: 0, end: 0 });
  });

  it('copes with a list scrolled past its end after rows were removed', () => {
    expect(visibleRows({ ...base, scrollTop: 50_000, total: 10 })).toEqual({ start: 10, end: 10 });
  });

  it('draws the same number of rows however long the list is', () => {
    const drawn = (total: number) => {
      const r = visibleRows({ ...base, scrollTop: 300 * 100, total });
      return r.end - r.start;
    };
    expect(drawn(1000)).toBe(drawn(100_000));
  });
});

describe('rowsToRead', () => {
  it('reads a margin either side of the rows drawn, within the list', () => {
    expect(rowsToRead({ start: 0, end: 8 }, 1000, 20)).toEqual({ start: 0, end: 28 });
    expect(rowsToRead({ start: 100, end: 110 }, 1000, 20)).toEqual({ start: 80, end: 130 });
    expect(rowsToRead({ start: 990, end: 1000 }, 1000, 20)).toEqual({ start: 970, end: 1000 });
  });

  it('reads past a total that is not known yet', () => {
    expect(rowsToRead({ start: 0, end: 8 }, 0, 20)).toEqual({ start: 0, end: 8 });
  });
});

describe('covers', () => {
  it('says whether the rows held hold every row wanted', () => {
    expect(covers({ start: 0, end: 30 }, { start: 5, end: 20 })).toBe(true);
    expect(covers({ start: 0, end: 30 }, { start: 25, end: 35 })).toBe(false);
    expect(covers({ start: 10, end: 30 }, { start: 5, end: 20 })).toBe(false);
    expect(covers({ start: 0, end: 0 }, { start: 0, end: 0 })).toBe(true);
  });
});

describe('spacers', () => {
  it('gives the list its full height around the rows drawn', () => {
    expect(spacers({ start: 10, end: 20 }, 300, 50)).toEqual({ above: 500, below: 14_000 });
    expect(spacers({ start: 0, end: 3 }, 3, 50)).toEqual({ above: 0, below: 0 });
  });
});

describe('pagesCovering', () => {
  it('names the pages that hold a range of rows', () => {
    expect(pagesCovering(0, 50, 50)).toEqual([0]);
    expect(pagesCovering(45, 120, 50)).toEqual([0, 50, 100]);
    expect(pagesCovering(10, 10, 50)).toEqual([]);
  });
});
