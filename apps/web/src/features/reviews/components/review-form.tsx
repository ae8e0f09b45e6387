import { RATING_MAX, REVIEW_COMMENT_MAX, type Review } from '@skillwise/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StarIcon } from '@/components/ui/drawn-icons';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { counterText, formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useSaveReview } from '../api/reviews';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

type ReviewValues = { rating: number; comment: string };

/** A rating of at least one star, and a comment of at most 1000 characters once trimmed. */
const validateReview = ({ rating, comment }: ReviewValues): FormErrors<ReviewValues> => {
  if (rating < 1) return { problem: t('site.reviews.chooseRating'), fields: { rating: true } };
  if (comment.trim().length > REVIEW_COMMENT_MAX) {
    return {
      problem: t('site.reviews.commentTooLong', { max: REVIEW_COMMENT_MAX }),
      fields: { comment: true },
    };
  }
  return {};
};

type ReviewFormProps = {
  courseId: number;
  /** The student's review so far: the form edits it. */
  review: Review | null;
  className?: string;
};

/**
 * An enrolled student's rating (1 to 5 stars, radio buttons) and optional comment (plain text, at most
 * 1000 characters). Submitting again changes the same review.
 */
export const ReviewForm = ({ courseId, review, className }: ReviewFormProps) => {
  const t = useT();
  const id = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveReview(courseId);
  const form = useForm({
    initial: { rating: review?.rating ?? 0, comment: review?.comment ?? '' },
    validate: validateReview,
  });
  const { rating, comment } = form.values;
  const commentField = form.field('comment');
  const isTooLong = comment.trim().length > REVIEW_COMMENT_MAX;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    await save.mutateAsync({ course_Id: courseId, rating: values.rating, comment: values.comment.trim() });
    // Said beside the form, where the student is looking (a toast may be off screen on a phone).
    setSaved(t(review ? 'site.reviews.updated' : 'site.reviews.thanks'));
  });

  const error = form.problem ?? form.failureMessage(t('site.reviews.saveFailed'));

  return (
    <form onSubmit={onSubmit} noValidate className={cn('flex flex-col gap-4', className)}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('site.reviews.yourRating')}</legend>
        <div className="mt-1.5 flex items-center gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-500"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={star}
                checked={rating === star}
                onChange={() => form.setValue('rating', star)}
                className="sr-only"
              />
              <StarIcon
                aria-hidden="true"
                className={cn(
                  'size-7',
                  star <= rating ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300',
                )}
              />
              <span className="sr-only">{t('site.reviews.stars', { count: star })}</span>
            </label>
          ))}
          {rating > 0 ? (
            <span className="ms-2 text-sm text-slate-600">
              {t('site.reviews.ratingOf', { rating: formatCount(rating) })}
            </span>
          ) : null}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-700">
            <T
              id="site.reviews.yourReview"
              components={{ 0: <span className="font-normal text-slate-500" /> }}
            />
          </label>
          <span
            className={cn(
              'text-xs tabular-nums',
              isTooLong ? 'font-medium text-amber-700' : 'text-slate-500',
            )}
          >
            {counterText(comment.trim().length, REVIEW_COMMENT_MAX)}
          </span>
        </div>
        <Textarea
          id={`${id}-comment`}
          rows={3}
          placeholder={t('site.reviews.placeholder')}
          value={commentField.value}
          onChange={commentField.onChange}
          onBlur={commentField.onBlur}
          aria-invalid={commentField['aria-invalid']}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <p role="status" className="text-sm font-medium text-emerald-700 empty:hidden">
        {saved}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {review?.hidden ? <p className="text-xs text-slate-500">{t('site.reviews.hiddenNote')}</p> : <span />}
        <Button type="submit" isLoading={form.isSubmitting} loadingText={t('site.reviews.saving')}>
          {t(review ? 'site.reviews.update' : 'site.reviews.post')}
        </Button>
      </div>
    </form>
  );
};
