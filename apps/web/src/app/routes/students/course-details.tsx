import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { CourseDetailScreen } from '../site/course-detail';

/** SPEC §2.3: the chosen course inside the student area, the same detail as /courseDetail. */
export const StudentCourseDetailsPage = () => (
  <CourseDetailScreen courseId={parseCourseId(storage.get('courseId'))} browsePath={paths.students.courses} />
);
