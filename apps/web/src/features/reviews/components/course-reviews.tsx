import { Card, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n/use-t';
import { useCourseRating, useMyReview } from '../api/reviews';
import { averageText, ratingCountText, ratingText } from '../lib/rating';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { Stars } from './stars';

type CourseReviewsProps = {
  courseId: number;
  /** A signed-in student: asks whether it may review (enrolled) and shows its form. */
  isStudent: boolean;
};

/**
 * The course page's reviews, in place of the static comments box: the average and number of ratings
 * (or 'No ratings yet'), the latest reviews a page at a time, and the enrolled student's own form.
 */
export const CourseReviews = ({ courseId, isStudent }: CourseReviewsProps) => {
  const t = useT();
  const rating = useCourseRating(courseId);
  const mine = useMyReview(courseId, isStudent);
  const summary = rating.data;

  return (
    <Card className="p-6">
      <CardTitle id="course-reviews">{t('site.reviews.title')}</CardTitle>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        {summary && summary.average !== null && summary.count > 0 ? (
          <>
            <span className="text-3xl font-bold text-slate-900">{averageText(summary.average)}</span>
            <Stars rating={summary.average} className="[&_svg]:size-5" />
            <span className="text-sm text-slate-600">{ratingCountText(summary.count)}</span>
          </>
        ) : rating.isPending ? null : (
          <p className="text-sm text-slate-600">{ratingText(summary)}</p>
        )}
      </div>
      <ReviewList courseId={courseId} label={t('site.reviews.latest')} empty={null} />
      {mine.data?.canReview ? (
        <div className="mt-6 border-t border-slate-100 pt-5">
          <h3 className="font-semibold text-slate-900">
            {t(mine.data.review ? 'site.reviews.yours' : 'site.reviews.rate')}
          </h3>
          <ReviewForm courseId={courseId} review={mine.data.review} className="mt-3" />
        </div>
      ) : null}
    </Card>
  );
};

/** The student's own review in the course view: the form alone, under its heading. */
export const CourseReviewCard = ({ courseId }: { courseId: number }) => {
  const t = useT();
  const mine = useMyReview(courseId, true);
  if (!mine.data?.canReview) return null;
  return (
    <Card className="p-6">
      <CardTitle>{t(mine.data.review ? 'site.reviews.yours' : 'site.reviews.rate')}</CardTitle>
      <ReviewForm courseId={courseId} review={mine.data.review} className="mt-3" />
    </Card>
  );
};
