import { StarIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/i18n/use-t';
import { starsLabel } from '../lib/rating';

/** A rating drawn as five stars (rounded to the nearest whole star), read as words. */
export const Stars = ({ rating, className }: { rating: number; className?: string }) => {
  // Its words are asked of the catalogue as it draws: a change of language draws it again.
  useLocale();
  return (
    <span
      role="img"
      aria-label={starsLabel(rating)}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          aria-hidden="true"
          className={cn('size-4', star <= Math.round(rating) ? 'text-amber-500' : 'text-slate-300')}
        />
      ))}
    </span>
  );
};
