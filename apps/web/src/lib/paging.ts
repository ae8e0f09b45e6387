import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** How many pages `total` rows fill, `size` a page; at least one so an empty list has a page. */
export const pageCountFor = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** A page number from the URL: a whole number from 1, anything else is the first page. */
export const parsePage = (raw: string | null): number => {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

/** `value`, once it has stopped changing for `delay` ms (a search sent after typing pauses). */
export const useDebouncedValue = <T>(value: T, delay = SEARCH_DEBOUNCE_MS): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** What the clamp reads of a page query: the server's count, and whether it is still the last page's. */
type PageQueryState = { data?: { total: number } | undefined; isPlaceholderData: boolean };

/**
 * Goes to the last page when the one shown no longer exists: a delete emptied it, or the list shrank
 * while it was open. Only the asked page's own answer counts, not the previous page kept on screen.
 */
export const useClampedPage = (
  page: number,
  pageSize: number,
  query: PageQueryState,
  setPage: (page: number) => void,
): void => {
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCountFor(total, pageSize);
    if (page > last) setPage(last);
  }, [page, pageSize, total, setPage]);
};

/**
 * The page asked for has no rows though the list has some: it no longer exists (a delete emptied it)
 * and useClampedPage is on its way to the last one. Show loading, not an empty list.
 */
export const isPageGone = (data: { rows: readonly unknown[]; total: number } | undefined): boolean =>
  data !== undefined && data.rows.length === 0 && data.total > 0;

export type ListState = {
  /** What the search box shows, as typed. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The search sent to the server: the typed text once typing pauses. */
  search: string;
  /** 1-based; back to 1 whenever the search sent changes. */
  page: number;
  setPage: (page: number) => void;
};

/**
 * A searched, paged list kept in the component (admin screens, chosen by a stored key, have no URL of
 * their own). The page goes back to 1 in the same render the sent search changes, so no request is
 * made for the new search's page of the old position.
 */
export const useListState = (): ListState => {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const [pageSearch, setPageSearch] = useState(search);
  if (pageSearch !== search) {
    setPageSearch(search);
    setPage(1);
  }
  return { searchText, setSearchText, search, page: pageSearch === search ? page : 1, setPage };
};

/**
 * The same list state kept in the URL (`?search=…&page=…`), so a search or a page is linkable and Back
 * returns to it. Typing replaces the history entry instead of adding one per key, and drops the page;
 * until the typed text is sent, the list keeps asking for the page it shows, so no request is made for
 * the old search's first page in between.
 */
export const useUrlListState = (): ListState => {
  const [params, setParams] = useSearchParams();
  const searchText = params.get('search') ?? '';
  const search = useDebouncedValue(searchText.trim());
  const isSettling = searchText.trim() !== search;
  const urlPage = parsePage(params.get('page'));
  const [shownPage, setShownPage] = useState(urlPage);
  if (!isSettling && shownPage !== urlPage) setShownPage(urlPage);

  const update = (change: (next: URLSearchParams) => void, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );
  return {
    searchText,
    setSearchText: (text) =>
      update((next) => {
        if (text) next.set('search', text);
        else next.delete('search');
        next.delete('page');
      }, true),
    search,
    page: isSettling ? shownPage : urlPage,
    setPage: (page) =>
      update((next) => {
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
      }, false),
  };
};

/**
 * Filters of a list kept in the URL beside its search and page (`?category=…&price=…`), so a filtered
 * list is linkable and Back undoes a change: each change is a history entry of its own, and goes back to
 * the first page. A blank value leaves the parameter out.
 */
export const useUrlFilters = <K extends string>(
  names: readonly K[],
): [Readonly<Record<K, string>>, (changes: Partial<Record<K, string>>) => void] => {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>;
  const setValues = (changes: Partial<Record<K, string>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
      return next;
    });
  return [values, setValues];
};

/**
 * One page of a list from the server: the page before stays on screen while the next one loads. `fresh`
 * asks the server again whenever a screen shows the list (else answers younger than the app's default
 * staleTime are shown as they are); `enabled` as TanStack Query's.
 */
export const usePageQuery = <T>(
  queryKey: QueryKey,
  page: (signal: AbortSignal) => Promise<T>,
  { fresh = false, enabled = true }: { fresh?: boolean; enabled?: boolean } = {},
) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) => page(signal),
    placeholderData: keepPreviousData,
    enabled,
    ...(fresh ? { staleTime: 0 } : {}),
  });
