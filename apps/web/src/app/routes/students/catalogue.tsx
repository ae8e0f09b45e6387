import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { CourseCatalogue } from '@/features/courses/components/course-catalogue';
import { parseCourseId, useSelectCourse } from '@/features/courses/hooks/use-select-course';
import { useUrlListState } from '@/lib/paging';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { CourseDetailScreen } from '../site/course-detail';

/** Set by a course chosen on the public pages (SPEC §2.3): /students then shows that course in place. */
const opensCourse = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { openCourse?: unknown }).openCourse === true;

/** SPEC §2.12: Courses, the same catalogue as /courses. */
export const StudentCataloguePage = () => {
  const { state } = useLocation();
  const list = useUrlListState();
  const selectCourse = useSelectCourse({ isInStudentArea: true });
  const chosenCourse = parseCourseId(storage.get('courseId'));
  if (opensCourse(state) && chosenCourse !== null) {
    return <CourseDetailScreen courseId={chosenCourse} browsePath={paths.students.courses} />;
  }
  return (
    <>
      <PageHeader title="Courses" description="Browse the catalogue and find your next course." />
      <CourseCatalogue list={list} onSelect={selectCourse} />
    </>
  );
};
