import { RowButton } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useCourseRating, useSetReviewHidden } from '../api/reviews';
import { ratingText } from '../lib/rating';
import { ReviewList } from './review-list';

/**
 * The publisher's view of a course's reviews: every review, hidden ones marked, each with Hide or Show.
 * A hidden review leaves the course page and its average.
 */
export const ReviewsModeration = ({ courseId }: { courseId: number }) => {
  const t = useT();
  const rating = useCourseRating(courseId);
  const setHidden = useSetReviewHidden(courseId);

  const toggle = (reviewId: number, hidden: boolean) =>
    setHidden.mutate(
      { reviewId, hidden },
      {
        onError: (error) => notify.error(errorMessage(error, t('admin.reviews.changeFailed'))),
      },
    );

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle>{t('admin.reviews.title')}</CardTitle>
        <p className="text-sm text-slate-600">
          {t('admin.reviews.shownPublicly', { rating: ratingText(rating.data) })}
        </p>
      </div>
      <ReviewList
        courseId={courseId}
        label={t('admin.reviews.ofCourse')}
        empty={<p className="mt-3 text-sm text-slate-500">{t('admin.reviews.none')}</p>}
        actions={(review) => (
          <span className="ms-auto flex items-center gap-2">
            {review.hidden ? <Chip tone="muted">{t('admin.reviews.hidden')}</Chip> : null}
            <RowButton
              onClick={() => toggle(review.review_Id, !review.hidden)}
              disabled={setHidden.isPending && setHidden.variables?.reviewId === review.review_Id}
              label={t(review.hidden ? 'admin.reviews.showBy' : 'admin.reviews.hideBy', {
                reviewer: review.reviewer,
              })}
            >
              {t(review.hidden ? 'admin.reviews.show' : 'admin.reviews.hide')}
            </RowButton>
          </span>
        )}
      />
    </Card>
  );
};
