import type { CourseRating } from '@skillwise/contracts';
import { formatCount } from '@/lib/format';

/** How many ratings there are: '1 rating', '1,204 ratings'. */
export const ratingCountText = (count: number): string =>
  count === 1 ? '1 rating' : `${formatCount(count)} ratings`;

/** A rating as people read it: '4.5 (2 ratings)', or honestly none. */
export const ratingText = (rating: Pick<CourseRating, 'average' | 'count'> | undefined): string => {
  if (!rating || rating.count === 0 || rating.average === null) return 'No ratings yet';
  return `${rating.average.toFixed(1)} (${ratingCountText(rating.count)})`;
};

/** Stars as words for screen readers. */
export const starsLabel = (rating: number): string => `Rated ${rating} out of 5`;
