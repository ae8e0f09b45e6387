import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageSummary } from '@/components/ui/list-pager';
import {
  isPageGone,
  pageCountFor,
  parsePage,
  SEARCH_DEBOUNCE_MS,
  useClampedPage,
  useListState,
} from './paging';

afterEach(() => vi.useRealTimers());

describe('paging (DESIGN 10)', () => {
  it('counts pages from the total, one at least', () => {
    expect(pageCountFor(0, 5)).toBe(1);
    expect(pageCountFor(5, 5)).toBe(1);
    expect(pageCountFor(6, 5)).toBe(2);
    expect(pageCountFor(10_000, 12)).toBe(834);
  });

  it('reads a page number from the URL, the first page for anything else', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });

  it('says which rows a page shows out of how many', () => {
    expect(pageSummary(1, 12, 10_000, ['course', 'courses'])).toBe('Showing 1–12 of 10,000 courses');
    expect(pageSummary(834, 12, 10_000, ['course', 'courses'])).toBe(
      'Showing 9,997–10,000 of 10,000 courses',
    );
    expect(pageSummary(1, 10, 7, ['student', 'students'])).toBe('7 students');
    expect(pageSummary(1, 10, 1, ['student', 'students'])).toBe('1 student');
  });

  it('knows a page emptied by a delete from an empty list', () => {
    expect(isPageGone({ rows: [], total: 5 })).toBe(true);
    expect(isPageGone({ rows: [], total: 0 })).toBe(false);
    expect(isPageGone({ rows: [1], total: 5 })).toBe(false);
    expect(isPageGone(undefined)).toBe(false);
  });

  it('sends the search once typing pauses and starts it on page 1', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);

    act(() => result.current.setSearchText('  knots '));
    expect(result.current.search).toBe('');
    // Until the search is sent, the page shown stays (no request for the old search's first page).
    expect(result.current.page).toBe(4);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.search).toBe('knots');
    expect(result.current.page).toBe(1);

    act(() => result.current.setPage(2));
    act(() => result.current.setSearchText(''));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    // Clearing the search is a new search: page 1, not the page once chosen without one.
    expect(result.current.page).toBe(1);
  });

  it('goes to the last page when the one asked for is past the end', () => {
    const setPage = vi.fn();
    const { rerender } = renderHook(
      ({ total, isPlaceholderData }: { total: number; isPlaceholderData: boolean }) =>
        useClampedPage(3, 5, { data: { total }, isPlaceholderData }, setPage),
      { initialProps: { total: 11, isPlaceholderData: false } },
    );
    expect(setPage).not.toHaveBeenCalled();
    // The previous page kept on screen does not count.
    rerender({ total: 10, isPlaceholderData: true });
    expect(setPage).not.toHaveBeenCalled();
    rerender({ total: 10, isPlaceholderData: false });
    expect(setPage).toHaveBeenCalledWith(2);
  });
});
