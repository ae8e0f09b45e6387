import {
  type Paged,
  type PageQuery,
  type PageWindow,
  pageWindow,
  TOTAL_COUNT_HEADER,
} from '@skillwise/contracts';
import type { FastifyReply } from 'fastify';

/** What a list call was asked for, normalised: the rows to fetch (none: all) and the search text. */
export type ListQuery = { window: PageWindow; search: string | undefined };

/** The whole list, unsearched: what a list call answers without paging parameters. */
export const WHOLE_LIST: ListQuery = { window: undefined, search: undefined };

/** The parsed paging parameters of a call, with the call's own page size when only `page` is given. */
export const listQuery = (query: PageQuery, defaultSize: number): ListQuery => ({
  window: pageWindow(query, defaultSize),
  search: query.search,
});

/** A key naming the same answer for equivalent queries (`page=1` is `page=1&pageSize=<default>`). */
export const listKey = (prefix: string, list: ListQuery): string =>
  list.window === undefined && list.search === undefined
    ? prefix
    : `${prefix}?${JSON.stringify([list.window?.limit ?? null, list.window?.offset ?? null, list.search ?? null])}`;

export const mapPage = <T, U>(page: Paged<T>, map: (row: T) => U): Paged<U> => ({
  rows: page.rows.map(map),
  total: page.total,
});

/**
 * Answers a list as the specification's client reads it (an array), with the number of rows matching the
 * search in `X-Total-Count` (DESIGN decision 10), paged or not.
 */
export function sendPage<T>(reply: FastifyReply, page: Paged<T>): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
