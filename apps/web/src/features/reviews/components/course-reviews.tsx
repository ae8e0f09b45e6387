import { PAGE_SIZES, type Review } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ListPager } from '@/components/ui/list-pager';
import { PersonPhoto } from '@/components/ui/person-photo';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCourseRating, useCourseReviews, useMyReview } from '../api/reviews';
import { ratingCountText, ratingText } from '../lib/rating';
import { ReviewForm } from './review-form';
import { Stars } from './stars';

const PAGE_SIZE = PAGE_SIZES.reviews;

/** One review: who (first name and initial), when, the stars and the comment as plain text. */
export const ReviewItem = ({ review, actions }: { review: Review; actions?: ReactNode }) => {
  const [first = '', last = ''] = review.reviewer.split(' ');
  return (
    <li className="flex gap-3">
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
    </li>
  );
};

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
  const [page, setPage] = useState(1);
  const rating = useCourseRating(courseId);
  const reviews = useCourseReviews(courseId, { page, pageSize: PAGE_SIZE });
  const mine = useMyReview(courseId, isStudent);
  const rows = reviews.data?.rows ?? [];
  const total = reviews.data?.total ?? 0;
  const summary = rating.data;

  return (
    <Card className="p-6">
      <h2 id="course-reviews" className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        {summary && summary.average !== null && summary.count > 0 ? (
          <>
            <span className="text-3xl font-bold text-slate-900">{summary.average.toFixed(1)}</span>
            <Stars rating={summary.average} className="[&_svg]:size-5" />
            <span className="text-sm text-slate-600">{ratingCountText(summary.count)}</span>
          </>
        ) : rating.isPending ? null : (
          <p className="text-sm text-slate-600">{ratingText(summary)}</p>
        )}
      </div>
      {reviews.isPending ? (
        <LoadingBlock label="Loading reviews..." />
      ) : reviews.isError ? (
        <Alert className="mt-4">{errorMessage(reviews.error, 'The reviews could not be loaded.')}</Alert>
      ) : rows.length > 0 ? (
        <ul aria-label="Latest reviews" className="mt-5 flex flex-col gap-4">
          {rows.map((review) => (
            <ReviewItem key={review.review_Id} review={review} />
          ))}
        </ul>
      ) : null}
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
      {mine.data?.canReview ? (
        <div className="mt-6 border-t border-slate-100 pt-5">
          <h3 className="font-semibold text-slate-900">
            {mine.data.review ? 'Your review' : 'Rate this course'}
          </h3>
          <ReviewForm courseId={courseId} review={mine.data.review} className="mt-3" />
        </div>
      ) : null}
    </Card>
  );
};

/** The student's own review in the course view: the form alone, under its heading. */
export const CourseReviewCard = ({ courseId }: { courseId: number }) => {
  const mine = useMyReview(courseId, true);
  if (!mine.data?.canReview) return null;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">
        {mine.data.review ? 'Your review' : 'Rate this course'}
      </h2>
      <ReviewForm courseId={courseId} review={mine.data.review} className="mt-3" />
    </Card>
  );
};
