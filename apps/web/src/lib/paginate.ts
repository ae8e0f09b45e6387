/** How many pages `total` items fill, `size` a page; at least one so an empty list has a page. */
export const pageCountFor = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** The items of one zero-based page; a page past the end shows the last one (after a delete). */
export const pageOf = <T>(items: readonly T[], page: number, size: number): { page: number; items: T[] } => {
  const last = pageCountFor(items.length, size) - 1;
  const current = Math.min(Math.max(page, 0), last);
  return { page: current, items: items.slice(current * size, current * size + size) };
};
