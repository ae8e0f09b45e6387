import { z } from 'zod';
import { expected, hasControlCharacter } from './common';

/**
 * Paging and search on list calls (DESIGN decision 10, README "Additions"). Every list call takes
 * these optional query parameters; without them it answers its whole list as the specification's
 * client expects. The answer keeps its shape (an array stays an array) and the number of matching
 * rows travels in the `X-Total-Count` header.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** The largest page a list call answers. */
export const PAGE_SIZE_MAX = 100;
/** The deepest page asked for: past it a list is searched, not paged through. */
export const PAGE_MAX = 100_000;
/** The longest search text. */
export const SEARCH_MAX = 100;

/** Page sizes the web app asks for, and each list call's default when only `page` is given. */
export const PAGE_SIZES = {
  catalogue: 12,
  featured: 8,
  orgCourses: 12,
  categories: 10,
  authors: 5,
  students: 10,
  sales: 10,
  purchases: 10,
  myCourses: 12,
  unassignedCourses: 10,
  reviews: 5,
  refundRequests: 5,
  coupons: 10,
  webhookDeliveries: 10,
  broadcasts: 10,
  auditLog: 20,
} as const;

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
