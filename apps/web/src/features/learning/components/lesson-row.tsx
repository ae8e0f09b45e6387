import { type Lesson, lessonKind } from '@skillwise/contracts';
import { lessonKindLabel } from '@/components/ui/content-type-icon';
import { CheckCircleIcon, LockIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { lockedText } from '../lib/locked';
import { canOpenLesson, isViewable } from '../lib/viewable';
import { LessonThumb } from './lesson-thumb';

type LessonRowProps = {
  lesson: Lesson;
  isCompleted: boolean;
  /** The lesson open in the viewer. */
  isCurrent: boolean;
  onOpen: (lesson: Lesson) => void;
};

/**
 * A lesson in the course content: its kind, why it is not open yet (docs/decisions/032), and whether the
 * student started or completed it. A lesson the viewer can open is a button; any other is a plain row.
 */
export const LessonRow = ({ lesson, isCompleted, isCurrent, onOpen }: LessonRowProps) => {
  const t = useT();
  const kind = lessonKind(lesson.contentType);
  const started = lesson.lessonstarted;
  const locked = lockedText(lesson);
  const body = (
    <>
      <LessonThumb lesson={lesson} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium break-words text-slate-800">{lesson.lesson_title}</span>
        <span className="block text-xs text-slate-600">
          {lessonKindLabel(kind)}
          {locked
            ? ` · ${locked}`
            : isViewable(lesson.contentType) || kind === 'quiz'
              ? null
              : ` · ${t('learning.learning.row.notViewable')}`}
        </span>
      </span>
      {locked ? (
        <LockIcon className="size-4 shrink-0 text-slate-500" />
      ) : isCompleted ? (
        <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-800">
          <CheckCircleIcon className="size-4" />
          {t('learning.learning.status.completed')}
        </span>
      ) : started ? (
        <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700">
          <CheckCircleIcon className="size-4" />
          {t('learning.learning.status.started')}
        </span>
      ) : null}
    </>
  );
  const rowClass = cn(
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start',
    (started || isCompleted) && 'bg-emerald-50/80',
    isCurrent && 'bg-brand-50 ring-1 ring-brand-200 ring-inset',
  );
  return canOpenLesson(lesson) ? (
    <button
      type="button"
      onClick={() => onOpen(lesson)}
      aria-current={isCurrent ? 'true' : undefined}
      className={cn(rowClass, !isCurrent && 'transition-colors hover:bg-slate-100')}
    >
      {body}
    </button>
  ) : (
    <div className={cn(rowClass, 'opacity-80')}>{body}</div>
  );
};
