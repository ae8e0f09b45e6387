import { lazy, Suspense } from 'react';

// react-paginate comes with the first list long enough to page: most lists a visitor opens are not.
const PageLinks = lazy(() => import('./page-links'));

export type PaginationProps = {
  pageCount: number;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  label?: string;
};

/**
 * SPEC §9: numbered pages with a range of 2 and a margin of 2 around the gaps; nothing for a single
 * page. While the links load, an empty row of their height keeps the page below from moving.
 */
export const Pagination = (props: PaginationProps) => {
  if (props.pageCount <= 1) return null;
  return (
    <Suspense fallback={<div className="h-9" />}>
      <PageLinks {...props} />
    </Suspense>
  );
};
