import { useNavigate } from 'react-router';
import { Screen } from '@/components/ui/page-header';
import { AssignedCourses } from '@/features/courses/components/assigned-courses';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

/** SPEC §2.12 My Courses: opening a course stores its id and opens the course view. */
export const MyCoursesPage = () => {
  const navigate = useNavigate();
  return (
    <Screen texts="learning.learningRoutes.myCourses">
      <AssignedCourses
        browsePath={paths.students.courses}
        onSelect={(courseId) => {
          storage.set('courseId', courseId);
          void navigate(`${paths.students.takeCourse}?id=${courseId}`);
        }}
      />
    </Screen>
  );
};
