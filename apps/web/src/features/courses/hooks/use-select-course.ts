import { ROLE } from '@skillwise/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

/**
 * SPEC §2.3: choosing a course stores its id, then opens /students for a signed-in student
 * and /courseDetail for anyone else. Inside the student area it opens the course in place. A course
 * detail's address carries the id too, so it can be shared or reloaded (DESIGN decision 9).
 */
export const getCourseDestination = (
  role: string | null,
  isInStudentArea: boolean,
  courseId: number,
): string => {
  if (isInStudentArea) return `${paths.students.courseDetails}?id=${courseId}`;
  return role === String(ROLE.STUDENT) ? paths.students.root : `${paths.courseDetail}?id=${courseId}`;
};

/** A stored or linked course id, or null when it is missing or not a positive integer. */
export const parseCourseId = (raw: string | null): number | null => {
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const useSelectCourse = ({ isInStudentArea = false }: { isInStudentArea?: boolean } = {}) => {
  const navigate = useNavigate();
  return useCallback(
    (courseId: number) => {
      storage.set('courseId', courseId);
      const destination = getCourseDestination(storage.get('currentUserRole'), isInStudentArea, courseId);
      // /students swaps its content to the chosen course (SPEC §2.3); its own links still list courses.
      void navigate(destination, destination === paths.students.root ? { state: { openCourse: true } } : {});
    },
    [navigate, isInStudentArea],
  );
};
