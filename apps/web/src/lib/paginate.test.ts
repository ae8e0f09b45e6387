import { AUTHORS_PAGE_SIZE } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { pageCountFor, pageOf } from './paginate';

const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('authors pagination (SPEC §9: 5 a page)', () => {
  it('counts pages, one at least', () => {
    expect(pageCountFor(0, AUTHORS_PAGE_SIZE)).toBe(1);
    expect(pageCountFor(5, AUTHORS_PAGE_SIZE)).toBe(1);
    expect(pageCountFor(6, AUTHORS_PAGE_SIZE)).toBe(2);
    expect(pageCountFor(11, AUTHORS_PAGE_SIZE)).toBe(3);
  });

  it('cuts the list into pages of five', () => {
    expect(pageOf(seven, 0, AUTHORS_PAGE_SIZE)).toEqual({ page: 0, items: ['a', 'b', 'c', 'd', 'e'] });
    expect(pageOf(seven, 1, AUTHORS_PAGE_SIZE)).toEqual({ page: 1, items: ['f', 'g'] });
  });

  it('shows the last page when the asked one no longer exists (after a delete)', () => {
    expect(pageOf(seven.slice(0, 5), 1, AUTHORS_PAGE_SIZE)).toEqual({
      page: 0,
      items: ['a', 'b', 'c', 'd', 'e'],
    });
    expect(pageOf([], 3, AUTHORS_PAGE_SIZE)).toEqual({ page: 0, items: [] });
  });
});
