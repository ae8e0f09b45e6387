import { formatCount } from '@/lib/format';
import { pageCountFor } from '@/lib/paging';
import { Pagination } from './pagination';

type ListPagerProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The server's count of matching rows (`X-Total-Count`). */
  total: number;
  onPageChange: (page: number) => void;
  /** What one row is and what many are: ['student', 'students']. */
  noun: readonly [string, string];
  /** The pager's accessible name, e.g. 'Students pages'. */
  label: string;
};

/** Which rows the page shows out of how many: "23 students", or "Showing 11–20 of 10,000 students". */
export const pageSummary = (
  page: number,
  pageSize: number,
  total: number,
  [one, many]: readonly [string, string],
): string => {
  const noun = total === 1 ? one : many;
  if (total <= pageSize && page === 1) return `${formatCount(total)} ${noun}`;
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${noun}`;
};

/** Under a paged list: the summary of rows shown and the numbered pages (SPEC §9: range 2, margin 2). */
export const ListPager = ({ page, pageSize, total, onPageChange, noun, label }: ListPagerProps) => (
  <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
    <p className="text-sm text-slate-500" aria-live="polite">
      {pageSummary(page, pageSize, total, noun)}
    </p>
    <Pagination
      label={label}
      pageCount={pageCountFor(total, pageSize)}
      page={page - 1}
      onPageChange={(selected) => onPageChange(selected + 1)}
    />
  </div>
);
