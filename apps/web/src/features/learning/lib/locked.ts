import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** A lesson as the student's lists answer it: whether it is open yet (docs/decisions/032). */
type Lockable = { locked?: boolean | undefined; opens_at?: string | null | undefined };

/** Why a locked lesson cannot be opened yet, as its row says it; null for an open lesson. */
export const lockedText = (lesson: Lockable): string | null => {
  if (lesson.locked !== true) return null;
  return lesson.opens_at
    ? t('learning.learning.locked.opensOn', { date: formatDate(lesson.opens_at) })
    : t('learning.learning.locked.completePrevious');
};
