import type { CourseDetail } from '@skillwise/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PublishedChip } from '@/components/ui/chip';
import { useT } from '@/lib/i18n/use-t';
import { notify, notifyFailure } from '@/lib/toast';
import { type PublishCourseInput, useAdminCourse, usePublishCourse } from '../api/course-admin';
import { hasNoPublishedLesson } from '../lib/course-figures';
import { type PublishChoice, PublishCourseDialog } from './publish-course-dialog';

type CoursePublishButtonProps = {
  courseId: number;
  /** After the course's sections and lessons were published with it: the page reloads what shows them. */
  onContentsPublished?: () => void;
};

/**
 * SPEC §2.13 Curriculum: the course's Publish/Unpublish toggle, with its current state beside it. Publishing
 * a course students would find empty asks first, and offers to publish its sections and lessons with it
 * (docs/decisions/017).
 */
export const CoursePublishButton = ({ courseId, onContentsPublished }: CoursePublishButtonProps) => {
  const t = useT();
  const course = useAdminCourse(courseId);
  const publish = usePublishCourse(courseId);
  const [isChecking, setChecking] = useState(false);
  const [warning, setWarning] = useState<CourseDetail | null>(null);
  const [busy, setBusy] = useState<PublishChoice | null>(null);
  if (!course.data) return null;
  const { published } = course.data;

  const run = (input: PublishCourseInput, onDone?: () => void) =>
    publish.mutate(input, {
      onSuccess: (saved) => {
        if (input.withSectionsAndLessons) {
          notify.success(t('admin.courses.publish.doneEverything'));
          onContentsPublished?.();
        } else {
          notify.success(
            saved.published ? t('admin.courses.publish.done') : t('admin.courses.publish.undone'),
          );
        }
      },
      // DESIGN decision 7: a plan limit is refused with a message naming the plan.
      onError: (error) => notifyFailure(error, t('admin.courses.publish.failed')),
      onSettled: onDone,
    });

  const onClick = async () => {
    if (published) return run({ published: false });
    // The curriculum may have changed since the course was read: judge on the course as it is now.
    setChecking(true);
    const fresh = await course.refetch();
    setChecking(false);
    const current = fresh.data ?? course.data;
    if (current && hasNoPublishedLesson(current)) return setWarning(current);
    run({ published: true });
  };

  const choose = (choice: PublishChoice) => {
    setBusy(choice);
    run({ published: true, withSectionsAndLessons: choice === 'everything' }, () => {
      setBusy(null);
      setWarning(null);
    });
  };

  return (
    <div className="flex items-center gap-3">
      <PublishedChip published={published} />
      <Button
        variant={published ? 'outline' : 'primary'}
        isLoading={isChecking || (publish.isPending && warning === null)}
        loadingText={
          published ? t('admin.courses.publish.unpublishing') : t('admin.courses.publish.publishing')
        }
        onClick={() => void onClick()}
      >
        {published ? t('admin.courses.publish.unpublish') : t('admin.courses.publish.publish')}
      </Button>
      <PublishCourseDialog
        open={warning !== null}
        sectionsCount={warning?.sections_count ?? 0}
        lessonsCount={warning?.lessons_count ?? 0}
        busy={busy}
        onChoose={choose}
        onClose={() => setWarning(null)}
      />
    </div>
  );
};

/** The stored course's title, for headings of screens about it. */
export const useCourseTitle = (courseId: number | null): string | undefined =>
  useAdminCourse(courseId).data?.course_title;
