import { describe, expect, it } from 'vitest';
import { pageCount, pagerRange } from './pager';

describe('pagerRange', () => {
  it('shows 3 pages before and 1 after the current one', () => {
    expect(pagerRange(5, 10)).toEqual([2, 3, 4, 5, 6]);
  });
  it('clips at both ends', () => {
    expect(pagerRange(1, 10)).toEqual([1, 2]);
    expect(pagerRange(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pagerRange(2, 2)).toEqual([1, 2]);
  });
  it('handles no pages and out-of-range input', () => {
    expect(pagerRange(1, 0)).toEqual([]);
    expect(pagerRange(99, 3)).toEqual([1, 2, 3]);
  });
  it('counts pages of 10 rows', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});
