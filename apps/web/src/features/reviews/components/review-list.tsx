import { PAGE_SIZES, type Review } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { DataList, useListPager } from '@/components/ui/data-list';
import { PersonPhoto } from '@/components/ui/person-photo';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useCourseReviews } from '../api/reviews';
import { Stars } from './stars';

const PAGE_SIZE = PAGE_SIZES.reviews;

/** One review: who (first name and initial), when, the stars and the comment as plain text. */
const ReviewItem = ({ review, actions }: { review: Review; actions?: ReactNode }) => {
  const [first = '', last = ''] = review.reviewer.split(' ');
  return (
    <>
      <PersonPhoto src={null} firstName={first} lastName={last} className="size-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold text-slate-900">{review.reviewer}</span>
          <Stars rating={review.rating} />
          <span className="text-xs text-slate-500">{formatDate(review.updated_date)}</span>
          {actions}
        </div>
        {review.comment ? (
          // Plain text: React escapes it, so markup in a comment is shown, never rendered.
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{review.comment}</p>
        ) : null}
      </div>
    </>
  );
};

type ReviewListProps = {
  courseId: number;
  /** Names the list: 'Latest reviews'. */
  label: string;
  /** Shown when the course has no review. */
  empty: ReactNode;
  /** Buttons at the end of a review's heading line (the publisher's Hide or Show). */
  actions?: (review: Review) => ReactNode;
};

/** A course's reviews, newest first, a page at a time; the pages show only when there is more than one. */
export const ReviewList = ({ courseId, label, empty, actions }: ReviewListProps) => {
  const t = useT();
  const [page, setPage] = useState(1);
  const reviews = useCourseReviews(courseId, { page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, reviews, {
    label: t('site.reviews.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('site.reviews.nounOne'), t('site.reviews.nounMany')],
    onlyWhenPaged: true,
  });
  return (
    <DataList
      variant="bare"
      label={label}
      query={reviews}
      rowKey={(review) => review.review_Id}
      item={(review) => <ReviewItem review={review} actions={actions?.(review)} />}
      itemProps={() => ({ className: 'flex gap-3' })}
      listClassName="mt-5 flex flex-col gap-4"
      loadingLabel={t('site.reviews.loading')}
      errorText={t('site.reviews.loadFailed')}
      empty={empty}
      pager={pager}
    />
  );
};
