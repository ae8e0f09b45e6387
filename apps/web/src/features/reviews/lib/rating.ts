import type { CourseRating } from '@skillwise/contracts';
import { formatCount, numberFormat } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** An average rating to one decimal: `4.5`. */
export const averageText = (average: number): string =>
  numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);

/** How many ratings there are: '1 rating', '1,204 ratings'. */
export const ratingCountText = (count: number): string => t('site.reviews.ratingCount', { count });

/** A rating as people read it: '4.5 (2 ratings)', or honestly none. */
export const ratingText = (rating: Pick<CourseRating, 'average' | 'count'> | undefined): string => {
  if (!rating || rating.count === 0 || rating.average === null) return t('site.reviews.none');
  return t('site.reviews.ratingWithCount', {
    average: averageText(rating.average),
    count: ratingCountText(rating.count),
  });
};

/** Stars as words for screen readers. */
export const starsLabel = (rating: number): string =>
  t('site.reviews.starsLabel', { rating: formatCount(rating) });
