import { PAGE_SIZES } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { ListPager } from '@/components/ui/list-pager';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCourseRating, useCourseReviews, useSetReviewHidden } from '../api/reviews';
import { ratingText } from '../lib/rating';
import { ReviewItem } from './course-reviews';

const PAGE_SIZE = PAGE_SIZES.reviews;

/**
 * The publisher's view of a course's reviews: every review, hidden ones marked, each with Hide or Show.
 * A hidden review leaves the course page and its average.
 */
export const ReviewsModeration = ({ courseId }: { courseId: number }) => {
  const [page, setPage] = useState(1);
  const rating = useCourseRating(courseId);
  const reviews = useCourseReviews(courseId, { page, pageSize: PAGE_SIZE });
  const setHidden = useSetReviewHidden(courseId);
  const rows = reviews.data?.rows ?? [];
  const total = reviews.data?.total ?? 0;

  const toggle = (reviewId: number, hidden: boolean) =>
    setHidden.mutate(
      { reviewId, hidden },
      {
        onError: (error) => notify.error(errorMessage(error, 'The review could not be changed.')),
      },
    );

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Reviews</h2>
        <p className="text-sm text-slate-600">Shown publicly: {ratingText(rating.data)}</p>
      </div>
      {reviews.isPending ? (
        <LoadingBlock label="Loading reviews..." />
      ) : reviews.isError ? (
        <Alert className="mt-4">{errorMessage(reviews.error, 'The reviews could not be loaded.')}</Alert>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews of this course" className="mt-5 flex flex-col gap-4">
          {rows.map((review) => (
            <ReviewItem
              key={review.review_Id}
              review={review}
              actions={
                <span className="ml-auto flex items-center gap-2">
                  {review.hidden ? <Chip tone="muted">Hidden</Chip> : null}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => toggle(review.review_Id, !review.hidden)}
                    disabled={setHidden.isPending && setHidden.variables?.reviewId === review.review_Id}
                    aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.reviewer}`}
                  >
                    {review.hidden ? 'Show' : 'Hide'}
                  </Button>
                </span>
              }
            />
          ))}
        </ul>
      )}
      {total > PAGE_SIZE ? (
        <div className="mt-5">
          <ListPager
            label="Reviews pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            noun={['review', 'reviews']}
          />
        </div>
      ) : null}
    </Card>
  );
};
