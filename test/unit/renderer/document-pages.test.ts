import { describe, expect, it } from 'vitest';
import { documentFilename, movePage, rotateClockwise, withoutPage } from '../../../renderer/lib/pages.js';

describe('document pages', () => {
  it('turns a page a quarter at a time, back to upright', () => {
    expect(rotateClockwise(0)).toBe(90);
    expect(rotateClockwise(270)).toBe(0);
  });

  it('moves a page within the list and never out of it', () => {
    const pages = ['a', 'b', 'c'];
    expect(movePage(pages, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePage(pages, 2, -2)).toEqual(['c', 'a', 'b']);
    expect(movePage(pages, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePage(pages, 5, 1)).toEqual(['a', 'b', 'c']);
    expect(pages).toEqual(['a', 'b', 'c']);
  });

  it('removes a page by id', () => {
    expect(withoutPage([{ id: '1' }, { id: '2' }], '1')).toEqual([{ id: '2' }]);
  });

  it('names the assembled document', () => {
    expect(documentFilename('Proof of address', 3, 'scan.jpg')).toBe('Proof of address.pdf');
    expect(documentFilename('Proof of address', 1, 'bill.pdf')).toBe('bill.pdf');
    expect(documentFilename(undefined, 2, undefined)).toBe('document.pdf');
  });
});

describe('size limit', () => {
  it('names both sizes when a file is too large', async () => {
    const { tooLargeMessage } = await import('../../../renderer/lib/pages.js');
    expect(tooLargeMessage(21 * 1024 * 1024, 20 * 1024 * 1024)).toMatch(
      /too large: 21\.0 MB.*limit is 20\.0 MB/,
    );
  });
});
