import { Button } from '@/components/ui/button';
import { CheckCircleIcon, LockIcon } from '@/components/ui/drawn-icons';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

type CourseProgressBarProps = {
  completed: number;
  total: number;
  share: string;
  /** Opens the next lesson not completed; absent when every lesson is. */
  onContinue: (() => void) | undefined;
};

/** The student's progress (completed published lessons over published lessons) and 'Continue'. */
export const CourseProgressBar = ({ completed, total, share, onContinue }: CourseProgressBarProps) => {
  const t = useT();
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-card sm:flex-row sm:items-center sm:gap-5">
      <div className="min-w-0 flex-1">
        <p id="course-progress-label" className="flex flex-wrap justify-between gap-x-3 text-sm">
          <span className="font-semibold text-slate-900">{t('learning.learning.progress.title')}</span>
          <span className="text-slate-600">
            {t('learning.learning.progress.count', { completed: formatCount(completed), total, share })}
          </span>
        </p>
        {/* A native progress element: no inline style, which the app's CSP refuses. */}
        <progress
          aria-labelledby="course-progress-label"
          aria-valuetext={t('learning.learning.progress.valueText', { share })}
          value={completed}
          max={total}
          className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-100 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-emerald-500 [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-emerald-500"
        />
      </div>
      {onContinue ? (
        <Button onClick={onContinue} className="shrink-0">
          {t('learning.learning.progress.continue')}
        </Button>
      ) : completed < total ? (
        // Every lesson left is not open yet (docs/decisions/032).
        <p className="flex h-11 shrink-0 items-center gap-1.5 text-sm font-semibold text-slate-600">
          <LockIcon className="size-4" />
          {t('learning.learning.progress.later')}
        </p>
      ) : (
        // As tall as the Continue button it replaces: the page below does not move when the last lesson completes.
        <p className="flex h-11 shrink-0 items-center gap-1.5 text-sm font-semibold text-emerald-800">
          <CheckCircleIcon className="size-4" />
          {t('learning.learning.progress.completed')}
        </p>
      )}
    </div>
  );
};
