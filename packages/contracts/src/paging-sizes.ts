// No validation library here: the web app's first script reads these (apps/web/vite.config.ts checks).

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
