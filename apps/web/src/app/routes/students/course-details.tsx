import { useSearchParams } from 'react-router';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { CourseDetailScreen } from '../site/course-detail';

/** SPEC §2.3: the chosen course inside the student area (?id=, else the stored id), as /courseDetail. */
export const StudentCourseDetailsPage = () => {
  const [params] = useSearchParams();
  return (
    <CourseDetailScreen
      courseId={parseCourseId(params.get('id') ?? storage.get('courseId'))}
      browsePath={paths.students.courses}
    />
  );
};
