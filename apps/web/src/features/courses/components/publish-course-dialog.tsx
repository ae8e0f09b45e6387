import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/drawn-icons';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';

/** The choice made in the dialog: publish the course's sections and lessons with it, or the course alone. */
export type PublishChoice = 'everything' | 'course';

type PublishCourseDialogProps = {
  open: boolean;
  /** All of the course's sections and lessons, drafts included. */
  sectionsCount: number;
  lessonsCount: number;
  /** The choice being published, while the call runs. */
  busy: PublishChoice | null;
  onChoose: (choice: PublishChoice) => void;
  onClose: () => void;
};

/**
 * Asked before a course is published with nothing students could see (no published section holding a
 * published lesson): publish its sections and lessons with it in one step, publish the course alone (the
 * catalogue then says it is coming soon), or cancel (docs/decisions/017).
 */
export const PublishCourseDialog = ({
  open,
  sectionsCount,
  lessonsCount,
  busy,
  onChoose,
  onClose,
}: PublishCourseDialogProps) => {
  const t = useT();
  const hasLessons = lessonsCount > 0;
  const sections = t('admin.courses.details.sectionsCount', {
    count: sectionsCount,
    n: formatCount(sectionsCount),
  });
  const lessons = t('admin.courses.details.lessonsCount', {
    count: lessonsCount,
    n: formatCount(lessonsCount),
  });
  return (
    <Modal
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title={t('admin.courses.publish.emptyTitle')}
      className="max-w-lg"
    >
      <div className="flex flex-col gap-3 text-sm text-slate-600">
        <p className="flex items-start gap-2.5 rounded-xl bg-amber-50 px-3.5 py-3 text-amber-900 ring-1 ring-amber-200 ring-inset">
          <AlertIcon className="mt-px size-4.5 shrink-0" />
          <span>{t('admin.courses.publish.emptyText')}</span>
        </p>
        {hasLessons ? (
          <p>
            <T
              id="admin.courses.publish.everythingText"
              values={{ sections, lessons }}
              components={{ 0: <strong className="font-semibold text-slate-900" /> }}
            />
          </p>
        ) : (
          <p>{t('admin.courses.publish.noLessons')}</p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={busy !== null}>
          {t('admin.courses.cancel')}
        </Button>
        <Button
          variant={hasLessons ? 'outline' : 'primary'}
          onClick={() => onChoose('course')}
          disabled={busy === 'everything'}
          isLoading={busy === 'course'}
          loadingText={t('admin.courses.publish.publishing')}
        >
          {t('admin.courses.publish.courseOnly')}
        </Button>
        {hasLessons ? (
          <Button
            onClick={() => onChoose('everything')}
            disabled={busy === 'course'}
            isLoading={busy === 'everything'}
            loadingText={t('admin.courses.publish.publishing')}
          >
            {t('admin.courses.publish.everything')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
};
