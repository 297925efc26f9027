import { describe, expect, it } from 'vitest';
import { BadPage, hrefForPage, pageParam, pageRange, slicePage } from './pagination.ts';

describe('pageParam', () => {
  const at = (qs: string) => new URL(`http://x.test/parks${qs}`);
  it('defaults to page 1', () => {
    expect(pageParam(at(''))).toBe(1);
    expect(pageParam(at('?page='))).toBe(1);
  });
  it('reads whole numbers from 1', () => {
    expect(pageParam(at('?page=7'))).toBe(7);
  });
  it('refuses zero, negatives, fractions and words', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '01', '1e3']) expect(() => pageParam(at(`?page=${bad}`)), bad).toThrow(BadPage);
  });
});

describe('pageRange', () => {
  it('lists every page when there are few', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageRange(1, 0)).toEqual([]);
  });
  it('collapses long runs into gaps around the current page', () => {
    expect(pageRange(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageRange(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageRange(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
  it('shows a single skipped page instead of a gap', () => {
    expect(pageRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageRange(3, 7)).toEqual([1, 2, 3, 4, 'gap', 7]);
  });
});

describe('hrefForPage', () => {
  it('keeps other parameters and drops page=1', () => {
    const url = new URL('http://x.test/safaris?sort=desc&country=uganda&country=kenya&page=3');
    expect(hrefForPage(url, 1)).toBe('/safaris?sort=desc&country=uganda&country=kenya');
    expect(hrefForPage(url, 2)).toBe('/safaris?sort=desc&country=uganda&country=kenya&page=2');
    expect(hrefForPage(new URL('http://x.test/blogs'), 1)).toBe('/blogs');
  });
});

describe('slicePage', () => {
  it('returns the page and the page count', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(slicePage(items, 1, 12)).toEqual({ items: items.slice(0, 12), totalPages: 3 });
    expect(slicePage(items, 3, 12)).toEqual({ items: [24], totalPages: 3 });
    expect(slicePage([], 1, 12)).toEqual({ items: [], totalPages: 1 });
  });
});
