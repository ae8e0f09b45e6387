import { formatCount } from '@/lib/format';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { pageCountFor } from '@/lib/paging';
import { Pagination } from './pagination';

type ListPagerProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The server's count of matching rows (`X-Total-Count`). */
  total: number;
  onPageChange: (page: number) => void;
  /** What the rows are (see `PagerNoun`). */
  noun: PagerNoun;
  /** The pager's accessible name, e.g. 'Students pages'. */
  label: string;
};

/**
 * What a list's rows are: a catalogue message counting them, `{count, plural, one {# student} other {#
 * students}}` (each language's plural forms); or what one row is and what many are, ['student', 'students'].
 */
export type PagerNoun = MessageId | readonly [string, string];

/** A count of rows with their noun: "23 students". */
const countOf = (total: number, noun: PagerNoun): string =>
  typeof noun === 'string'
    ? t(noun, { count: total })
    : `${formatCount(total)} ${total === 1 ? noun[0] : noun[1]}`;

/** Which rows the page shows out of how many: "23 students", or "Showing 11–20 of 10,000 students". */
export const pageSummary = (page: number, pageSize: number, total: number, noun: PagerNoun): string => {
  const rows = countOf(total, noun);
  if (total <= pageSize && page === 1) return rows;
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return t('common.ui.pager.showing', { from: formatCount(from), to: formatCount(to), rows });
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
