import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AssignedCourses } from '@/features/courses/components/assigned-courses';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

/** SPEC §2.12 My Courses: opening a course stores its id and opens the course view. */
export const MyCoursesPage = () => {
  const t = useT();
  usePageTitle(t('learning.learningRoutes.myCourses.title'));
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('learning.learningRoutes.myCourses.title')}
        description={t('learning.learningRoutes.myCourses.description')}
      />
      <AssignedCourses
        browsePath={paths.students.courses}
        onSelect={(courseId) => {
          storage.set('courseId', courseId);
          void navigate(`${paths.students.takeCourse}?id=${courseId}`);
        }}
      />
    </>
  );
};
