import { likePattern, type Paged, type PageWindow } from '@skillwise/contracts';
import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/**
 * A case-insensitive substring match on any of `columns`, with `%`, `_` and `\` taken literally; no
 * condition when there is no search. A leading `%` cannot use a btree index, so a search is a scan of the
 * rows the list's other conditions (organisation, student, published) already narrowed down. A trigram
 * index would need the pg_trgm extension, which the embedded database cannot load without extra set-up.
 */
export function containsText(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => sql`${column} ilike ${pattern} escape '\\'`));
}

/**
 * `containsText` for columns that hold lower-cased text already (a sort key): a plain LIKE of the
 * lower-cased pattern, several times cheaper per row than ILIKE, which lower-cases every value it reads.
 */
export function containsLowerText(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => sql`${column} like lower(${pattern}) escape '\\'`));
}

/** Adds the page's limit and offset to a query, in SQL; the whole list when there is no window. */
export function inWindow<T extends PgSelect>(query: T, window: PageWindow): T {
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/**
 * Runs a list's page query and, only when the page cannot tell, its count query. A whole list, or a page
 * that is not full, knows its total already; a full page, or an empty one past the start, asks for it.
 */
export async function pageOf<T>(
  window: PageWindow,
  rows: () => PromiseLike<T[]>,
  count: () => Promise<number>,
): Promise<Paged<T>> {
  const page = await rows();
  if (!window) return { rows: page, total: page.length };
  const known = page.length < window.limit && (page.length > 0 || window.offset === 0);
  return { rows: page, total: known ? window.offset + page.length : await count() };
}

/**
 * pageOf for a list read by one select: `query`'s rows in the window, in the query's order, and the total
 * from `count` when the page cannot tell.
 */
export function pageOfQuery<Query extends PgSelect>(
  query: Query,
  window: PageWindow,
  count: () => Promise<number>,
): Promise<Paged<Awaited<Query>[number]>> {
  // A select is a promise of its rows: what awaiting the query answers.
  return pageOf(window, () => inWindow(query, window) as PromiseLike<Awaited<Query>[number][]>, count);
}
