import { PAGINATION } from '@skillwise/contracts';
import { useLayoutEffect, useRef } from 'react';
import ReactPaginateExport from 'react-paginate';
import { useT } from '@/lib/i18n/use-t';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import type { PaginationProps } from './pagination';

type ReactPaginateComponent = typeof ReactPaginateExport;

/**
 * react-paginate ships a UMD bundle: the production build hands its module object over instead of
 * the component (React error #130), while Node's interop unwraps it. Take the component either way.
 */
const ReactPaginate: ReactPaginateComponent =
  (ReactPaginateExport as unknown as { default?: ReactPaginateComponent }).default ?? ReactPaginateExport;

// Narrower on phones, so a pager of four-digit pages (1 2 … 999 1000) stays on one line at 360 px.
const LINK =
  'flex h-9 min-w-8 items-center justify-center rounded-lg px-1 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 sm:min-w-9 sm:px-2';

/**
 * The numbered pages of `Pagination`, loaded with the first list that has more than one page.
 * react-paginate draws its list as `<ul role="navigation">`, which hides the list from assistive
 * technology and breaks the list-item rule inside our own <nav>: the list gets its list role back
 * after every render.
 */
const PageLinks = ({ pageCount, page, onPageChange, label }: PaginationProps) => {
  const t = useT();
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const list = nav.current?.querySelector('ul');
    if (!list) return;
    list.setAttribute('role', 'list');
    list.removeAttribute('aria-label');
  });
  return (
    <nav aria-label={label ?? t('common.ui.pagination')} ref={nav}>
      <ReactPaginate
        pageCount={pageCount}
        forcePage={Math.min(page, pageCount - 1)}
        onPageChange={({ selected }) => onPageChange(selected)}
        pageRangeDisplayed={PAGINATION.range}
        marginPagesDisplayed={PAGINATION.margin}
        previousLabel={<ChevronLeftIcon className="size-4" />}
        nextLabel={<ChevronRightIcon className="size-4" />}
        previousAriaLabel={t('common.ui.previousPage')}
        nextAriaLabel={t('common.ui.nextPage')}
        breakLabel="…"
        containerClassName="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1"
        pageLinkClassName={LINK}
        previousLinkClassName={LINK}
        nextLinkClassName={LINK}
        breakLinkClassName={LINK}
        activeLinkClassName="bg-brand-600! text-white! hover:bg-brand-700!"
        disabledLinkClassName="pointer-events-none opacity-40"
      />
    </nav>
  );
};

export default PageLinks;
