import { z } from 'zod';
import { expected, hasControlCharacter } from './common';
import { PAGE_MAX, PAGE_SIZE_MAX, SEARCH_MAX } from './paging-sizes';

/** A whole number within bounds, as a number or its digits (query strings send text). */
const boundedInteger = (min: number, max: number) =>
  z
    .union(
      [z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number')],
      expected('a whole number'),
    )
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    );

/** An optional text of a query string, trimmed, of at most `max` characters; blank means none. */
export const queryText = (max: number) =>
  z
    .string(expected('text'))
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
    .optional()
    .transform((value) => (value ? value : undefined));

export const pageQuerySchema = z.object({
  /** 1-based page number; asking for a page turns paging on. */
  page: boundedInteger(1, PAGE_MAX).optional(),
  /** Rows per page (1 to PAGE_SIZE_MAX); asking for a size turns paging on. */
  pageSize: boundedInteger(1, PAGE_SIZE_MAX).optional(),
  /** Case-insensitive substring search; blank means no search. */
  search: queryText(SEARCH_MAX),
});
export type PageQuery = z.output<typeof pageQuerySchema>;
export type PageQueryInput = z.input<typeof pageQuerySchema>;

/** A page to fetch: `limit` rows after `offset`; undefined when the caller asked for the whole list. */
export type PageWindow = { limit: number; offset: number } | undefined;

/** The rows a paging query asks for, with the list's own default size when only `page` is given. */
export function pageWindow(query: PageQuery, defaultSize: number): PageWindow {
  if (query.page === undefined && query.pageSize === undefined) return undefined;
  const limit = query.pageSize ?? defaultSize;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/** A page of rows with the number of all rows that match. */
export type Paged<T> = { rows: T[]; total: number };

/**
 * The `like` pattern for a case-insensitive substring search: `%`, `_` and `\` in the text are
 * matched literally (used with `ilike ... escape '\'`).
 */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
