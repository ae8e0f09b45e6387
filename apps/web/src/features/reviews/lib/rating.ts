import type { CourseRating } from '@skillwise/contracts';

/** A rating as people read it: '4.5 (2 ratings)', or honestly none. */
export const ratingText = (rating: Pick<CourseRating, 'average' | 'count'> | undefined): string => {
  if (!rating || rating.count === 0 || rating.average === null) return 'No ratings yet';
  return `${rating.average.toFixed(1)} (${rating.count === 1 ? '1 rating' : `${rating.count.toLocaleString('en-US')} ratings`})`;
};

/** Stars as words for screen readers. */
export const starsLabel = (rating: number): string => `Rated ${rating} out of 5`;
