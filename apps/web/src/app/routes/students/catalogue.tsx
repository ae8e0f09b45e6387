import { PAGE_SIZE_MAX } from '@skillwise/contracts';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Screen } from '@/components/ui/page-header';
import { useAssignedCourses } from '@/features/courses/api/courses';
import { CourseCatalogue } from '@/features/courses/components/course-catalogue';
import { useCatalogueFilters } from '@/features/courses/hooks/use-catalogue-filters';
import { parseCourseId, useSelectCourse } from '@/features/courses/hooks/use-select-course';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { useUrlListState } from '@/lib/paging';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { CourseDetailScreen } from '../site/course-detail';

/** Set by a course chosen on the public pages (SPEC §2.3): /students then shows that course in place. */
const opensCourse = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { openCourse?: unknown }).openCourse === true;

/** The ids of the student's own courses (the largest page of them), to mark them in the catalogue. */
const useOwnedCourseIds = (): ReadonlySet<number> => {
  const owned = useAssignedCourses(storage.get('userId') ?? '', { page: 1, pageSize: PAGE_SIZE_MAX });
  return useMemo(() => new Set((owned.data?.rows ?? []).map((course) => course.course_Id)), [owned.data]);
};

/**
 * SPEC §2.12: Courses, the same catalogue as /courses. A course the student owns says 'Go to course'
 * and opens the course itself.
 */
export const StudentCataloguePage = () => {
  const t = useT();
  const { state } = useLocation();
  const navigate = useNavigate();
  const list = useUrlListState();
  const filters = useCatalogueFilters();
  const selectCourse = useSelectCourse({ isInStudentArea: true });
  const ownedIds = useOwnedCourseIds();
  const chosenCourse = parseCourseId(storage.get('courseId'));
  const showsCourse = opensCourse(state) && chosenCourse !== null;
  // The course shown in place names the page itself.
  usePageTitle(showsCourse ? null : t('learning.learningRoutes.catalogue.title'));
  if (showsCourse) {
    return <CourseDetailScreen courseId={chosenCourse} browsePath={paths.students.courses} />;
  }
  return (
    <Screen texts="learning.learningRoutes.catalogue">
      <CourseCatalogue
        list={list}
        filters={filters}
        ownedIds={ownedIds}
        onSelect={(courseId) => {
          if (!ownedIds.has(courseId)) return selectCourse(courseId);
          storage.set('courseId', courseId);
          void navigate(`${paths.students.takeCourse}?id=${courseId}`);
        }}
      />
    </Screen>
  );
};
