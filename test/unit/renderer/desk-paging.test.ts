import { describe, expect, it } from 'vitest';
import { formatCount, pageRange } from '../../../renderer/lib/desk-paging.js';

describe("the desk's paging", () => {
  it('says which rows are shown out of how many, thousands spaced', () => {
    expect(pageRange(0, 50, 50, 100_000)).toEqual({
      label: '1–50 of 100 000',
      previousSkip: null,
      nextSkip: 50,
    });
    expect(pageRange(50, 50, 50, 100_000).label).toBe('51–100 of 100 000');
    expect(formatCount(1_234_567)).toBe('1 234 567');
  });

  it('offers no Next on the last page and no Previous on the first', () => {
    expect(pageRange(99_950, 50, 50, 100_000)).toMatchObject({ previousSkip: 99_900, nextSkip: null });
    expect(pageRange(0, 100, 3, 3)).toEqual({ label: '1–3 of 3', previousSkip: null, nextSkip: null });
    expect(pageRange(0, 50, 0, 0)).toEqual({ label: '0 of 0', previousSkip: null, nextSkip: null });
  });

  it('goes back a whole page, never before the first row', () => {
    expect(pageRange(30, 50, 50, 200).previousSkip).toBe(0);
  });
});
