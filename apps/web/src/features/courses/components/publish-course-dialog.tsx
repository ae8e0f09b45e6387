import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/drawn-icons';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format';

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

const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

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
  const hasLessons = lessonsCount > 0;
  const contents = `${counted(sectionsCount, 'section', 'sections')} and ${counted(lessonsCount, 'lesson', 'lessons')}`;
  return (
    <Modal
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title="Students would find this course empty"
      className="max-w-lg"
    >
      <div className="flex flex-col gap-3 text-sm text-slate-600">
        <p className="flex items-start gap-2.5 rounded-xl bg-amber-50 px-3.5 py-3 text-amber-900 ring-1 ring-amber-200 ring-inset">
          <AlertIcon className="mt-px size-4.5 shrink-0" />
          <span>
            No published section holds a published lesson yet. Published like this, the course shows in the
            catalogue as “coming soon” and cannot be bought until lessons are published.
          </span>
        </p>
        {hasLessons ? (
          <p>
            <strong className="font-semibold text-slate-900">Publish everything</strong> publishes its{' '}
            {contents} with the course, in one step.
          </p>
        ) : (
          <p>
            This course has no lessons yet: add some in its curriculum, then publish them with the course.
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={busy !== null}>
          Cancel
        </Button>
        <Button
          variant={hasLessons ? 'outline' : 'primary'}
          onClick={() => onChoose('course')}
          disabled={busy === 'everything'}
          isLoading={busy === 'course'}
          loadingText="Publishing..."
        >
          Publish course only
        </Button>
        {hasLessons ? (
          <Button
            onClick={() => onChoose('everything')}
            disabled={busy === 'course'}
            isLoading={busy === 'everything'}
            loadingText="Publishing..."
          >
            Publish everything
          </Button>
        ) : null}
      </div>
    </Modal>
  );
};
