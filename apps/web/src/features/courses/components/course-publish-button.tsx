import { Button } from '@/components/ui/button';
import { PublishedChip } from '@/components/ui/chip';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useAdminCourse, usePublishCourse } from '../api/course-admin';

/** SPEC §2.13 Curriculum: the course's Publish/Unpublish toggle, with its current state beside it. */
export const CoursePublishButton = ({ courseId }: { courseId: number }) => {
  const course = useAdminCourse(courseId);
  const publish = usePublishCourse(courseId);
  if (!course.data) return null;
  const { published } = course.data;
  return (
    <div className="flex items-center gap-3">
      <PublishedChip published={published} />
      <Button
        variant={published ? 'outline' : 'primary'}
        isLoading={publish.isPending}
        loadingText={published ? 'Unpublishing...' : 'Publishing...'}
        onClick={() =>
          publish.mutate(!published, {
            onSuccess: (saved) => notify.success(saved.published ? 'Course published' : 'Course unpublished'),
            // DESIGN decision 7: a plan limit is refused with a message naming the plan.
            onError: (error) => notify.error(errorMessage(error, 'The course could not be changed.')),
          })
        }
      >
        {published ? 'Unpublish' : 'Publish'}
      </Button>
    </div>
  );
};

/** The stored course's title, for headings of screens about it. */
export const useCourseTitle = (courseId: number | null): string | undefined =>
  useAdminCourse(courseId).data?.course_title;
